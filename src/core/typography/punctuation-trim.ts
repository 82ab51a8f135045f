// Punctuation compression (标点挤压): a full-width Chinese mark is a glyph set in half of
// its em box plus half an em of blank, and two marks in a row (。」 」， （「) would show a
// whole em of blank between them, a hole in the line. A typesetter takes the blank of
// one of the two away, as CSS `text-spacing-trim` does in the browsers that have it. This
// is the rule for the others: which marks of a text lose their blank. The renderer wraps
// each of them in a span that the reading CSS sets with the font's `halt` feature
// (core/markdown/rehype-punctuation-trim.ts); the text itself is never changed.
//
// For Chinese text only: in English text a Chinese mark is a specimen, shown whole.
// Positions are those of Simplified Chinese faces, where ，。、：；！？ sit at the left
// of their box like the closing brackets, and the blank is on their right.

/** Opening brackets: their blank is on the left. */
const openingMarks = '（「『《〈【〔〖［｛｟';
/** Closing brackets and the marks set like them in Simplified Chinese: blank on the right. */
const closingMarks = '）」』》〉】〕〗］｝｠，。、：；！？';
/**
 * Curly quotes are shared with Latin text; in a Chinese text they are full-width marks
 * from the Chinese face (globals.css), and this rule is for Chinese texts only.
 */
const openingQuotes = '“‘';
const closingQuotes = '”’';
const opening = openingMarks + openingQuotes;
const closing = closingMarks + closingQuotes;

type MarkSide = 'opening' | 'closing';

function sideOf(char: string | undefined): MarkSide | null {
  if (char === undefined || char === '') return null;
  if (opening.includes(char)) return 'opening';
  if (closing.includes(char)) return 'closing';
  return null;
}

/**
 * The positions (UTF-16 indices; every mark is one unit) of the marks that give up their
 * blank: in a pair whose blanks face each other, the second when it opens (（「 ，「 」「,
 * so a line may still start flush with it), else the first (。」 」，). Chromium's
 * text-spacing-trim chooses the same, so the fallback sets a line as Chromium does. An
 * empty pair of brackets (「」) keeps its blanks outside, so neither loses one.
 */
export function trimmedMarkIndices(text: string): number[] {
  const indices: number[] = [];
  for (let i = 0; i + 1 < text.length; i++) {
    const first = sideOf(text[i]);
    if (first === null) continue;
    const second = sideOf(text[i + 1]);
    if (second === null) continue;
    if (second === 'opening') indices.push(i + 1);
    else if (first === 'closing') indices.push(i);
  }
  return indices;
}
