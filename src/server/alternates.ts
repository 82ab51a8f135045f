// Where a page lives in each language. One value drives the <link rel=alternate>
// and canonical tags and the language switcher, so they can never disagree.
import type { Metadata } from 'next';
import { hreflangAlternates } from '@/core/seo/hreflang';
import { hantLanguageTag, toHantPath } from '@/core/script/hant-paths';
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
 * The hreflang set with the Traditional-script variant of the Chinese page right after it
 * (`/zh/hant/…`, served by server-entry/traditional.ts). The variant's own copy of these
 * tags names the Simplified and English pages; the canonical stays the Simplified page.
 */
function withHantVariant(languages: Record<string, string>): Record<string, string> {
  const zh = languages.zh;
  if (!zh) return languages;
  const variant = toHantPath(zh);
  if (variant === zh) return languages;
  return Object.fromEntries(Object.entries(languages).flatMap(([tag, href]) => (tag === 'zh' ? [[tag, href], [hantLanguageTag, variant]] : [[tag, href]])));
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
  return { canonical, languages: withHantVariant(languages), types: await feedLinks(locale) };
}
