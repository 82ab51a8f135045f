// Where a Chinese headline may break: between words, never inside one. Browsers break
// Chinese between any two characters, so a title like 中英文混排 can end a line on 中英
// and start the next with 文混排. Here jieba's words are grouped into phrases: the pieces
// a display heading is set in, with a line break allowed only between two of them
// (rendered as <wbr> under `word-break: keep-all`, components/site/phrased-text.tsx).
//
// jieba cuts finer than a reader would break, so its words are glued back where a
// break would look wrong: punctuation stays with its word (no line starts with ，or
// ends with 《), a particle stays after the word it belongs to (译了, not 译 / 了), a
// conjunction or preposition before its word (与断行, not 与 / 断行), a book title in
// 《》 stays whole, and runs of Latin letters and digits are left to the
// browser, which breaks them at their spaces. Every break this allows is one of jieba's.
import { getJieba } from '@/core/text/jieba';

/** Characters a line must not start with: closing marks and punctuation that follows a word. */
const noLineStart = /^[，。、：；！？）」』》〉】〕”’…·%,.;:!?)\]}%]/u;
/** Characters a line must not end with: opening marks. */
const noLineEnd = /[（「『《〈【〔“‘([{]$/u;
/** Single-character words that lean on the word before them. */
const particles = new Set(['的', '了', '着', '过', '地', '得', '们', '吗', '呢', '吧', '啊', '呀', '嘛', '么', '之']);
/** Single-character words that lean on the word after them: conjunctions, prepositions. */
const leaners = new Set(['与', '和', '及', '或', '跟', '把', '被', '从', '向', '对', '给', '在', '将', '由', '以']);
/** A book title longer than this may break inside its 《》 like any other text. */
const maxWholeBookTitle = 10;
const hanPattern = /\p{Script=Han}/u;
/** A character of a run that is neither Chinese nor space: Latin words, numbers, "Next.js". */
const latinPattern = /[^\s\p{Script=Han}\p{P}]|[.\-_/+#'&@]/u;

/** True when the text has Chinese characters, the only text that needs phrasing. */
export function hasHan(text: string): boolean {
  return hanPattern.test(text);
}

/** Whether a line may break between two neighbouring words. */
function canBreakBetween(before: string, after: string, isInsideBookTitle: boolean): boolean {
  if (isInsideBookTitle) return false;
  if (/\s$/u.test(before) || /^\s/u.test(after)) return false; // the space itself is a break
  if (noLineStart.test(after) || noLineEnd.test(before)) return false;
  if (particles.has(after) || leaners.has(before)) return false;
  return !(latinPattern.test(before.at(-1)!) && latinPattern.test(after[0]!));
}

/** Index ranges [open, close] of the words that make up short 《…》 titles. */
function findBookTitles(words: readonly string[]): Array<[number, number]> {
  const ranges: Array<[number, number]> = [];
  for (let open = 0; open < words.length; open++) {
    if (!words[open]!.endsWith('《')) continue;
    const close = words.findIndex((w, i) => i > open && w.startsWith('》'));
    if (close < 0) break;
    const length = words.slice(open + 1, close).join('').length;
    if (length <= maxWholeBookTitle) ranges.push([open, close]);
    open = close;
  }
  return ranges;
}

/**
 * Groups words (in order, together the whole text) into phrases: a line may break
 * between two phrases and nowhere else. Pure, so the rules are tested without jieba.
 */
export function groupPhrases(words: readonly string[]): string[] {
  const titles = findBookTitles(words);
  const phrases: string[] = [];
  words.forEach((word, i) => {
    if (word === '') return;
    const isInsideBookTitle = titles.some(([open, close]) => i > open && i <= close);
    if (phrases.length > 0 && !canBreakBetween(phrases.at(-1)!, word, isInsideBookTitle)) {
      phrases[phrases.length - 1] += word;
    } else {
      phrases.push(word);
    }
  });
  return phrases;
}

const memoLimit = 2000;
const memo = new Map<string, string[]>();

/**
 * The phrases of a Chinese display text (a title, a site's name), cut by jieba.
 * Remembered, because the same titles are set on every list page that shows them; the
 * memo forgets its oldest entry past a few thousand titles.
 */
export function splitPhrases(text: string): string[] {
  if (!hasHan(text)) return [text];
  const known = memo.get(text);
  if (known) return known;
  const phrases = groupPhrases(getJieba().cut(text, true));
  if (memo.size >= memoLimit) memo.delete(memo.keys().next().value!);
  memo.set(text, phrases);
  return phrases;
}
