// Full-text search over the published translations of visible posts. The query is cut
// into words by core/search/tokenize.ts (the tokenizer the index was built with) and
// widened by the glossary; the database only matches and ranks tokens: FTS5 with bm25
// on SQLite, weighted tsvectors with ts_rank on PostgreSQL. Translations whose title
// holds the query come first, then by rank (title above excerpt, tags and authors, above
// body), then newest. Every word must match; when no translation holds them all, those
// holding some are returned instead, flagged as partial. Past 1,000 matches the count
// stops and the ranking runs among the newest matches and title matches (search-ranking.ts).
// A page costs a fixed number of queries: one to rank (two across languages with a
// preferred one), one for the hits.
import type { Kysely } from 'kysely';
import { excerptOrDerived } from '@/core/content/derive-excerpt';
import type { PostKind } from '@/core/content/types';
import { AppError } from '@/core/errors/app-error';
import { expandQuery, glossary as defaultGlossary, isIndexedPhrase, phraseToken } from '@/core/search/glossary';
import { highlightSnippet } from '@/core/search/highlight-snippet';
import { tokenizeQuery, type QueryTerm } from '@/core/search/tokenize';
import type { SearchHit, SearchOptions, SearchResult } from '@/core/search/types';
import { isLocale, otherLocale, type Locale } from '@/core/locales';
import { isPostgres } from '../dialect';
import type { Database } from '../schema';
import { unpackPlainText, unpackText } from '../stored-text';
import { postPath } from '@/core/content/post-path';
import { liveBody } from './live-body';
import { toIsoTimestamp } from './map-rows';
import type { SearchTables } from './search-tables';
import { rankPostgres, rankSqlite, searchCap, type Ranked, type RankSlice } from './search-ranking';

export const maxSearchPageSize = 50;

type Mode = 'all' | 'any';

interface QuerySyntax {
  quote: (token: string) => string;
  and: string;
  or: string;
}

/**
 * A term as a query: itself, or all its pairs, or one of its alternatives. An English
 * alternative of several words ("two languages" for 双语) is matched as the one token
 * the index holds for that phrase, so its words must stand together.
 */
function termQuery(t: QueryTerm, syntax: QuerySyntax): string {
  const all = (items: string[]) => (items.length === 1 ? items[0]! : `(${items.join(` ${syntax.and} `)})`);
  const alternative = (terms: QueryTerm[]) =>
    isIndexedPhrase(terms) ? syntax.quote(phraseToken(terms.map((a) => a.term))) : all(terms.map((a) => termQuery(a, syntax)));
  const options = [
    // A glossary phrase's term is its words with spaces: it matches through its parts.
    ...(t.term.includes(' ') ? [] : [syntax.quote(t.term)]),
    ...(t.parts.length > 0 ? [all(t.parts.map(syntax.quote))] : []),
    ...t.alternatives.map(alternative),
  ];
  return options.length === 1 ? options[0]! : `(${options.join(` ${syntax.or} `)})`;
}

const fts: QuerySyntax = { quote: (token) => `"${token.replace(/"/g, '""')}"`, and: 'AND', or: 'OR' };

/** An FTS5 query: every term (mode all) or any term (mode any). */
export function toFtsQuery(terms: QueryTerm[], mode: Mode): string {
  return terms.map((t) => termQuery(t, fts)).join(mode === 'all' ? ' AND ' : ' OR ');
}

/**
 * The same query as a PostgreSQL tsquery (tokens hold letters and digits only);
 * `titleOnly` restricts every token to weight A, the title's.
 */
export function toTsQuery(terms: QueryTerm[], mode: Mode, titleOnly = false): string {
  const syntax: QuerySyntax = { quote: (token) => `'${token.replace(/['\\]/g, '')}'${titleOnly ? ':A' : ''}`, and: '&', or: '|' };
  return terms.map((t) => termQuery(t, syntax)).join(mode === 'all' ? ' & ' : ' | ');
}

function checkPaging(page: number, pageSize: number): void {
  if (!Number.isInteger(page) || page < 1) {
    throw new AppError('BAD_REQUEST', 'page must be a whole number from 1.', { fields: { page: ['Must be ≥ 1.'] } });
  }
  if (!Number.isInteger(pageSize) || pageSize < 1 || pageSize > maxSearchPageSize) {
    throw new AppError('BAD_REQUEST', `pageSize must be from 1 to ${maxSearchPageSize}.`, {
      fields: { pageSize: [`Must be 1–${maxSearchPageSize}.`] },
    });
  }
}

