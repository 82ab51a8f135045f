// What a page shows of a post in a given language: the translation to display (its own
// or, when missing, the other language's), where each version lives, and the labels.
import type { Post, Translation } from '@/core/content/types';
import { otherLocale, type Locale } from '@/core/locales';
import { postPath } from '@/core/content/post-path';
import type { LocalePaths } from './alternates';

export interface PostView {
  post: Post;
  /** The language the page is in (the URL's). */
  locale: Locale;
  /** The translation shown: the page language's, or the other one when missing. */
  shown: Translation;
  isFallback: boolean;
  /** Where each existing translation lives (for hreflang and canonical). */
  paths: LocalePaths;
  /** Where the post reads in each language, a missing translation included (for the switcher). */
  readablePaths: LocalePaths;
}

export function postPaths(post: Post): LocalePaths {
  const paths: LocalePaths = {};
  for (const [locale, translation] of Object.entries(post.translations) as [Locale, Translation][]) {
    paths[locale] = postPath(post.kind, locale, translation.slug);
  }
  return paths;
}

/** Null when the post has no translation at all (cannot be shown). */
export function viewPost(post: Post, locale: Locale): PostView | null {
  const own = post.translations[locale];
  const shown = own ?? post.translations[otherLocale(locale)];
  if (!shown) return null;
  const paths = postPaths(post);
  const readablePaths: LocalePaths = {};
  for (const l of [locale, otherLocale(locale)]) {
    const translation = post.translations[l] ?? post.translations[otherLocale(l)];
    if (translation) readablePaths[l] = postPath(post.kind, l, translation.slug);
  }
  return { post, locale, shown, isFallback: !own, paths, readablePaths };
}

/** Href of a post in a list of `locale`: its own version, or the other language's. */
export function postHref(post: Post, locale: Locale): string | null {
  const paths = postPaths(post);
  return paths[locale] ?? paths[otherLocale(locale)] ?? null;
}

/** A reader's date: the day `iso` falls on in the site's time zone (getSiteTimeZone). */
export function formatDate(iso: string | null, locale: Locale, timeZone: string): string {
  if (!iso) return '';
  return new Intl.DateTimeFormat(locale === 'zh' ? 'zh-CN' : 'en-GB', {
    year: 'numeric',
    month: 'long',
    day: 'numeric',
    timeZone,
  }).format(new Date(iso));
}
