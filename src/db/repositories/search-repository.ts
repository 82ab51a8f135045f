// Full-text search over the published translations of visible posts. The query is cut
// into words by core/search/tokenize.ts (the tokenizer the index was built with) and
// widened by the glossary; the database only matches and ranks tokens: FTS5 with bm25
// on SQLite, weighted tsvectors with ts_rank on PostgreSQL. Translations whose title
// holds the query come first, then by rank (title above excerpt, tags and authors, above
// body), then newest. Every word must match; when no translation holds them all, those
// holding some are returned instead, flagged as partial. A page costs a fixed number of
// queries: one to rank (two across languages with a preferred one), one for the hits.
import { sql, type Kysely } from 'kysely';
import { excerptOrDerived } from '@/core/content/derive-excerpt';
import type { PostKind } from '@/core/content/types';
import { AppError } from '@/core/errors/app-error';
import { expandQuery, glossary as defaultGlossary, isIndexedPhrase, phraseToken } from '@/core/search/glossary';
import { highlightSnippet } from '@/core/search/highlight-snippet';
import { tokenizeQuery, type QueryTerm } from '@/core/search/tokenize';
import type { SearchHit, SearchLocale, SearchOptions, SearchResult } from '@/core/search/types';
import { isLocale, otherLocale, type Locale } from '@/core/locales';
import { isPostgres } from '../dialect';
import type { Database } from '../schema';
import { postPath } from '@/core/content/post-path';
import { toIsoTimestamp } from './map-rows';
import type { SearchTables } from './search-tables';

export const maxSearchPageSize = 50;
/** bm25 column weights, in the order of search_fts: title, excerpt, names, body, lang. */
const sqliteWeights = sql.raw('10.0, 4.0, 3.0, 1.0, 0.0');

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
}

interface Slice {
  terms: QueryTerm[];
  mode: Mode;
  locale: SearchLocale;
  tagId: number | undefined;
  nowIso: string;
  limit: number;
  offset: number;
}

interface Ranked {
  ids: number[];
  total: number;
}

const searchedColumns = '{title excerpt names body}';

