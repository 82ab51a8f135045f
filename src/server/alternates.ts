// Where a page lives in each language. One value drives the <link rel=alternate>
// and canonical tags and the language switcher, so they can never disagree.
import type { Metadata } from 'next';
import { locales, type Locale } from '@/i18n/routing';
import { feedLinks } from './feeds/feed-links';

/** Path of the page in each locale that has it (a missing translation has no entry). */
export type LocalePaths = Partial<Record<Locale, string>>;

/** The same locale-less path in every locale, e.g. samePathInAllLocales('/about'). */
export function samePathInAllLocales(path: string): LocalePaths {
  const suffix = path === '/' ? '' : path;
  return Object.fromEntries(locales.map((l) => [l, `/${l}${suffix}`])) as LocalePaths;
}

/**
 * Canonical, hreflang alternates and the page language's feeds. `xDefault` is the
 * unprefixed path, which redirects each reader to their language; it is offered only when
 * every locale has the page. The canonical URL is the page's own version, or (for a
 * missing translation) the version that exists. Feeds ride along because a page's
 * `alternates` replaces the layout's whole value.
 */
export async function alternatesMetadata(locale: Locale, paths: LocalePaths, xDefault?: string): Promise<Metadata['alternates']> {
  const languages: Record<string, string> = {};
  for (const l of locales) {
    const path = paths[l];
    if (path) languages[l] = path;
  }
  const complete = locales.every((l) => paths[l]);
  if (complete && xDefault) languages['x-default'] = xDefault;
  const canonical = paths[locale] ?? Object.values(languages)[0];
  return { canonical, languages, types: await feedLinks(locale) };
}
