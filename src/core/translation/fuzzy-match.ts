// How alike two segments of the same language are, as a translation memory counts it: a
// percentage, 100 for the same text, "fuzzy" from 70. Chinese (and other CJK) text is
// compared character by character, other text word by word, after Markdown marks,
// punctuation and case are set aside. Inputs are capped (maxTokens) so one comparison is
// at most maxTokens² steps, and the n-gram keys let a store find candidates without
// comparing against every segment.

/** A segment longer than this many tokens is compared on its first maxTokens only. */
export const maxTokens = 200;
/** The lowest percentage offered as a fuzzy match. */
export const fuzzyThreshold = 70;

const cjk = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}]/u;
const tokenPattern = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}]|[\p{L}\p{N}]+(?:['’][\p{L}]+)*/gu;

/** The tokens compared: each CJK character, each word (lower case), without marks and punctuation. */
export function matchTokens(text: string): string[] {
  const tokens: string[] = [];
  // Link and image targets are addresses, not words a translator retypes.
  const words = text.length > 20_000 ? text.slice(0, 20_000) : text;
  for (const match of words.replace(/\]\([^)\s]*\)/g, ']').matchAll(tokenPattern)) {
    tokens.push(match[0].toLowerCase());
    if (tokens.length >= maxTokens) break;
  }
  return tokens;
}

/** Levenshtein distance over tokens, with two rows of memory. */
export function tokenDistance(a: readonly string[], b: readonly string[]): number {
  if (a.length === 0) return b.length;
  if (b.length === 0) return a.length;
  let previous = new Uint16Array(b.length + 1);
  let current = new Uint16Array(b.length + 1);
  for (let j = 0; j <= b.length; j += 1) previous[j] = j;
  for (let i = 1; i <= a.length; i += 1) {
    current[0] = i;
    const token = a[i - 1];
    for (let j = 1; j <= b.length; j += 1) {
      const substitution = previous[j - 1]! + (token === b[j - 1] ? 0 : 1);
      current[j] = Math.min(substitution, previous[j]! + 1, current[j - 1]! + 1);
    }
    [previous, current] = [current, previous];
  }
  return previous[b.length]!;
}

const normalizeSpace = (text: string) => text.replace(/\s+/g, ' ').trim();

/**
 * The match percentage of `candidate` for `query`: 100 only for the same text (spacing
 * aside), at most 99 when only marks or punctuation differ, else 100 × (1 − distance /
 * longer length) over tokens, rounded down.
 */
export function matchPercentage(query: string, candidate: string, queryTokens = matchTokens(query), candidateTokens = matchTokens(candidate)): number {
  if (normalizeSpace(query) === normalizeSpace(candidate)) return 100;
  const longer = Math.max(queryTokens.length, candidateTokens.length);
  if (longer === 0) return 0;
  // Lengths alone bound the score: skip the distance when it cannot reach the threshold.
  const shorter = Math.min(queryTokens.length, candidateTokens.length);
  if (Math.floor((100 * shorter) / longer) < fuzzyThreshold) return Math.floor((100 * shorter) / longer);
  const score = Math.floor(100 * (1 - tokenDistance(queryTokens, candidateTokens) / longer));
  return Math.min(score, 99);
}

/** Whether a text is mostly CJK (compared by characters), for choosing its index keys. */
export function isCjkToken(token: string): boolean {
  return cjk.test(token);
}

/**
 * The index keys of a text: CJK character bigrams and whole words. Two texts that match at
 * 70 % or more share keys, so a store looks candidates up by key instead of scanning.
 */
export function indexKeys(text: string, tokens = matchTokens(text)): string[] {
  const keys = new Set<string>();
  for (let i = 0; i < tokens.length; i += 1) {
    const token = tokens[i]!;
    if (isCjkToken(token)) {
      const next = tokens[i + 1];
      keys.add(next !== undefined && isCjkToken(next) ? token + next : token);
    } else keys.add(token);
  }
  return [...keys];
}