export function createSearchRepository(db: Kysely<Database>, options: SearchRepositoryOptions = {}) {
  const postgres = isPostgres(db as Kysely<unknown>);

  /** SQLite: one page of matching translation ids, best first, with the number of matches. */
  async function rankSqlite(slice: Slice): Promise<Ranked> {
    const expression = toFtsQuery(slice.terms, slice.mode);
    const lang = slice.locale === 'all' ? '' : `lang : "${slice.locale}" AND `;
    // bm25() only works in the query that scans search_fts; the count over all matches
    // is taken outside it.
    const { rows } = await sql<{ id: number; total: number }>`
      select id, count(*) over () as total from (
        select
          rowid as id,
          case when rowid in (select rowid from search_fts where search_fts match ${`${lang}title : (${expression})`}) then 0 else 1 end as tier,
          bm25(search_fts, ${sqliteWeights}) as score
        from search_fts
        where search_fts match ${`${lang}${searchedColumns} : (${expression})`}
          and rowid not in (${hiddenTranslations(slice.nowIso)})
          ${slice.tagId === undefined ? sql`` : sql`and rowid in (${taggedTranslations(slice.tagId)})`}
      )
      order by tier, score, id desc
      limit ${slice.limit} offset ${slice.offset}`.execute(db);
    if (rows.length > 0 || slice.offset === 0) return { ids: rows.map((r) => r.id), total: Number(rows[0]?.total ?? 0) };
    const count = await sql<{ total: number }>`
      select count(*) as total from search_fts
      where search_fts match ${`${lang}${searchedColumns} : (${expression})`}
        and rowid not in (${hiddenTranslations(slice.nowIso)})
        ${slice.tagId === undefined ? sql`` : sql`and rowid in (${taggedTranslations(slice.tagId)})`}`.execute(db);
    return { ids: [], total: Number(count.rows[0]?.total ?? 0) };
  }

  /**
   * PostgreSQL: the same. Matching uses the GIN index on tsv; ranking reads only the
   * small head vector (title, excerpt, names), so among matches in the body alone the
   * newest come first. The planner, not knowing that reading tsv from TOAST is costly,
   * would scan the whole table for a common word, so this query asks it not to.
   */
  async function rankPostgres(slice: Slice): Promise<Ranked> {
    const query = toTsQuery(slice.terms, slice.mode);
    const titleQuery = toTsQuery(slice.terms, slice.mode, true);
    const where = sql`d.tsv @@ to_tsquery('simple', ${query})
      ${slice.locale === 'all' ? sql`` : sql`and d.locale = ${slice.locale}`}
      and d.post_id not in (${hiddenPosts(slice.nowIso)})
      ${slice.tagId === undefined ? sql`` : sql`and d.post_id in (select post_id from post_tags where tag_id = ${slice.tagId})`}`;
    const rankIn = async (trx: Kysely<Database>): Promise<Ranked> => {
      const { rows } = await sql<{ id: number; total: string }>`
        select d.translation_id as id, count(*) over () as total
        from search_documents d
        where ${where}
        order by
          case when d.head @@ to_tsquery('simple', ${titleQuery}) then 0 else 1 end,
          ts_rank(d.head, to_tsquery('simple', ${query}), 1) desc,
          d.translation_id desc
        limit ${slice.limit} offset ${slice.offset}`.execute(trx);
      if (rows.length > 0 || slice.offset === 0) return { ids: rows.map((r) => r.id), total: Number(rows[0]?.total ?? 0) };
      const count = await sql<{ total: string }>`select count(*) as total from search_documents d where ${where}`.execute(trx);
      return { ids: [], total: Number(count.rows[0]?.total ?? 0) };
    };
    const run = async (trx: Kysely<Database>): Promise<Ranked> => {
      // Transaction-local, and put back afterwards for a caller whose transaction goes on.
      const { rows } = await sql<{ previous: string }>`
        select current_setting('enable_seqscan') as previous, set_config('enable_seqscan', 'off', true)`.execute(trx);
      try {
        return await rankIn(trx);
      } finally {
        if (db.isTransaction) await sql`select set_config('enable_seqscan', ${rows[0]!.previous}, true)`.execute(trx);
      }
    };
    return db.isTransaction ? run(db) : db.transaction().execute(run);
  }

  const rank = (slice: Slice) => (postgres ? rankPostgres(slice) : rankSqlite(slice));

  /** One page across languages: `prefer`'s matches first, then the other language's. */
  async function rankPreferring(slice: Slice, prefer: Locale): Promise<Ranked> {
    const first = await rank({ ...slice, locale: prefer });
    const rest = slice.limit - first.ids.length;
    const second = await rank({ ...slice, locale: otherLocale(prefer), offset: Math.max(0, slice.offset - first.total), limit: Math.max(rest, 1) });
    return { ids: [...first.ids, ...(rest > 0 ? second.ids : [])], total: first.total + second.total };
  }

  async function loadHits(ids: number[], terms: QueryTerm[]): Promise<SearchHit[]> {
    if (ids.length === 0) return [];
    const rows = await db
      .withTables<SearchTables>()
      .selectFrom('search_documents as d')
      .innerJoin('live_translations as t', 't.translation_id', 'd.translation_id')
      .innerJoin('posts as p', 'p.id', 't.post_id')
      .select(['t.translation_id as id', 't.post_id', 't.locale', 't.slug', 't.title', 't.excerpt', 't.derived_excerpt', 'p.kind', 'p.published_at'])
      // The text the index was built from (search-index.ts): its plain text, or its Markdown before that was stored.
      .select((eb) => eb.fn.coalesce('t.body_text', 't.body').as('body_text'))
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
          snippet: highlightSnippet([row.body_text, row.excerpt], terms),
        },
      ];
    });
  }

  return {
    async search(opts: SearchOptions): Promise<SearchResult> {
      const { page, pageSize } = opts;
      checkPaging(page, pageSize);
      const terms = expandQuery(tokenizeQuery(opts.query), options.glossary ?? defaultGlossary);
      if (terms.length === 0) return { items: [], total: 0, page, pageSize, isPartial: false };
      const locale = opts.locale ?? 'all';
      const base = { terms, locale, tagId: opts.tagId, nowIso: toIsoTimestamp(opts.now ?? new Date()), limit: pageSize, offset: (page - 1) * pageSize };
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
      return { items: await loadHits(ranked.ids, terms), total: ranked.total, page, pageSize, isPartial };
    },
  };
}

/** Translations of posts a reader cannot see now: not published, or scheduled for later. */
function hiddenTranslations(nowIso: string) {
  return sql`select t.translation_id from live_translations t where t.post_id in (${hiddenPosts(nowIso)})`;
}

function hiddenPosts(nowIso: string) {
  return sql`select id from posts where status <> 'published' or published_at is null or published_at > ${nowIso}`;
}

function taggedTranslations(tagId: number) {
  return sql`select t.translation_id from post_tags pt join live_translations t on t.post_id = pt.post_id where pt.tag_id = ${tagId}`;
}

export type SearchRepository = ReturnType<typeof createSearchRepository>;
