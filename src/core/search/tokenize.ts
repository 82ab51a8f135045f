// The one tokenizer of search, used for the text that is indexed and for the words a
// reader types, so the two always meet. The database only stores and ranks the tokens.
//
// Text is folded with NFKC (full-width → half-width) and lower-cased. Then:
//  - Han runs are cut by jieba (search mode). The index holds every Han character and
//    every pair of neighbouring characters, plus jieba's words of three characters or
//    more; a word of one or two characters is already one of those, so nothing is counted
//    twice. A one-character query (书) finds any post that contains the character, and a
//    two-character word (出版) is found wherever it is written, however jieba cut the text
//    around it.
//  - Every other run of letters and digits is a word: "Next.js" → next, js; Latin words
//    lose their accents and are stemmed (translations → translat).
// Traditional characters are Han like any other and go through the same path.
import { getJieba } from '@/core/text/jieba';
import { stemEnglish } from './stem-english';

/**
 * A query word. A document matches it when it holds `term`, or all of `parts`, or all
 * the terms of one of the `alternatives` (other ways to say it, from the glossary).
 */
export interface QueryTerm {
  /** A token; or, for a phrase of the glossary, its words joined by spaces (not a token). */
  term: string;
  /**
   * For a Han word of three characters or more: its character pairs; for a phrase: its
   * words. Empty otherwise.
   */
  parts: string[];
  alternatives: QueryTerm[][];
}

// A word is letters, digits and marks of any script but Han, with inner apostrophes (it's).
const wordChar = String.raw`(?:(?!\p{Script=Han})[\p{L}\p{N}\p{M}])`;
export const segmentPattern = new RegExp(String.raw`(\p{Script=Han}+)|(${wordChar}+(?:['’]${wordChar}+)*)`, 'gu');
const latinOnly = /^[\p{Script=Latin}\p{M}\p{N}]+$/u;
const asciiWord = /^[a-z0-9]+$/;

/** NFKC and lower case: what every comparison in search starts from. */
export function normalizeForSearch(text: string): string {
  return text.normalize('NFKC').toLowerCase();
}

/** One word of a non-Han run as a token: possessive and apostrophes gone, accents off, stemmed. */
export function wordToken(word: string): string {
  let token = word.replace(/['’]s$/, '').replace(/['’]/g, '');
  if (latinOnly.test(token)) token = token.normalize('NFD').replace(/\p{M}/gu, '');
  return asciiWord.test(token) ? stemEnglish(token) : token;
}

type Segment = { han: string } | { word: string };

function* segments(text: string): Generator<Segment> {
  for (const match of normalizeForSearch(text).matchAll(segmentPattern)) {
    if (match[1] !== undefined) yield { han: match[1] };
    else if (match[2] !== undefined) {
      const token = wordToken(match[2]);
      if (token !== '') yield { word: token };
    }
  }
}

function pairs(han: string): string[] {
  const chars = Array.from(han);
  return chars.slice(0, -1).map((char, i) => char + chars[i + 1]);
}

/** The tokens of a text to index, in order; repeated tokens repeat (term frequency counts). */
export function tokenize(text: string): string[] {
  const tokens: string[] = [];
  for (const segment of segments(text)) {
    if ('word' in segment) {
      tokens.push(segment.word);
      continue;
    }
    const { han } = segment;
    tokens.push(...Array.from(han), ...pairs(han));
    if (han.length >= 3) {
      for (const word of getJieba().cutForSearch(han, true)) {
        if (Array.from(word).length >= 3) tokens.push(word);
      }
    }
  }
  return tokens;
}

/**
 * The words of a query, each of which a result must match. Han runs are cut like the
 * text; when jieba offers a long word and also the shorter words that make it up
 * (中文搜索 → 中文, 搜索, 中文搜索), the shorter ones are required, so 中文的搜索 matches too.
 */
export function tokenizeQuery(text: string): QueryTerm[] {
  const terms = new Map<string, QueryTerm>();
  for (const segment of segments(text)) {
    if ('word' in segment) {
      if (!terms.has(segment.word)) terms.set(segment.word, { term: segment.word, parts: [], alternatives: [] });
      continue;
    }
    for (const word of queryWords(segment.han)) {
      if (!terms.has(word)) terms.set(word, { term: word, parts: Array.from(word).length >= 3 ? pairs(word) : [], alternatives: [] });
    }
  }
  return [...terms.values()];
}

function queryWords(han: string): string[] {
  if (Array.from(han).length <= 2) return [han];
  const words = [...new Set(getJieba().cutForSearch(han, true))];
  const tiled = words.filter((word) => !(word.length > 2 && canTile(word, words.filter((w) => w.length < word.length))));
  return tiled.filter((word) => !tiled.some((other) => other !== word && other.includes(word)));
}

/** True when `word` is exactly a sequence of `pieces` (each usable any number of times). */
function canTile(word: string, pieces: string[]): boolean {
  const reachable = new Array<boolean>(word.length + 1).fill(false);
  reachable[0] = true;
  for (let i = 0; i < word.length; i += 1) {
    if (!reachable[i]) continue;
    for (const piece of pieces) if (word.startsWith(piece, i)) reachable[i + piece.length] = true;
  }
  return reachable[word.length]!;
}
