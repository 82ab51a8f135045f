// Estimates how long a post takes to read, shown beside its title and stored on the
// translation. Chinese is read by character and English by word, so each script is
// counted on its own and the times are added.

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

/** Whole minutes to read a Markdown body, at least 1. */
export function readingMinutes(markdown: string): number {
  const { text, images } = stripMarkdown(markdown);
  const { hanChars, latinWords } = countReadingUnits(text);
  const minutes = hanChars / hanPerMinute + latinWords / wordsPerMinute + (images * secondsPerImage) / 60;
  return Math.max(1, Math.round(minutes));
}

/**
 * Reduces Markdown to the words a reader reads. Regex-based on purpose: the seed script
 * and the editor call this on every save, and an estimate does not need a full parse.
 * Code is kept (readers do read it); URLs and syntax are not.
 */
function stripMarkdown(markdown: string): { text: string; images: number } {
  let text = markdown.replace(/\r\n?/g, '\n');
  text = text.replace(/^\uFEFF?---\n[\s\S]*?\n---[ \t]*(?:\n|$)/, '');

  let images = 0;
  // Images first, so their alt text and URL are not mistaken for a link below.
  text = text.replace(/!\[[^\]\n]*\]\([^)\n]*\)|!\[[^\]\n]*\]\[[^\]\n]*\]/g, () => {
    images += 1;
    return ' ';
  });
  text = text.replace(/<img\b[^>]*>/gi, () => {
    images += 1;
    return ' ';
  });

  text = text
    // Fences and their info strings; the code between them stays.
    .replace(/^[ \t]*(?:`{3,}|~{3,}).*$/gm, ' ')
    // Link reference definitions and footnote markers.
    .replace(/^[ \t]*\[[^\]\n]+\]:[ \t]*\S+.*$/gm, (line) => (line.trimStart().startsWith('[^') ? line.replace(/^[ \t]*\[\^[^\]]+\]:/, ' ') : ' '))
    .replace(/\[\^[^\]\s]+\]/g, ' ')
    // Links keep their text, lose their target.
    .replace(/\[([^\]\n]*)\]\([^)\n]*\)/g, '$1')
    .replace(/\[([^\]\n]*)\]\[[^\]\n]*\]/g, '$1')
    .replace(/<(?:https?:\/\/|mailto:)[^>\s]+>/gi, ' ')
    .replace(/\b(?:https?:\/\/|www\.)[^\s<>()\u3000-\u303f\uff00-\uffef]+/gi, ' ')
    // HTML tags and comments.
    .replace(/<!--[\s\S]*?-->/g, ' ')
    .replace(/<\/?[A-Za-z][^>]*>/g, ' ')
    // Block syntax: headings, quotes, list markers, rules, table pipes and alignment rows.
    .replace(/^[ \t]*#{1,6}[ \t]+/gm, '')
    .replace(/^[ \t]*(?:>[ \t]?)+/gm, '')
    .replace(/^[ \t]*(?:[-*+]|\d+[.)])[ \t]+(?:\[[ xX]\][ \t]+)?/gm, '')
    .replace(/^[ \t]*(?:[-*_][ \t]*){3,}$/gm, ' ')
    .replace(/^[ \t]*\|?[ \t]*:?-{3,}:?[ \t]*(?:\|[ \t]*:?-{3,}:?[ \t]*)*\|?[ \t]*$/gm, ' ')
    .replace(/\|/g, ' ')
    // Inline emphasis, strike and code marks.
    .replace(/[*_~`]+/g, ' ');

  return { text, images };
}
