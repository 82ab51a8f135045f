// Puts a space where Chinese or Japanese meets Latin letters or digits ("用Next.js部署"
// → "用 Next.js 部署"), the house rule for mixed text. Spaces are real characters, so
// they survive copying and browsers without `text-autospace`.

// Han, kana and bopomofo, plus the katakana length mark ー, which Unicode files as Common.
const cjk = '\\p{Script=Han}\\p{Script=Hiragana}\\p{Script=Katakana}\\p{Script=Bopomofo}\\u30FC';
// Letters of alphabetic scripts and ASCII digits. Full-width forms (Ａ, １) are excluded:
// they are designed to sit inside CJK text without a gap.
const alnum = '\\p{Script=Latin}\\p{Script=Greek}\\p{Script=Cyrillic}0-9';
const fullWidthForms = /[\uFF00-\uFFEF]/u;
// Symbols that end a number ("100%", "90°", "37℃") belong to it: a space goes after
// them, before the CJK text, and never between the number and the symbol.
const trailingSymbols = '%°℃℉‰′″';
// A currency sign starts a figure ("花了$100").
const leadingSymbols = '$€£';

const isCjkChar = new RegExp(`^[${cjk}]$`, 'u');
const canPrecedeCjk = new RegExp(`^[${alnum}${trailingSymbols}]$`, 'u');
const canFollowCjk = new RegExp(`^[${alnum}${leadingSymbols}]$`, 'u');

const cjkThenLatin = new RegExp(`([${cjk}])(?=[${alnum}${leadingSymbols}])`, 'gu');
const latinThenCjk = new RegExp(`([${alnum}${trailingSymbols}])(?=[${cjk}])`, 'gu');

/** Inserts a space between CJK characters and adjacent Latin letters, digits or unit symbols. */
export function spaceCjkLatin(text: string): string {
  return text
    .replace(cjkThenLatin, (match, _ch: string, offset: number, whole: string) =>
      isFullWidth(whole, offset + match.length) ? match : `${match} `,
    )
    .replace(latinThenCjk, (match, _ch: string, offset: number, whole: string) =>
      isFullWidth(whole, offset) ? match : `${match} `,
    );
}

/**
 * Whether a space belongs between the last character of one piece of text and the first
 * of the next: the rule of spaceCjkLatin across element boundaries ("用<a>Next.js</a>").
 */
export function needsCjkLatinSpace(before: string, after: string): boolean {
  const a = lastChar(before);
  const b = firstChar(after);
  if (!a || !b || fullWidthForms.test(a) || fullWidthForms.test(b)) return false;
  return (isCjkChar.test(a) && canFollowCjk.test(b)) || (canPrecedeCjk.test(a) && isCjkChar.test(b));
}

function isFullWidth(text: string, index: number): boolean {
  const ch = text.codePointAt(index);
  return ch !== undefined && fullWidthForms.test(String.fromCodePoint(ch));
}

function firstChar(text: string): string | undefined {
  const code = text.codePointAt(0);
  return code === undefined ? undefined : String.fromCodePoint(code);
}

function lastChar(text: string): string | undefined {
  return Array.from(text.slice(-2)).at(-1);
}
