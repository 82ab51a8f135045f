// One page of search results, ranked, and how many there are, on each database (the
// repository, search-repository.ts, builds the queries and loads the hits). Ranking every
// match of a very common word and counting them all grew with the site (182 ms at 50,000
// posts for a word in every text, issue 27); what a reader can use is the first pages.
// So both queries stop early: the candidates are the newest `searchCap` + 1 visible
// matches, read in id order straight from the index, where the scan can stop; the exact
// ranking (title matches first, then by score, then newest) runs inside them. Up to
// `searchCap` matches, the candidates are every match and the answer is the one a full
// ranking gives; beyond it the count says "more than searchCap", the pages end there, and
// an older translation can be missed even when its title matches: finding every title
// match would read the word's whole list of documents again (the title is not indexed
// apart), the cost this bound removes.
import { sql, type Kysely } from 'kysely';
import type { SearchLocale } from '@/core/search/types';
import type { Database } from '../schema';

/** Results counted, ranked and reachable at most; more than this is "more than 1,000". */
export const searchCap = 1000;
/** bm25 column weights, in the order of search_fts: title, excerpt, names, body, lang. */
const sqliteWeights = sql.raw('10.0, 4.0, 3.0, 1.0, 0.0');
const searchedColumns = '{title excerpt names body}';

export interface RankSlice {
  /** Where counting and ranking stop: `searchCap`, or a small number in tests. */
  cap: number;
  locale: SearchLocale;
  tagId: number | undefined;
  nowIso: string;
  limit: number;
  offset: number;
}

export interface Ranked {
  ids: number[];
  /** The number of matches, or the cap when there are more (`isCapped`). */
  total: number;
  isCapped: boolean;
}

/** The page inside the capped candidates: nothing past the cap is reachable. */
function pageOf(slice: RankSlice): { limit: number; offset: number } {
  return { limit: Math.max(0, Math.min(slice.limit, slice.cap - slice.offset)), offset: slice.offset };
}

function toRanked(slice: RankSlice, rows: Array<{ id: number | null; counted: number | string }>): Ranked {
  const counted = Number(rows[0]?.counted ?? 0);
  return { ids: rows.flatMap((r) => (r.id === null ? [] : [r.id])), total: Math.min(counted, slice.cap), isCapped: counted > slice.cap };
}

/** SQLite: FTS5 reads matches in rowid order and stops at the cap; bm25 ranks the candidates. */
export async function rankSqlite(db: Kysely<Database>, slice: RankSlice, expression: string): Promise<Ranked> {
  const { rows } = await sqliteRankQuery(slice, expression).execute(db);
  return toRanked(slice, rows);
}

/** The query of rankSqlite, apart so a test can read its plan. */
export function sqliteRankQuery(slice: RankSlice, expression: string) {
  const lang = slice.locale === 'all' ? '' : `lang : "${slice.locale}" AND `;
  const full = `${lang}${searchedColumns} : (${expression})`;
  const visible = sql`rowid not in (${hiddenTranslations(slice.nowIso)})
    ${slice.tagId === undefined ? sql`` : sql`and rowid in (${taggedTranslations(slice.tagId)})`}`;
  const { limit, offset } = pageOf(slice);
  // bm25() only works in the query that scans search_fts, so the newest matches are scored
  // in that scan; which of them match in the title is a second scan over their range of
  // rowids (FTS5 seeks to it), since looking rows up one by one would parse the query again
  // for each.
  return sql<{ id: number | null; counted: number }>`
    with matched as (
        select rowid as id, bm25(search_fts, ${sqliteWeights}) as score from search_fts
        where search_fts match ${full} and ${visible}
        order by rowid desc limit ${slice.cap + 1}
      ),
      titled as (
        select rowid as id from search_fts
        where search_fts match ${`${lang}title : (${expression})`} and rowid >= (select min(id) from matched)
      ),
      ranked as (
        select id from matched
        order by case when id in (select id from titled) then 0 else 1 end, score, id desc
        limit ${limit} offset ${offset}
      )
    select ranked.id, counted.n as counted
    from (select count(*) as n from matched) counted left join ranked on 1 = 1`;
}

/**
 * PostgreSQL: the same. Matching uses the GIN index on tsv; ranking reads only the small
 * head vector (title, excerpt, names), so among matches in the body alone the newest come
 * first. The planner, not knowing that reading tsv from TOAST is costly, would scan the
 * whole table for a common word, so this query asks it not to.
 */
export async function rankPostgres(db: Kysely<Database>, slice: RankSlice, query: string, titleQuery: string): Promise<Ranked> {
  const rankIn = async (trx: Kysely<Database>): Promise<Ranked> => toRanked(slice, (await postgresRankQuery(slice, query, titleQuery).execute(trx)).rows);
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

/** The query of rankPostgres, apart so a test can read its plan. */
export function postgresRankQuery(slice: RankSlice, query: string, titleQuery: string) {
  const filters = sql`${slice.locale === 'all' ? sql`` : sql`and d.locale = ${slice.locale}`}
    and d.post_id not in (${hiddenPosts(slice.nowIso)})
    ${slice.tagId === undefined ? sql`` : sql`and d.post_id in (select post_id from post_tags where tag_id = ${slice.tagId})`}`;
  const { limit, offset } = pageOf(slice);
  return sql<{ id: number | null; counted: string }>`
      with matched as (
          select d.translation_id as id from search_documents d
          where d.tsv @@ to_tsquery('simple', ${query}) ${filters}
          order by d.translation_id desc limit ${slice.cap + 1}
        ),
        ranked as (
          select d.translation_id as id
          from search_documents d
          where d.translation_id in (select id from matched)
          order by
            case when d.head @@ to_tsquery('simple', ${titleQuery}) then 0 else 1 end,
            ts_rank(d.head, to_tsquery('simple', ${query}), 1) desc,
            d.translation_id desc
          limit ${limit} offset ${offset}
        )
      select ranked.id, counted.n as counted
      from (select count(*) as n from matched) counted left join ranked on true`;
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
