// What changed in a text between two revisions, for the translator of an outdated
// translation: a line diff of the Markdown source, and inside each changed line a word
// diff, where a word is one Han (or kana) character, or a run of other letters and digits;
// spaces and each punctuation mark are words of their own.
//
// Both levels use Myers' O(ND) diff (core/content/sequence-diff). The work is
// bounded by one budget per call: a pair of texts whose edit graph would need more (say,
// thousands of paragraphs shuffled) is shown as removed-then-added instead, so a
// diff never takes longer than the budget allows, whatever it is given. Only the part of
// a changed line around the change is split into words, so a one-word edit in a very long
// paragraph stays cheap.
import { diffSequences, internAll, REMOVED, SAME, type Budget } from './sequence-diff';

export type SegmentKind = 'same' | 'added' | 'removed';
export interface Segment {
  text: string;
  kind: SegmentKind;
}

export type DiffLineKind = 'same' | 'added' | 'removed' | 'changed';
/** `before` is the old line (same and removed words), `after` the new one (same and added words). */
export interface DiffLine {
  kind: DiffLineKind;
  before?: Segment[];
  after?: Segment[];
}

export interface DiffOptions {
  /** Steps of work allowed for the whole diff, lines and words together. */
  maxCost?: number;
}

/**
 * The work one diff may do, in steps of Myers' inner loop (each a few nanoseconds). A
 * bound on work rather than on time: what is left undone is shown as whole lines.
 */
export const defaultMaxCost = 10_000_000;

// Removed and added lines of one hunk are paired as "changed" only when this alike
// (Dice coefficient of character bigrams); a rewritten paragraph stays removed + added.
const minSimilarity = 0.4;
// Pairing by similarity compares every removed line with every added one of a hunk.
const maxPairingGrid = 2_500;
// Splitting a line into words (or bigrams) costs about this many steps of Myers per
// character, a changed line lineCost on top, and comparing bigrams compareCost each.
const costPerCharacter = 100;
const lineCost = 5_000;
const compareCost = 10;
// A long line is compared by its first and last this many characters only.
const similaritySample = 500;
// Characters on each side of a line's changed part that are still split into words.
const wordContext = 64;

/**
 * The lines of `after` against those of `before`, in reading order: unchanged, removed,
 * added, or changed (a removed line and the added line it became, with the words that
 * differ marked on each side). Joining each side's segments gives back its line exactly.
 */
export function diffText(before: string, after: string, options: DiffOptions = {}): DiffLine[] {
  const budget: Budget = { left: options.maxCost ?? defaultMaxCost };
  const oldLines = splitLines(before);
  const newLines = splitLines(after);
  const ids = new Map<string, number>();
  const ops = diffSequences(internAll(oldLines, ids), internAll(newLines, ids), budget);

  const lines: DiffLine[] = [];
  let i = 0;
  let j = 0;
  for (let at = 0; at < ops.length; ) {
    if (ops[at] === SAME) {
      const text = oldLines[i++]!;
      j++;
      at++;
      lines.push(sameLine(text));
      continue;
    }
    const removed: string[] = [];
    const added: string[] = [];
    for (; at < ops.length && ops[at] !== SAME; at++) {
      if (ops[at] === REMOVED) removed.push(oldLines[i++]!);
      else added.push(newLines[j++]!);
    }
    lines.push(...diffHunk(removed, added, budget));
  }
  return lines;
}

/** An unchanged line; its two sides share one (read-only) segment list. */
function sameLine(text: string): DiffLine {
  const segments: Segment[] = [{ text, kind: 'same' }];
  return { kind: 'same', before: segments, after: segments };
}

/** The lines of a text without their line breaks (\n, \r\n or \r); no lines at all for ''. */
export function splitLines(text: string): string[] {
  return text === '' ? [] : text.split(/\r\n|\r|\n/);
}

/** Words as the word diff sees them; joined, they give back the line. */
export function tokenizeWords(line: string): string[] {
  return line.match(wordPattern) ?? [];
}

