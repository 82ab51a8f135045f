// Search for pages and the API: the repository over the site's database, and what the
// search page shows for its query parameters. Not cached: every query differs, and a
// result page must never outlive an unpublished article.
import type { ZodError } from 'zod';
import type { Tag } from '@/core/content/types';
import { maxPage, maxQueryLength, pickSearchParams, searchPageInput, searchPageSize } from '@/core/search/search-input';
import type { SearchOptions, SearchResult } from '@/core/search/types';
import { getDatabase } from '@/db/client';
import { ensureDatabase } from '@/server/ensure-database';
import { createSearchRepository } from '@/db/repositories/search-repository';
import { otherLocale, type Locale } from '@/core/locales';
import { getTagBySlug } from './content';
import { simplify } from '@/core/script/simplify';

export async function searchContent(options: SearchOptions): Promise<SearchResult> {
  await ensureDatabase();
  // A query in Traditional characters finds the Simplified text the index holds.
  return createSearchRepository(getDatabase()).search({ ...options, query: simplify(options.query) });
}

/** A sentence of the `search` messages that explains bad input, with its values. */
export type SearchProblem =
  | { key: 'tooLong'; values: { max: number } }
  | { key: 'badPage'; values: { max: number } }
  | { key: 'unknownTag'; values: { tag: string } }
  | { key: 'controlCharacters' | 'badQuery' | 'badTag' | 'badOption'; values?: undefined };

export interface SearchPageState {
  /** The query as typed (trimmed); '' shows the empty state. */
  query: string;
  page: number;
  /** Both languages, or only the page's. */
  isAll: boolean;
  tag: Tag | null;
  problems: SearchProblem[];
  result: SearchResult | null;
  /** With no result in the page's language: how many the other language has. */
  otherLanguageTotal: number;
}

/** Everything the search page renders for its parameters; bad input becomes problems, never an error. */
export async function loadSearchPage(locale: Locale, params: Record<string, string | string[] | undefined>): Promise<SearchPageState> {
  const parsed = searchPageInput.safeParse(pickSearchParams(params));
  if (!parsed.success) {
    const raw = typeof params.q === 'string' ? params.q.replace(/[\u0000-\u001f\u007f-\u009f]/g, ' ').trim().slice(0, maxQueryLength) : '';
    return { query: raw, page: 1, isAll: false, tag: null, problems: problemsOf(parsed.error), result: null, otherLanguageTotal: 0 };
  }
  const { q: query, page, tag: tagSlug, all } = parsed.data;
  const state: SearchPageState = { query, page, isAll: all === '1', tag: null, problems: [], result: null, otherLanguageTotal: 0 };
  if (tagSlug !== undefined) {
    state.tag = await getTagBySlug(locale, tagSlug);
    if (!state.tag) return { ...state, problems: [{ key: 'unknownTag', values: { tag: tagSlug } }] };
  }
  if (query === '') return state;
  const options = { query, page, pageSize: searchPageSize, tagId: state.tag?.id };
  state.result = await searchContent({ ...options, locale: state.isAll ? 'all' : locale, preferLocale: locale });
  if (!state.isAll && state.result.total === 0) {
    state.otherLanguageTotal = (await searchContent({ ...options, page: 1, pageSize: 1, locale: otherLocale(locale) })).total;
  }
  return state;
}

function problemsOf(error: ZodError): SearchProblem[] {
  const problems = new Map<string, SearchProblem>();
  for (const issue of error.issues) {
    const field = String(issue.path[0] ?? '');
    if (field === 'q') {
      if (issue.code === 'too_big') problems.set('q', { key: 'tooLong', values: { max: maxQueryLength } });
      else if (issue.code === 'custom') problems.set('q', { key: 'controlCharacters' });
      else problems.set('q', { key: 'badQuery' });
    } else if (field === 'page') problems.set('page', { key: 'badPage', values: { max: maxPage } });
    else if (field === 'tag') problems.set('tag', { key: 'badTag' });
    else problems.set(field, { key: 'badOption' });
  }
  return [...problems.values()];
}
