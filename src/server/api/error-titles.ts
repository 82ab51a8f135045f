// The titles of the JSON API's error shape, in both languages (core/errors/http-status.ts
// says which message each status takes), and the language an error answer is titled in.
import { apiErrorTitleKey } from '@/core/errors/http-status';
import { matchAcceptLanguage } from '@/core/i18n/negotiate-locale';
import { errorMessages } from '@/i18n/error-messages';
import { isLocale, locales, type Locale } from '@/core/locales';
import en from '../../../messages/api-errors/en.json';
import zh from '../../../messages/api-errors/zh.json';

const apiTitles: Record<Locale, typeof en> = { en, zh };

export function errorTitle(status: number, locale: Locale = 'en'): string {
  const title = apiErrorTitleKey(status);
  return title.from === 'api' ? apiTitles[locale][title.key] : errorMessages[locale][title.key];
}

/**
 * The language of an error's title, as for every answer of the API: `?lang=`, else
 * Accept-Language, else English. The message stays English whatever is asked.
 */
export function errorLocale(request: Request): Locale {
  const lang = URL.parse(request.url)?.searchParams.get('lang');
  if (lang && isLocale(lang)) return lang;
  return matchAcceptLanguage(request.headers.get('accept-language'), locales) ?? 'en';
}
