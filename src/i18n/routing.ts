// The one list of languages Duet speaks, and how they show in URLs and cookies.
import { defineRouting } from 'next-intl/routing';

export const locales = ['zh', 'en'] as const;
export type Locale = (typeof locales)[number];
export const defaultLocale: Locale = 'zh';

/** The cookie that remembers the reader's language: one year, whole site, SameSite=Lax. */
export const localeCookie = {
  name: 'NEXT_LOCALE',
  maxAge: 60 * 60 * 24 * 365,
  sameSite: 'lax',
  path: '/',
} as const;

export const routing = defineRouting({
  locales,
  defaultLocale,
  localePrefix: 'always',
  localeCookie,
  // Duet renders its own <link rel=alternate> in the document head.
  alternateLinks: false,
});

export function isLocale(value: unknown): value is Locale {
  return typeof value === 'string' && (locales as readonly string[]).includes(value);
}

export function localeOrDefault(value: unknown): Locale {
  return isLocale(value) ? value : defaultLocale;
}

/** The other language of a pair. */
export function otherLocale(locale: Locale): Locale {
  return locale === 'zh' ? 'en' : 'zh';
}
