// Where a post lives in one language: a page at `/{locale}/{slug}`, a post under `/posts/`.
// Pages, feeds, the sitemap, search and webhook payloads all build the address here.
import type { Locale } from '@/core/locales';
import type { PostKind } from './types';

export function postPath(kind: PostKind, locale: Locale, slug: string): string {
  return kind === 'page' ? `/${locale}/${slug}` : `/${locale}/posts/${slug}`;
}
