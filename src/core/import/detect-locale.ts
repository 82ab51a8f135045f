// Tells Chinese from English for texts whose source does not say which they are, and maps
// the language codes sources use (WordPress `zh_CN`, Hugo `zh-cn`, BCP 47 `zh-Hans`…) to
// Duet's two languages. Detection counts the text's own characters: Han characters
// against Latin letters, with code, URLs and markup left out because they are Latin in
// any language. A Chinese post full of English product names still counts as Chinese:
// one Han character carries about as much as a short English word.
import type { Locale } from '@/core/locales';

export interface DetectedLocale {
  locale: Locale;
  /** 0 (no evidence: an empty or symbol-only text) to 1 (unmistakable). */
  confidence: number;
}

/** Share of Han characters among Han characters and Latin letters above which a text is Chinese. */
export const chineseShare = 0.2;

const fence = /^ {0,3}(`{3,}|~{3,})/;
const inlineCode = /`[^`\n]{0,500}`/g;
const urls = /\b(?:https?:\/\/|www\.)[^\s)\]>"']{1,2000}/gi;
const tags = /<\/?[a-z][^<>]{0,500}>/gi;
const linkTargets = /\]\([^)\s]{0,2000}(?:\s"[^"]{0,500}")?\)/g;
const hanChar = /\p{Script=Han}/u;
const latinLetter = /\p{Script=Latin}/u;
const kanaOrHangul = /[\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}]/u;

/** The language of `text` (Markdown or plain) from its characters. */
export function detectLocale(text: string): DetectedLocale {
  const sample = stripNonProse(text.length > 200_000 ? text.slice(0, 200_000) : text);
  let han = 0;
  let latin = 0;
  let other = 0;
  for (const ch of sample) {
    if (hanChar.test(ch)) han++;
    else if (latinLetter.test(ch)) latin++;
    else if (kanaOrHangul.test(ch)) other++;
  }
  const letters = han + latin;
  if (letters === 0) return { locale: 'en', confidence: 0 };
  const share = han / letters;
  const locale: Locale = share >= chineseShare ? 'zh' : 'en';
  // Far from the threshold and with enough letters is sure; Japanese or Korean lowers it.
  const distance = locale === 'zh' ? (share - chineseShare) / (1 - chineseShare) : (chineseShare - share) / chineseShare;
  const amount = Math.min(1, letters / 40);
  const foreign = other / (letters + other);
  return { locale, confidence: round(Math.min(1, 0.5 + distance / 2) * amount * (1 - foreign)) };
}

function stripNonProse(text: string): string {
  return withoutFencedCode(text).replace(inlineCode, ' ').replace(linkTargets, ']').replace(urls, ' ').replace(tags, ' ');
}

function withoutFencedCode(text: string): string {
  const kept: string[] = [];
  let open: string | null = null;
  for (const line of text.split('\n')) {
    const marker = fence.exec(line)?.[1];
    if (open) {
      if (marker && marker[0] === open[0] && marker.length >= open.length && line.trim() === marker) open = null;
    } else if (marker) {
      open = marker;
    } else {
      kept.push(line);
    }
  }
  return kept.join('\n');
}

function round(value: number): number {
  return Math.round(value * 100) / 100;
}

/**
 * Duet's language for a source's language code, or null for any other language.
 * zh, zh_CN, zh-TW, zh-HK, zh-Hans, zh-Hant-TW, zho, chi → zh; en, en_US, en-GB, eng → en.
 */
export function mapLocaleCode(code: string | null | undefined): Locale | null {
  const primary = code?.trim().toLowerCase().split(/[-_]/)[0];
  if (primary === 'zh' || primary === 'zho' || primary === 'chi') return 'zh';
  if (primary === 'en' || primary === 'eng') return 'en';
  return null;
}

/** Whether `code` looks like a language code at all (so `#hidden` is not taken for one). */
export function isLanguageCode(code: string): boolean {
  return /^[a-z]{2,3}(?:[-_][a-z0-9]{2,8}){0,3}$/i.test(code.trim());
}

/**
 * Which Chinese a language code names: `traditional` for zh-TW, zh-HK, zh-MO and any
 * zh-Hant…; `simplified` for every other Chinese code (zh, zh-CN, zh-Hans, zh-SG); null
 * for a code that is not Chinese.
 */
export function chineseScript(code: string | null | undefined): 'simplified' | 'traditional' | null {
  if (mapLocaleCode(code) !== 'zh') return null;
  const parts = code!.trim().toLowerCase().split(/[-_]/).slice(1);
  if (parts.includes('hant') || parts.includes('tw') || parts.includes('hk') || parts.includes('mo')) return 'traditional';
  return 'simplified';
}

/**
 * A language Duet does not publish, told by its script: Japanese (kana) or Korean (hangul)
 * once they are a tenth of a text's letters. Han characters alone never count: they are
 * Chinese to the detector.
 */
export function detectOtherScript(text: string): 'ja' | 'ko' | null {
  const sample = stripNonProse(text.length > 200_000 ? text.slice(0, 200_000) : text);
  let letters = 0;
  let kana = 0;
  let hangul = 0;
  for (const ch of sample) {
    if (/[\p{Script=Hiragana}\p{Script=Katakana}]/u.test(ch)) kana++;
    else if (/\p{Script=Hangul}/u.test(ch)) hangul++;
    else if (hanChar.test(ch) || latinLetter.test(ch)) letters++;
  }
  const all = letters + kana + hangul;
  if (all === 0) return null;
  if (kana >= 5 && kana / all >= 0.1) return 'ja';
  if (hangul >= 5 && hangul / all >= 0.1) return 'ko';
  return null;
}
