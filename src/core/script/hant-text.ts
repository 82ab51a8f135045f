// Converting a run of Chinese text to Traditional characters while leaving alone the names
// the glossary marks "do not translate" (a product or a person written one way only). The
// converter itself (OpenCC's phrase dictionaries) is handed in: loading it is the server's
// business (server-entry/traditional.ts), and tests pass a small one.

/** Simplified text in, Traditional text out, phrase by phrase. */
export type TextConverter = (text: string) => string;

/** A character OpenCC might change: the CJK ideographs (basic, extension A, compatibility, supplementary). */
const hanCharacter = /[\u3400-\u9fff\uf900-\ufaff\u{20000}-\u{3134f}]/u;

export function hasHan(text: string): boolean {
  return hanCharacter.test(text);
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/**
 * `convert`, but never inside one of `keep`: the text is cut around every occurrence of a
 * kept name (the longest first where two overlap) and only the pieces between are
 * converted. Text without a Chinese character is returned untouched, unread by OpenCC.
 */
export function protectNames(convert: TextConverter, keep: readonly string[]): TextConverter {
  const names = [...new Set(keep.map((k) => k.trim()).filter((k) => k !== '' && hasHan(k)))].sort((a, b) => b.length - a.length);
  const pattern = names.length > 0 ? new RegExp(names.map(escapeRegExp).join('|'), 'gu') : null;
  return (text) => {
    if (!hasHan(text)) return text;
    if (!pattern) return convert(text);
    let out = '';
    let from = 0;
    for (const match of text.matchAll(pattern)) {
      out += convert(text.slice(from, match.index)) + match[0];
      from = match.index + match[0].length;
    }
    return out + convert(text.slice(from));
  };
}

/** What converting a page needs: text of running prose, with the glossary's names protected. */
export interface HantConversion {
  convertText: TextConverter;
}
