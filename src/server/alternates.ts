// Where a page lives in each language. One value drives the <link rel=alternate>
// and canonical tags and the language switcher, so they can never disagree.
import type { Metadata } from 'next';
import { locales, type Locale } from '@/i18n/routing';

/** Path of the page in each locale that has it (a missing translation has no entry). */
export type LocalePaths = Partial<Record<Locale, string>>;

/** The same locale-less path in every locale, e.g. samePathInAllLocales('/about'). */
export function samePathInAllLocales(path: string): LocalePaths {
  const suffix = path === '/' ? '' : path;
  return Object.fromEntries(locales.map((l) => [l, `/${l}${suffix}`])) as LocalePaths;
}

/**
 * Canonical and hreflang alternates. `xDefault` is the unprefixed path, which redirects
 * each reader to their language; it is offered only when every locale has the page.
 */
export function alternatesMetadata(locale: Locale, paths: LocalePaths, xDefault?: string): Metadata['alternates'] {
  const languages: Record<string, string> = {};
  for (const l of locales) {
    const path = paths[l];
    if (path) languages[l] = path;
  }
  const complete = locales.every((l) => paths[l]);
  if (complete && xDefault) languages['x-default'] = xDefault;
  const canonical = paths[locale] ?? Object.values(languages)[0];
  return { canonical, languages };
}
