// The letters standing in for an author who has no picture: a Chinese name's first
// character (the family name), a Latin name's first and last initials ("Sam Porter" → "SP").
const segmenter = new Intl.Segmenter(undefined, { granularity: 'grapheme' });

function firstGrapheme(text: string): string {
  for (const { segment } of segmenter.segment(text)) return segment;
  return '';
}

/** One or two letters for `name`; '' when it has none worth showing. */
export function monogramOf(name: string): string {
  const words = name.normalize('NFC').split(/[\s·・.\-_]+/u).filter((word) => /[\p{L}\p{N}]/u.test(word));
  const first = words[0];
  if (!first) return '';
  const initial = firstGrapheme(first);
  // Han, kana and hangul names read by their first character alone.
  if (/[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}]/u.test(initial)) return initial;
  const last = words.length > 1 ? firstGrapheme(words.at(-1)!) : '';
  return (initial + last).toLocaleUpperCase();
}
