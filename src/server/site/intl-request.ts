// next-intl's per-request configuration (next.config.ts names this file): the locale comes
// from the [locale] segment, the time zone is the site's (Settings › Time zone), so a date
// next-intl formats falls on the same day as the dates the reader's pages print. It lives
// in server/, not i18n/, because the zone is a site setting read from the database.
import { getRequestConfig } from 'next-intl/server';
import { defaultLocale, isLocale } from '@/core/locales';
import { errorMessages } from '@/i18n/error-messages';
import { getSiteTimeZone } from './site-identity';

export default getRequestConfig(async ({ requestLocale }) => {
  const requested = await requestLocale;
  const locale = isLocale(requested) ? requested : defaultLocale;
  const [messages, timeZone] = await Promise.all([import(`../../../messages/${locale}.json`), getSiteTimeZone()]);
  return {
    locale,
    messages: { ...messages.default, errors: errorMessages[locale] },
    timeZone,
  };
});
