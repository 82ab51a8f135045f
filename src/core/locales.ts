// The one list of languages Duet speaks, and how the chosen one is remembered. Plain data
// and pure functions: the domain, the database and the CLI use it without loading
// next-intl; `i18n/routing.ts` builds the router on it.

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
