// How much there is to read, by script: Chinese is read by character and English by
// word, so each is counted on its own. Shared by the stored reading time (reading-time.ts)
// and the editor's live counts, which cannot load the Markdown parser for it.

/** Han characters per minute; the figure Hugo uses for CJK text. */
const hanPerMinute = 500;
/** Latin-script words per minute. */
const wordsPerMinute = 230;
/** A reader pauses on a picture for about this long. */
const secondsPerImage = 10;

// Kana and Hangul are read at the CJK rate too (as Hugo does), so they count with Han.
const cjkChar = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}]/gu;
// A word may hold inner apostrophes, dots, hyphens and underscores: "it's", "Next.js",
// "read-only" and "snake_case" are each one word to a reader.
const latinWord = /[\p{L}\p{N}\p{M}]+(?:['’._-][\p{L}\p{N}\p{M}]+)*/gu;

export interface ReadingUnits {
  hanChars: number;
  latinWords: number;
}

/** Counts CJK characters and the words of every other script in plain text. */
export function countReadingUnits(text: string): ReadingUnits {
  const hanChars = text.match(cjkChar)?.length ?? 0;
  const latinWords = text.replace(cjkChar, ' ').match(latinWord)?.length ?? 0;
  return { hanChars, latinWords };
}

/** Whole minutes for this much text and this many pictures, at least 1. */
export function minutesFor({ hanChars, latinWords }: ReadingUnits, images: number): number {
  const minutes = hanChars / hanPerMinute + latinWords / wordsPerMinute + (images * secondsPerImage) / 60;
  return Math.max(1, Math.round(minutes));
}
