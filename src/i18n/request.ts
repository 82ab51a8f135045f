// next-intl's per-request configuration: the locale comes from the [locale] segment.
import { getRequestConfig } from 'next-intl/server';
import { errorMessages } from './error-messages';
import { defaultLocale, isLocale } from '@/core/locales';

export default getRequestConfig(async ({ requestLocale }) => {
  const requested = await requestLocale;
  const locale = isLocale(requested) ? requested : defaultLocale;
  return {
    locale,
    messages: { ...(await import(`../../messages/${locale}.json`)).default, errors: errorMessages[locale] },
    timeZone: 'Asia/Shanghai',
  };
});
