// Where the pages that list posts live in each language: a tag's page and an author's.
// The pages themselves and the sitemap both ask here, so they name the same addresses.
import type { PerLocale, Tag } from '@/core/content/types';
import { locales, otherLocale, type Locale } from '@/core/locales';

/**
 * A tag's page in every language: its own slug there, or else the other language's slug
 * (a tag named in one language still lists the other language's posts under that name).
 * A tag with no name at all has no page.
 */
export function tagPaths(names: Tag['names']): PerLocale<string> {
  const paths: PerLocale<string> = {};
  for (const locale of locales) {
    const name = names[locale] ?? names[otherLocale(locale)];
    if (name) paths[locale] = `/${locale}/tags/${name.slug}`;
  }
  return paths;
}

/** An author's page: the same handle in every language. */
export function authorPaths(handle: string): Record<Locale, string> {
  return Object.fromEntries(locales.map((locale) => [locale, `/${locale}/authors/${handle}`])) as Record<Locale, string>;
}
