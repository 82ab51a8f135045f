// The snippet under a search result: about 160 characters of plain text around the first
// place a query word occurs, HTML-escaped, with each occurrence in <mark>. Words are
// found the way the index found them (same folding, same stems), so "translations"
// marks "translating" and a full-width ＪＳ marks as js.
import { isIndexedPhrase } from './glossary';
import { normalizeForSearch, segmentPattern, wordToken, type QueryTerm } from './tokenize';

export interface SnippetOptions {
  /** Characters of text shown, about. */
  length?: number;
}

type Span = [start: number, end: number];

const contextBefore = 0.3;
const breakable = /[\s,.;:!?，。；：！？、）)]/;

/**
 * A snippet from the first text in which a query word occurs (the body, then the
 * excerpt, say); with no occurrence anywhere, the start of the first non-empty text.
 */
export function highlightSnippet(texts: string[], terms: QueryTerm[], options: SnippetOptions = {}): string {
  const length = options.length ?? 160;
  for (const raw of texts) {
    const text = raw.replace(/\s+/g, ' ').trim();
    const spans = findSpans(text, terms, length);
    if (spans.length > 0) return render(text, spans, length);
  }
  const first = texts.map((t) => t.replace(/\s+/g, ' ').trim()).find((t) => t !== '') ?? '';
  return render(first, [], length);
}

/**
 * Where query words occur in `text`, as sorted, merged ranges of the original string.
 * With `within`, scanning stops that many characters after the first occurrence: a
 * snippet needs no more, and a result page cuts ten of them.
 */
export function findSpans(text: string, terms: QueryTerm[], within = Infinity): Span[] {
  if (terms.length === 0 || text === '') return [];
  const { folded, origin } = fold(text);
  const toOriginal = (start: number, end: number): Span => [origin[start]!, end >= origin.length - 1 ? text.length : origin[end]!];

  // Glossary alternatives are marked too: for 双语, the 两种语言 the text actually says;
  // an English phrase ("two languages") only where its words stand together, as indexed.
  const phrases = terms.flatMap((t) => t.alternatives.filter(isIndexedPhrase)).map((phrase) => phrase.map((t) => t.term));
  const every = terms
    .flatMap((t) => [t, ...t.alternatives.filter((a) => !isIndexedPhrase(a)).flat()])
    .flatMap((t) => (t.term.includes(' ') ? t.parts.map(asTerm) : [t]));
  const words = new Set(every.map((t) => t.term));
  // A stem differs from its words at most in its last letter (study → studi), so a word
  // that does not start like some stem need not be stemmed.
  const stemHeads = [...words, ...phrases.flat()].map((w) => w.slice(0, Math.max(1, w.length - 1)));
  const hanTerms = every.filter((t) => /^\p{Script=Han}+$/u.test(t.term));
  const spans: Span[] = [];
  // The last few words, for phrases; a Han run in between breaks them.
  let recent: Array<{ token: string; start: number }> = [];
  let stopAt = Infinity;
  for (const match of folded.matchAll(segmentPattern)) {
    const start = match.index;
    if (start > stopAt) break;
    if (match[2] !== undefined) {
      const word = match[2];
      const token = stemHeads.some((head) => word.startsWith(head)) ? wordToken(word) : '';
      const end = start + word.length;
      if (words.has(token)) spans.push(toOriginal(start, end));
      recent = [...recent.slice(-3), { token, start }];
      for (const phrase of phrases) {
        const run = recent.slice(-phrase.length);
        if (run.length === phrase.length && run.every((w, k) => w.token === phrase[k])) spans.push(toOriginal(run[0]!.start, end));
      }
    } else {
      recent = [];
      for (const term of hanTerms) spans.push(...occurrences(match[1]!, term.term).map(([s, e]) => toOriginal(start + s, start + e)));
    }
    if (spans.length > 0 && stopAt === Infinity) stopAt = start + within;
  }
  // A long Chinese word found only through its character pairs: mark the pairs.
  if (spans.length === 0) {
    for (const match of folded.matchAll(segmentPattern)) {
      if (match[1] === undefined) continue;
      for (const part of hanTerms.flatMap((t) => t.parts)) {
        spans.push(...occurrences(match[1], part).map(([s, e]) => toOriginal(match.index + s, match.index + e)));
      }
    }
  }
  return merge(spans);
}

