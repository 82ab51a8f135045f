// Where a page lives in each language. One value drives the <link rel=alternate>
// and canonical tags and the language switcher, so they can never disagree.
import type { Metadata } from 'next';
import { hreflangAlternates } from '@/core/seo/hreflang';
import { locales, type Locale } from '@/core/locales';
import { feedLinks } from './feeds/feed-links';

/** Path of the page in each locale that has it (a missing translation has no entry). */
export type LocalePaths = Partial<Record<Locale, string>>;

/** The same locale-less path in every locale, e.g. samePathInAllLocales('/about'). */
export function samePathInAllLocales(path: string): LocalePaths {
  const suffix = path === '/' ? '' : path;
  return Object.fromEntries(locales.map((l) => [l, `/${l}${suffix}`])) as LocalePaths;
}

/**
 * Canonical, hreflang alternates (with x-default when every language has the page, see
 * core/seo/hreflang.ts) and the page language's feeds. The canonical URL is the page's own
 * version, or (for a missing translation) the version that exists. Feeds ride along
 * because a page's `alternates` replaces the layout's whole value.
 */
export async function alternatesMetadata(locale: Locale, paths: LocalePaths): Promise<Metadata['alternates']> {
  const languages = hreflangAlternates(paths);
  const canonical = paths[locale] ?? Object.values(languages)[0];
  return { canonical, languages, types: await feedLinks(locale) };
}
