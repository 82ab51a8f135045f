// What a search asks and answers, shared by the repository, the page and the API.
import type { PostKind } from '@/core/content/types';
import type { Locale } from '@/core/locales';

export type SearchLocale = Locale | 'all';

export interface SearchOptions {
  query: string;
  /** Only translations in this language; 'all' (the default) searches both. */
  locale?: SearchLocale;
  /** With locale 'all': this language's results come first. */
  preferLocale?: Locale;
  /** 1-based. */
  page: number;
  pageSize: number;
  tagId?: number;
  now?: Date;
}

export interface SearchHit {
  postId: number;
  locale: Locale;
  slug: string;
  kind: PostKind;
  /** Where the translation reads, e.g. /en/posts/why-publish-in-two-languages. */
  path: string;
  title: string;
  excerpt: string;
  publishedAt: string | null;
  /** HTML: escaped plain text with <mark> around the words that matched. */
  snippet: string;
}

export interface SearchResult {
  items: SearchHit[];
  /** Matches counted, up to the cap (db/repositories/search-ranking.ts). */
  total: number;
  /** True when there are more matches than `total`: the count stopped at the cap, and so do the pages. */
  isTotalCapped: boolean;
  page: number;
  pageSize: number;
  /**
   * True when no translation holds every word of the query, so the results are those
   * holding some of them, best first.
   */
  isPartial: boolean;
}