export interface SearchRepositoryOptions {
  /** Other ways to say a word (core/search/glossary.ts); [] searches for the words only. */
  glossary?: readonly (readonly string[])[];
  /** Where counting and ranking stop (search-ranking.ts); tests make it small. */
  cap?: number;
}

interface Slice extends RankSlice {
  terms: QueryTerm[];
  mode: Mode;
}

export function createSearchRepository(db: Kysely<Database>, options: SearchRepositoryOptions = {}) {
  const postgres = isPostgres(db as Kysely<unknown>);

  const rank = (slice: Slice) =>
    postgres
      ? rankPostgres(db, slice, toTsQuery(slice.terms, slice.mode), toTsQuery(slice.terms, slice.mode, true))
      : rankSqlite(db, slice, toFtsQuery(slice.terms, slice.mode));

  /** One page across languages: `prefer`'s matches first, then the other language's. */
  async function rankPreferring(slice: Slice, prefer: Locale): Promise<Ranked> {
    const first = await rank({ ...slice, locale: prefer });
    // Past the cap the preferred language alone fills every page there is to reach.
    if (first.isCapped) return first;
    const rest = slice.limit - first.ids.length;
    const second = await rank({ ...slice, locale: otherLocale(prefer), offset: Math.max(0, slice.offset - first.total), limit: Math.max(rest, 1) });
    return { ids: [...first.ids, ...(rest > 0 ? second.ids : [])], total: first.total + second.total, isCapped: first.isCapped || second.isCapped };
  }

  async function loadHits(ids: number[], terms: QueryTerm[]): Promise<SearchHit[]> {
    if (ids.length === 0) return [];
    const rows = await db
      .withTables<SearchTables>()
      .selectFrom('search_documents as d')
      .innerJoin('live_translations as t', 't.translation_id', 'd.translation_id')
      .innerJoin('posts as p', 'p.id', 't.post_id')
      .select(['t.translation_id as id', 't.post_id', 't.locale', 't.slug', 't.title', 't.excerpt', 't.derived_excerpt', 'p.kind', 'p.published_at'])
      // The text the index was built from (search-index.ts): its plain text (packed against
      // its HTML), or its Markdown before that was stored, read only then (bytes and text).
      .select((eb) => ['t.html', 't.body_text', eb.case().when('t.body_text', 'is', null).then(liveBody('t')).end().as('body')])
      .where('t.translation_id', 'in', ids)
      .execute();
    const byId = new Map(rows.map((row) => [row.id, row]));
    return ids.flatMap((id): SearchHit[] => {
      const row = byId.get(id);
      if (!row || !isLocale(row.locale)) return [];
      const kind = row.kind as PostKind;
      return [
        {
          postId: row.post_id,
          locale: row.locale,
          slug: row.slug,
          kind,
          path: postPath(kind, row.locale, row.slug),
          title: row.title,
          excerpt: excerptOrDerived(row.excerpt, row.derived_excerpt),
          publishedAt: row.published_at,
          snippet: highlightSnippet([unpackPlainText(row.body_text, row.html) ?? unpackText(row.body) ?? '', row.excerpt], terms),
        },
      ];
    });
  }

  return {
    async search(opts: SearchOptions): Promise<SearchResult> {
      const { page, pageSize } = opts;
      checkPaging(page, pageSize);
      const terms = expandQuery(tokenizeQuery(opts.query), options.glossary ?? defaultGlossary);
      if (terms.length === 0) return { items: [], total: 0, isTotalCapped: false, page, pageSize, isPartial: false };
      const locale = opts.locale ?? 'all';
      const base = { cap: options.cap ?? searchCap, terms, locale, tagId: opts.tagId, nowIso: toIsoTimestamp(opts.now ?? new Date()), limit: pageSize, offset: (page - 1) * pageSize };
      const run = (mode: Mode) => {
        const slice = { ...base, mode };
        return locale === 'all' && opts.preferLocale ? rankPreferring(slice, opts.preferLocale) : rank(slice);
      };
      let ranked = await run('all');
      let isPartial = false;
      if (ranked.total === 0 && terms.length > 1) {
        ranked = await run('any');
        isPartial = ranked.total > 0;
      }
      return { items: await loadHits(ranked.ids, terms), total: ranked.total, isTotalCapped: ranked.isCapped, page, pageSize, isPartial };
    },
  };
}

export type SearchRepository = ReturnType<typeof createSearchRepository>;