const wordPattern = new RegExp(
  [
    // An emoji with its modifiers and ZWJ partners, or a flag, stays whole.
    String.raw`\p{Extended_Pictographic}(?:\p{Emoji_Modifier}|\ufe0f|\u20e3|\u200d\p{Extended_Pictographic}\ufe0f?)*`,
    String.raw`\p{Regional_Indicator}{2}`,
    // One Han or kana character is a word: there are no spaces to find longer ones by.
    String.raw`[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}]\p{M}*`,
    String.raw`(?:(?![\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}])[\p{L}\p{N}\p{M}])+`,
    String.raw`\s+`,
    String.raw`[^][\p{M}\u200d]*`,
  ].join('|'),
  'gu',
);

/** One hunk of removed and added lines: pairs that are alike become changed lines. */
function diffHunk(removed: string[], added: string[], budget: Budget): DiffLine[] {
  const pairs = pairLines(removed, added, budget);
  const lines: DiffLine[] = [];
  let i = 0;
  let j = 0;
  for (const [pi, pj] of [...pairs, [removed.length, added.length] as const]) {
    for (; i < pi; i++) lines.push({ kind: 'removed', before: [{ text: removed[i]!, kind: 'removed' }] });
    for (; j < pj; j++) lines.push({ kind: 'added', after: [{ text: added[j]!, kind: 'added' }] });
    if (pi < removed.length && pj < added.length) {
      lines.push(diffLine(removed[pi]!, added[pj]!, budget));
      i++;
      j++;
    }
  }
  return lines;
}

/**
 * The word diff of one changed line. Only the part around the change is split into words
 * (from `wordContext` characters before the first difference to as many after the last),
 * so a small edit in a very long paragraph costs little; the rest is one unchanged run.
 */
function diffLine(before: string, after: string, budget: Budget): DiffLine {
  if (before === after) return sameLine(before);
  const prefix = commonPrefixLength(before, after);
  const suffix = commonSuffixLength(before, after, prefix);
  const start = snapBack(before, Math.max(0, prefix - wordContext));
  const endBefore = snapForward(before, Math.min(before.length, before.length - suffix + wordContext));
  const endAfter = after.length - (before.length - endBefore);
  const cost = lineCost + costPerCharacter * (endBefore - start + endAfter - start);
  if (cost > budget.left) {
    return { kind: 'changed', before: [{ text: before, kind: 'removed' }], after: [{ text: after, kind: 'added' }] };
  }
  budget.left -= cost;

  const oldWords = tokenizeWords(before.slice(start, endBefore));
  const newWords = tokenizeWords(after.slice(start, endAfter));
  const ids = new Map<string, number>();
  const ops = diffSequences(internAll(oldWords, ids), internAll(newWords, ids), budget);
  const head = before.slice(0, start);
  const beforeSegments: Segment[] = [];
  const afterSegments: Segment[] = [];
  pushSegment(beforeSegments, head, 'same');
  pushSegment(afterSegments, head, 'same');
  let i = 0;
  let j = 0;
  for (const op of ops) {
    if (op === SAME) {
      pushSegment(beforeSegments, oldWords[i++]!, 'same');
      pushSegment(afterSegments, newWords[j++]!, 'same');
    } else if (op === REMOVED) {
      pushSegment(beforeSegments, oldWords[i++]!, 'removed');
    } else {
      pushSegment(afterSegments, newWords[j++]!, 'added');
    }
  }
  const tail = before.slice(endBefore);
  pushSegment(beforeSegments, tail, 'same');
  pushSegment(afterSegments, tail, 'same');
  return { kind: 'changed', before: beforeSegments, after: afterSegments };
}

function commonPrefixLength(a: string, b: string): number {
  let n = 0;
  while (n < a.length && n < b.length && a.charCodeAt(n) === b.charCodeAt(n)) n++;
  return n;
}

/** Common end, not reaching into the common start. */
function commonSuffixLength(a: string, b: string, prefix: number): number {
  let n = 0;
  const limit = Math.min(a.length, b.length) - prefix;
  while (n < limit && a.charCodeAt(a.length - 1 - n) === b.charCodeAt(b.length - 1 - n)) n++;
  return n;
}

