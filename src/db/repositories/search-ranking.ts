// One page of search results, ranked, and how many there are, on each database (the
// repository, search-repository.ts, builds the queries and loads the hits). Ranking every
// match of a very common word and counting them all grew with the site (182 ms at 50,000
// posts for a word in every text, issue 27); what a reader can use is the first pages.
// So the first query stops early: the newest `searchCap` + 1 visible matches, read in id
// order straight from the index, where the scan can stop. Up to `searchCap` of them, a
// second query ranks them as before (title matches first, then by score, then newest);
// beyond it the count says "more than searchCap", the pages end there, and the results
// are the newest matches, newest first. Ranking them would cost what the bound saves:
// bm25 counts the documents holding each term (a read of the term's whole list) and
// FTS5 finds title matches by reading every match's positions, so neither stays within
// the newest (measured in docs/performance.md, "Search at 100,000 posts").
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

/** The ids of one page, when the newest matches (`cap` + 1 of them) show there are more than `cap`. */
function cappedPage(slice: RankSlice, newest: number[]): Ranked | null {
  if (newest.length <= slice.cap) return null;
  return { ids: newest.slice(slice.offset, Math.min(slice.offset + slice.limit, slice.cap)), total: slice.cap, isCapped: true };
}

/** SQLite: FTS5 reads matches newest first and stops after `cap` + 1; bm25 ranks them below the cap. */
export async function rankSqlite(db: Kysely<Database>, slice: RankSlice, expression: string): Promise<Ranked> {
  const newest = (await sqliteNewestQuery(slice, expression).execute(db)).rows.map((r) => r.id);
  const capped = cappedPage(slice, newest);
  if (capped) return capped;
  const { rows } = await sqliteRankQuery(slice, expression).execute(db);
  return { ids: rows.map((r) => r.id), total: newest.length, isCapped: false };
}

const sqliteLang = (slice: RankSlice) => (slice.locale === 'all' ? '' : `lang : "${slice.locale}" AND `);

/**
 * Visibility is checked for each match the scan reaches (two lookups by key): the set of
 * hidden translations, built first, would read every post's row.
 */
function sqliteVisible(slice: RankSlice) {
  return sql`exists (
      select 1 from search_documents d join posts p on p.id = d.post_id
      where d.translation_id = search_fts.rowid and p.status = 'published' and p.published_at <= ${slice.nowIso}
    )
    ${slice.tagId === undefined ? sql`` : sql`and rowid in (${taggedTranslations(slice.tagId)})`}`;
}

/** The newest `cap` + 1 visible matches: the index is read in rowid order and the scan stops there. */
export function sqliteNewestQuery(slice: RankSlice, expression: string) {
  return sql<{ id: number }>`
    select rowid as id from search_fts
    where search_fts match ${`${sqliteLang(slice)}${searchedColumns} : (${expression})`} and ${sqliteVisible(slice)}
    order by rowid desc limit ${slice.cap + 1}`;
}

/** Every match ranked: title matches first, then bm25 (which reads each term's whole list), then newest. */
export function sqliteRankQuery(slice: RankSlice, expression: string) {
  const lang = sqliteLang(slice);
  return sql<{ id: number }>`
    select rowid as id from search_fts
    where search_fts match ${`${lang}${searchedColumns} : (${expression})`} and ${sqliteVisible(slice)}
    order by
      case when rowid in (select rowid from search_fts where search_fts match ${`${lang}title : (${expression})`}) then 0 else 1 end,
      bm25(search_fts, ${sqliteWeights}),
      rowid desc
    limit ${slice.limit} offset ${slice.offset}`;
}

/**
 * PostgreSQL: the same. Matching uses the GIN index on tsv; ranking reads only the
 * small head vector (title, excerpt, names), so among matches in the body alone the
 * newest come first. The planner, not knowing that reading tsv from TOAST is costly,
 * would scan the whole table for a common word, so these queries ask it not to.
 */
export async function rankPostgres(db: Kysely<Database>, slice: RankSlice, query: string, titleQuery: string): Promise<Ranked> {
  const rankIn = async (trx: Kysely<Database>): Promise<Ranked> => {
    const newest = (await postgresNewestQuery(slice, query).execute(trx)).rows.map((r) => r.id);
    const capped = cappedPage(slice, newest);
    if (capped) return capped;
    if (newest.length === 0) return { ids: [], total: 0, isCapped: false };
    const { rows } = await sql<{ id: number }>`
      select d.translation_id as id from search_documents d
      where d.translation_id = any(${newest})
      order by
        case when d.head @@ to_tsquery('simple', ${titleQuery}) then 0 else 1 end,
        ts_rank(d.head, to_tsquery('simple', ${query}), 1) desc,
        d.translation_id desc
      limit ${slice.limit} offset ${slice.offset}`.execute(trx);
    return { ids: rows.map((r) => r.id), total: newest.length, isCapped: false };
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

/** The newest `cap` + 1 visible matches, newest first. */
export function postgresNewestQuery(slice: RankSlice, query: string) {
  return sql<{ id: number }>`
    select d.translation_id as id from search_documents d
    where d.tsv @@ to_tsquery('simple', ${query})
      ${slice.locale === 'all' ? sql`` : sql`and d.locale = ${slice.locale}`}
      and exists (select 1 from posts p where p.id = d.post_id and p.status = 'published' and p.published_at <= ${slice.nowIso})
      ${slice.tagId === undefined ? sql`` : sql`and d.post_id in (select post_id from post_tags where tag_id = ${slice.tagId})`}
    order by d.translation_id desc limit ${slice.cap + 1}`;
}

function taggedTranslations(tagId: number) {
  return sql`select t.translation_id from post_tags pt join live_translations t on t.post_id = pt.post_id where pt.tag_id = ${tagId}`;
}