// What each non-ASCII character folds to, remembered: a text repeats the same few
// hundred characters, and String.prototype.normalize is slow one character at a time.
const foldedChars = new Map<number, string>();

/** The text folded code point by code point, with where each folded unit came from. */
function fold(text: string): { folded: string; origin: number[] } {
  const pieces: string[] = [];
  const origin: number[] = [];
  for (let i = 0; i < text.length; ) {
    const codePoint = text.codePointAt(i)!;
    let piece: string;
    if (codePoint < 0x80) piece = codePoint >= 0x41 && codePoint <= 0x5a ? String.fromCharCode(codePoint + 32) : text[i]!;
    else {
      piece = foldedChars.get(codePoint) ?? normalizeForSearch(String.fromCodePoint(codePoint));
      if (foldedChars.size < 20_000) foldedChars.set(codePoint, piece);
    }
    pieces.push(piece);
    for (let k = 0; k < piece.length; k += 1) origin.push(i);
    i += codePoint > 0xffff ? 2 : 1;
  }
  origin.push(text.length);
  return { folded: pieces.join(''), origin };
}

function asTerm(token: string): QueryTerm {
  return { term: token, parts: [], alternatives: [] };
}

function occurrences(haystack: string, needle: string): Span[] {
  const found: Span[] = [];
  for (let i = haystack.indexOf(needle); i !== -1; i = haystack.indexOf(needle, i + needle.length)) found.push([i, i + needle.length]);
  return found;
}

function merge(spans: Span[]): Span[] {
  const sorted = [...spans].sort((a, b) => a[0] - b[0] || a[1] - b[1]);
  const merged: Span[] = [];
  for (const span of sorted) {
    const last = merged.at(-1);
    if (last && span[0] <= last[1]) last[1] = Math.max(last[1], span[1]);
    else merged.push([...span]);
  }
  return merged;
}

function render(text: string, spans: Span[], length: number): string {
  const [start, end] = window(text, spans[0], length);
  let html = start > 0 ? '…' : '';
  let at = start;
  for (const [s, e] of spans) {
    if (e <= start || s >= end) continue;
    const from = Math.max(s, start);
    const to = Math.min(e, end);
    html += `${escapeHtml(text.slice(at, from))}<mark>${escapeHtml(text.slice(from, to))}</mark>`;
    at = to;
  }
  html += escapeHtml(text.slice(at, end));
  return end < text.length ? `${html}…` : html;
}

/** The shown range: some context before the first match, cut at a space or punctuation where one is near. */
function window(text: string, first: Span | undefined, length: number): Span {
  if (text.length <= length) return [0, text.length];
  let start = first ? Math.max(0, Math.min(first[0] - Math.round(length * contextBefore), text.length - length)) : 0;
  if (start > 0) {
    const cut = nearBreak(text, start, first ? first[0] : start + 20, 1);
    start = cut ?? start;
  }
  let end = Math.min(text.length, start + length);
  if (end < text.length) {
    const cut = nearBreak(text, end, Math.max(start + length - 30, first ? first[1] : start), -1);
    end = cut ?? end;
  }
  return [avoidSplitPair(text, start), avoidSplitPair(text, end)];
}

/** The position just after a break between `from` and `limit` (walking in `step`), if any. */
function nearBreak(text: string, from: number, limit: number, step: 1 | -1): number | null {
  for (let i = from; step > 0 ? i < limit : i > limit; i += step) {
    if (breakable.test(text[step > 0 ? i : i - 1]!)) return step > 0 ? i + 1 : i;
  }
  return null;
}

function avoidSplitPair(text: string, index: number): number {
  const code = text.charCodeAt(index);
  return code >= 0xdc00 && code <= 0xdfff ? index - 1 : index;
}

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);
}