/** Whether `at` falls between the two halves of a surrogate pair. */
function isInsidePair(text: string, at: number): boolean {
  if (at <= 0 || at >= text.length) return false;
  const high = text.charCodeAt(at - 1);
  const low = text.charCodeAt(at);
  return high >= 0xd800 && high <= 0xdbff && low >= 0xdc00 && low <= 0xdfff;
}

const snapBack = (text: string, at: number) => (isInsidePair(text, at) ? at - 1 : at);
const snapForward = (text: string, at: number) => (isInsidePair(text, at) ? at + 1 : at);

function pushSegment(segments: Segment[], text: string, kind: SegmentKind): void {
  if (text === '') return;
  const last = segments.at(-1);
  if (last?.kind === kind) last.text += text;
  else segments.push({ text, kind });
}

/**
 * Which removed line became which added line, in order. Small hunks are paired by
 * similarity (a monotone matching of the most alike lines); big hunks, or when the budget
 * is spent, line by line in order.
 */
function pairLines(removed: string[], added: string[], budget: Budget): Array<readonly [number, number]> {
  const r = removed.length;
  const a = added.length;
  if (r === 0 || a === 0) return [];
  const inOrder = () => Array.from({ length: Math.min(r, a) }, (_, k) => [k, k] as const);
  if (r * a > maxPairingGrid) return inOrder();
  let removedCharacters = 0;
  let addedCharacters = 0;
  for (const line of removed) removedCharacters += Math.min(line.length, 2 * similaritySample);
  for (const line of added) addedCharacters += Math.min(line.length, 2 * similaritySample);
  const comparisons = Math.min(removedCharacters * a, addedCharacters * r);
  const cost = costPerCharacter * (removedCharacters + addedCharacters) + compareCost * comparisons;
  if (cost > budget.left) return inOrder();
  budget.left -= cost;

  const oldBigrams = removed.map(bigramsOf);
  const newBigrams = added.map(bigramsOf);
  // best[x][y]: the most similarity to be had pairing the first x removed with the first y added.
  const best = Array.from({ length: r + 1 }, () => new Float64Array(a + 1));
  const similarity = Array.from({ length: r }, (_, x) => newBigrams.map((bigrams) => dice(oldBigrams[x]!, bigrams)));
  for (let x = 1; x <= r; x++) {
    for (let y = 1; y <= a; y++) {
      const s = similarity[x - 1]![y - 1]!;
      const paired = s >= minSimilarity ? best[x - 1]![y - 1]! + s : -1;
      best[x]![y] = Math.max(best[x - 1]![y]!, best[x]![y - 1]!, paired);
    }
  }
  const pairs: Array<readonly [number, number]> = [];
  for (let x = r, y = a; x > 0 && y > 0; ) {
    const s = similarity[x - 1]![y - 1]!;
    if (s >= minSimilarity && best[x]![y] === best[x - 1]![y - 1]! + s) {
      pairs.push([x - 1, y - 1]);
      x--;
      y--;
    } else if (best[x]![y] === best[x - 1]![y]) {
      x--;
    } else {
      y--;
    }
  }
  return pairs.reverse();
}

/** Pairs of neighbouring UTF-16 units (as numbers: cheaper than strings), counted. */
function bigramsOf(whole: string): Map<number, number> {
  const line = whole.length > 2 * similaritySample ? whole.slice(0, similaritySample) + whole.slice(-similaritySample) : whole;
  const bigrams = new Map<number, number>();
  // A one-character line still has something to compare: its character, kept apart from bigrams.
  if (line.length === 1) bigrams.set(-1 - line.charCodeAt(0), 1);
  for (let k = 0; k + 1 < line.length; k++) {
    const bigram = line.charCodeAt(k) * 0x10000 + line.charCodeAt(k + 1);
    bigrams.set(bigram, (bigrams.get(bigram) ?? 0) + 1);
  }
  return bigrams;
}

function dice(a: Map<number, number>, b: Map<number, number>): number {
  let total = 0;
  let shared = 0;
  for (const count of a.values()) total += count;
  for (const count of b.values()) total += count;
  if (total === 0) return 1;
  const [small, large] = a.size <= b.size ? [a, b] : [b, a];
  for (const [bigram, count] of small) shared += Math.min(count, large.get(bigram) ?? 0);
  return (2 * shared) / total;
}
