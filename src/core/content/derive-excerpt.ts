// An excerpt for a text whose writer wrote none, made from its lead paragraphs (chosen by
// core/markdown/lead-paragraphs.ts): cards, the meta description, feeds and search
// results need a few lines. The first paragraph alone when it says enough, the next ones
// added while it is too short.
//
// Length is measured in columns, as a card sets it: a Chinese character (or a full-width
// mark) is two, a Latin letter one, so one limit fits both languages and a text mixing them:
// at most 220 columns (110 Chinese characters, or some 35 English words), and a cut is
// never made before 80. The cut falls at the last sentence end in reach (。！？ and . ! ?
// followed by a space, closing quotes kept with their sentence, "e.g." and initials not
// taken for an end); else at a phrase mark (，、；：, ; :) late in reach, else between
// words (a space, or between two Chinese characters, never inside a Latin word), with an
// ellipsis.

export const excerptColumns = { max: 220, min: 80 } as const;

const wide = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}\u3000-\u303F\uFF01-\uFF60\uFFE0-\uFFE6]/u;
const closing = new Set([...'”’」』）)]》〉"\'']);
const wideStops = new Set([...'。！？']);
const narrowStops = new Set([...'.!?']);
const phraseMarks = new Set([...'，、；：,;:—']);
/** Words before a full stop that do not end a sentence. */
const abbreviations = new Set(['mr', 'mrs', 'ms', 'dr', 'st', 'vs', 'etc', 'no', 'fig', 'cf', 'jr', 'sr', 'prof', 'vol', 'p', 'pp', 'ed']);

const columnsOf = (char: string) => (wide.test(char) ? 2 : 1);

/** The hand-written excerpt when there is one, else the derived one: what readers get. */
export function excerptOrDerived(excerpt: string, derived: string | null | undefined): string {
  return excerpt.trim() !== '' ? excerpt : (derived ?? '');
}

export function deriveExcerpt(paragraphs: readonly string[]): string {
  let text = '';
  let columns = 0;
  for (const paragraph of paragraphs) {
    if (columns >= excerptColumns.min) break;
    text = joinParagraphs(text, paragraph);
    columns = measure(text, excerptColumns.max + 1);
  }
  if (columns <= excerptColumns.max) return text;
  const chars = charsWithin(text, excerptColumns.max);
  const inReach = chars.join('').length;
  const end = lastSentenceEnd(chars, text.codePointAt(inReach) === undefined ? undefined : String.fromCodePoint(text.codePointAt(inReach)!));
  if (end > 0) return chars.slice(0, end).join('').trim();
  return `${chars.slice(0, phraseCut(chars)).join('').replace(/[\s,，、;；:：—–\-“‘「『（(《〈]+$/u, '')}…`;
}

/** Two paragraphs as one line: a space between Latin words, nothing between Chinese sentences. */
function joinParagraphs(before: string, after: string): string {
  if (!before) return after;
  const last = before.at(-1)!;
  return wide.test(last) || wide.test(after[0] ?? '') ? before + after : `${before} ${after}`;
}

/** Columns of `text`, counting no further than `limit`. */
function measure(text: string, limit: number): number {
  let columns = 0;
  for (const char of text) {
    columns += columnsOf(char);
    if (columns > limit) break;
  }
  return columns;
}

/** The characters of `text` that fit in `max` columns, with room left for the ellipsis. */
function charsWithin(text: string, max: number): string[] {
  const chars: string[] = [];
  let columns = 0;
  for (const char of text) {
    columns += columnsOf(char);
    if (columns > max) break;
    chars.push(char);
  }
  return chars;
}

/** Columns of the first `count` characters. */
function widthOf(chars: readonly string[], count: number): number {
  let columns = 0;
  for (let i = 0; i < count; i++) columns += columnsOf(chars[i]!);
  return columns;
}

/**
 * Where the last sentence in reach ends (an index into `chars`, after its closing marks),
 * or -1. `following` is the character after the last one in reach.
 */
function lastSentenceEnd(chars: readonly string[], following: string | undefined): number {
  let best = -1;
  for (let i = 0; i < chars.length; i++) {
    const char = chars[i]!;
    const isWideStop = wideStops.has(char);
    if (!isWideStop && !narrowStops.has(char)) continue;
    let end = i + 1;
    while (end < chars.length && closing.has(chars[end]!)) end++;
    const next = end < chars.length ? chars[end] : following;
    // A full stop ends a sentence before a space or a Chinese character, not inside "Next.js" or "3.5".
    if (!isWideStop && next !== undefined && !/\s/.test(next) && !wide.test(next)) continue;
    if (char === '.' && isAbbreviation(chars, i)) continue;
    if (widthOf(chars, end) >= excerptColumns.min) best = end;
  }
  return best;
}

/** "e.g.", "U.S.", "Dr." or an initial: a full stop that belongs to its word. */
function isAbbreviation(chars: readonly string[], stop: number): boolean {
  let start = stop;
  while (start > 0 && /[\p{L}.]/u.test(chars[start - 1]!)) start--;
  const word = chars.slice(start, stop).join('');
  return word.includes('.') || abbreviations.has(word.toLowerCase()) || /^\p{Lu}$/u.test(word);
}

/** Where to cut when no sentence ends in reach: after a phrase mark late enough, else between words. */
function phraseCut(chars: readonly string[]): number {
  // Room for the ellipsis.
  const limit = chars.length - 1;
  const late = excerptColumns.max * 0.75;
  let phrase = -1;
  let word = -1;
  let columns = 0;
  for (let i = 0; i < limit; i++) {
    columns += columnsOf(chars[i]!);
    const char = chars[i]!;
    const next = chars[i + 1]!;
    if (phraseMarks.has(char) && columns >= late) phrase = i + 1;
    if ((/\s/.test(next) || wide.test(char) || wide.test(next)) && columns >= excerptColumns.min) word = i + 1;
  }
  if (phrase > 0) return phrase;
  if (word > 0) return word;
  // One word longer than the excerpt (an address): cut it.
  return limit;
}
