// What every feed of a language says about the site: its language tag, home and icon.
import type { Locale } from '@/i18n/routing';
import { absoluteUrl } from '@/server/site-url';

/** BCP 47 tags, as the pages' JSON-LD writes them. */
export function feedLanguage(locale: Locale): string {
  return locale === 'zh' ? 'zh-CN' : 'en';
}

export function feedHomeUrl(locale: Locale): string {
  return absoluteUrl(`/${locale}`);
}

/** The site icon (public/static), square; also the podcast's cover. */
export function feedIconUrl(): string {
  return absoluteUrl('/static/icon-512.png');
}
