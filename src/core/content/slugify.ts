// Turns a title into the URL slug of one language of a post. Chinese titles become
// toneless pinyin, one hyphen-free run per word as jieba cuts them (为什么 → weishenme,
// not wei-shen-me), so links stay readable (and typeable) anywhere; a slug an editor
// sets by hand may still be Unicode, which isValidSlug accepts.
import { pinyin } from 'pinyin-pro';
import { getJieba } from '@/core/text/jieba';
import type { Locale } from '@/core/locales';

const maxGeneratedLength = 80;
const maxSlugLength = 120;

const hanRun = /\p{Script=Han}+/gu;
// Latin letters that do not decompose into a base letter plus accents under NFD.
const latinFolds: Record<string, string> = { ß: 'ss', æ: 'ae', œ: 'oe', ø: 'o', đ: 'd', ð: 'd', ł: 'l', þ: 'th', ı: 'i' };

/** Lowercase letters, other letters (Han, kana…) and digits, in hyphen-separated runs. */
export const slugPattern = /^[\p{Ll}\p{Lo}\p{Nd}]+(?:-[\p{Ll}\p{Lo}\p{Nd}]+)*$/u;

/** A generated slug: ASCII, hyphenated, at most 80 characters; 'untitled' if nothing is left. */
export function slugify(title: string, locale: Locale): string {
  const withPinyin = title
    .normalize('NFKC')
    // `v: true` writes ü as v (lv, nv), the pinyin-keyboard spelling, so 绿 and 路 differ.
    .replace(hanRun, (run) => ` ${getJieba().cut(run, false).map((word) => pinyin(word, { toneType: 'none', type: 'array', v: true }).join('')).join(' ')} `);
  const ascii = withPinyin
    .toLocaleLowerCase(locale === 'zh' ? 'zh-CN' : 'en')
    .normalize('NFD')
    .replace(/\p{M}+/gu, '')
    .replace(/[ßæœøđðłþı]/g, (ch) => latinFolds[ch] ?? ch)
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
  return truncateAtHyphen(ascii, maxGeneratedLength) || 'untitled';
}

/** Whether a hand-set slug may be used: 1–120 characters of the slug pattern. */
export function isValidSlug(s: string): boolean {
  const length = [...s].length;
  return length >= 1 && length <= maxSlugLength && slugPattern.test(s);
}

function truncateAtHyphen(slug: string, max: number): string {
  if (slug.length <= max) return slug;
  const cut = slug.slice(0, max + 1);
  const lastHyphen = cut.lastIndexOf('-');
  // A single word longer than the limit is cut hard rather than dropped.
  return lastHyphen > 0 ? cut.slice(0, lastHyphen) : slug.slice(0, max);
}
