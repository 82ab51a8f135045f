// How the languages of `core/locales.ts` show in URLs and cookies, for next-intl.
import { defineRouting } from 'next-intl/routing';
import { defaultLocale, localeCookie, locales } from '@/core/locales';

export const routing = defineRouting({
  locales,
  defaultLocale,
  localePrefix: 'always',
  localeCookie,
  // Duet renders its own <link rel=alternate> in the document head.
  alternateLinks: false,
});
