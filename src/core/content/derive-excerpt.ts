// An excerpt for a post whose writer wrote none, made from the start of its plain text:
// cards, the meta description, feeds and search results need a few lines. Chinese is
// measured in characters, other scripts in letters, and the cut falls at the end of a
// sentence where one ends within reach, else between words, never inside one.
import type { Locale } from '@/i18n/routing';

/** Roughly two lines of a card in each script. */
const limits: Record<Locale, { max: number; min: number }> = {
  zh: { max: 110, min: 40 },
  en: { max: 220, min: 80 },
};

const sentenceEnd = /[。！？!?](?=[」』”’）)]*)|[.](?=\s)|[.]$/g;

export function deriveExcerpt(plainText: string, locale: Locale): string {
  // The first paragraphs, as one line of text.
  const text = plainText.replace(/\s*\n\s*/g, locale === 'zh' ? '' : ' ').replace(/\s{2,}/g, ' ').trim();
  const { max, min } = limits[locale];
  const chars = [...text];
  if (chars.length <= max) return text;
  const window = chars.slice(0, max).join('');
  let cut = -1;
  for (const match of window.matchAll(sentenceEnd)) {
    const end = match.index + match[0].length;
    // Keep closing quotes and brackets with their sentence.
    const closing = /^[」』”’）)]*/.exec(window.slice(end))![0].length;
    if ([...window.slice(0, end + closing)].length >= min) cut = end + closing;
  }
  if (cut > 0) return window.slice(0, cut).trim();
  // No sentence ends in reach: cut between words (or anywhere in Chinese) and mark it.
  const space = window.lastIndexOf(' ');
  const base = locale === 'en' && space > min ? window.slice(0, space) : window;
  return `${base.replace(/[\s,，、;；:：—–-]+$/u, '')}…`;
}
