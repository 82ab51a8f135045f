// The translation memory's key index (#27): which units hold each key of a source text
// (core/translation/memory-units, memoryKeyHashes), kept by each database's own inverted
// index instead of a row per (key, unit), which was most of a real site's storage
// (docs/performance.md, "The memory's keys in an inverted index"):
// - SQLite: a contentless FTS5 table, one document per unit (rowid = unit id) whose
//   tokens are its key hashes in base 36; a trigger forgets a deleted unit's keys.
// - PostgreSQL: the unit's `keys integer[]` under a GIN index.
// Both answer the same question the same way: the units sharing at least `minShared` of
// a query's keys, most shared first.
import { sql, type Kysely, type RawBuilder, type Transaction } from 'kysely';
import { isPostgres } from '../dialect';
import type { Database } from '../schema';

type Db = Kysely<Database> | Transaction<Database>;

/** SQLite's table, as Kysely sees it (only this file and its migration touch it). */
type KeyIndexTables = {
  translation_memory_key_index: { rowid: number; keys: string };
};

/** A hash as an FTS5 token: base 36 of its unsigned value, letters and digits only. */
export const keyToken = (hash: number) => (hash >>> 0).toString(36);
/** A unit's document in the FTS5 table: its hashes as tokens. */
export const keyTokens = (hashes: Iterable<number>) => Array.from(hashes, keyToken).join(' ');

const rowsPerInsert = 500;

/**
 * Stores the keys of units just inserted. On PostgreSQL they went in with the unit
 * (`keys`, see keysColumn), so nothing is left to write.
 */
export async function storeKeys(db: Db, units: ReadonlyArray<{ id: number; hashes: readonly number[] }>): Promise<void> {
  if (isPostgres(db)) return;
  const rows = units.filter((unit) => unit.hashes.length > 0).map((unit) => ({ rowid: unit.id, keys: keyTokens(unit.hashes) }));
  const index = db.withTables<KeyIndexTables>();
  for (let i = 0; i < rows.length; i += rowsPerInsert) await index.insertInto('translation_memory_key_index').values(rows.slice(i, i + rowsPerInsert)).execute();
}

/** The columns a unit's insert carries for its keys: PostgreSQL's array, nothing on SQLite. */
export const keysColumn = (db: Db, hashes: readonly number[]): { keys?: number[] } => (isPostgres(db) ? { keys: [...hashes] } : {});

/** Units sharing at least `minShared` of `hashes`, most shared first (then the oldest), at most `limit`. */
export async function unitsSharingKeys(db: Db, hashes: readonly number[], minShared: number, limit: number): Promise<Array<{ unit_id: number; shared: number }>> {
  if (hashes.length === 0) return [];
  const wanted = [...new Set(hashes)];
  const probe = isPostgres(db) ? rarestKeys(wanted, minShared, await commonKeys(db)) : wanted;
  return (await sharingKeysQuery(db, wanted, minShared, limit, probe).execute(db)).rows;
}

/**
 * The keys a lookup asks PostgreSQL's GIN index for. A unit sharing `minShared` (m) of the
 * query's n distinct keys holds at least one of any n − m + 1 of them, so asking for the
 * rarest n − m + 1 finds every such unit while leaving out the common keys, whose rows would
 * each be read and counted (docs/performance.md, "Only the rarest keys asked for"). Which
 * keys are chosen never changes the answer, only how many rows are read.
 */
export function rarestKeys(wanted: readonly number[], minShared: number, frequency: ReadonlyMap<number, number>): number[] {
  const count = wanted.length - Math.max(1, Math.min(minShared, wanted.length)) + 1;
  return [...wanted].sort((a, b) => (frequency.get(a) ?? 0) - (frequency.get(b) ?? 0) || a - b).slice(0, count);
}

/** commonKeys's last answer for each database, and when it was read. */
const commonKeysRead = new WeakMap<object, { at: number; keys: Promise<ReadonlyMap<number, number>> }>();

/**
 * The most common keys among the units and the share of units holding each, from the
 * statistics ANALYZE keeps (`most_common_elems` of `keys`, up to 1,000 on PostgreSQL's
 * defaults); a key it does not list is rarer than any it does. An unanalysed table lists
 * none, and every key is then asked for. Reading pg_stats takes a few milliseconds, more
 * than the lookup it spares, and the figures only change when ANALYZE runs again: kept for
 * `maxAgeMs`.
 */
export function commonKeys(db: Db, maxAgeMs = 60_000): Promise<ReadonlyMap<number, number>> {
  const kept = commonKeysRead.get(db);
  if (kept && Date.now() - kept.at < maxAgeMs) return kept.keys;
  const keys = sql<{ elems: number[] | null; freqs: number[] | null }>`
    select most_common_elems::text::integer[] as elems, most_common_elem_freqs as freqs from pg_stats
    where schemaname = current_schema() and tablename = 'translation_memory_units' and attname = 'keys'`
    .execute(db)
    .then(({ rows }) => new Map((rows[0]?.elems ?? []).map((hash, i) => [hash, Number(rows[0]!.freqs![i])])))
    // Statistics that cannot be read (a server hiding pg_stats) only cost speed: every key is asked for.
    .catch(() => new Map<number, number>());
  commonKeysRead.set(db, { at: Date.now(), keys });
  return keys;
}

/**
 * unitsSharingKeys's query (exported for its plan's test): the units holding one of `probe`
 * (PostgreSQL; SQLite reads every key's list), counted against all of `hashes`.
 */
export function sharingKeysQuery(db: Db, hashes: readonly number[], minShared: number, limit: number, probe: readonly number[] = hashes): RawBuilder<{ unit_id: number; shared: number }> {
  const wanted = [...new Set(hashes)];
  if (isPostgres(db)) {
    return sql`
      select id as unit_id, shared from (
        select id, (select count(*) from unnest(keys) as k where k = any(${wanted}::integer[]))::integer as shared
        from translation_memory_units where keys && ${[...new Set(probe)]}::integer[]
      ) as candidates
      where shared >= ${minShared} order by shared desc, id limit ${limit}`;
  }
  // One posting list a key, counted per unit: FTS5 reads each list from its own pages.
  const lists = sql.join(
    wanted.map((hash) => sql`select rowid from translation_memory_key_index where translation_memory_key_index match ${`"${keyToken(hash)}"`}`),
    sql` union all `,
  );
  return sql`
    select rowid as unit_id, count(*) as shared from (${lists})
    group by rowid having count(*) >= ${minShared} order by shared desc, unit_id limit ${limit}`;
}

/** Every (unit, key hash) the index holds, for tests and checks: FTS5's vocabulary on SQLite. */
export async function allUnitKeys(db: Db): Promise<Array<{ unit_id: number; hash: number }>> {
  if (isPostgres(db)) {
    const { rows } = await sql<{ unit_id: number; hash: number }>`select id as unit_id, unnest(keys) as hash from translation_memory_units`.execute(db);
    return rows;
  }
  await sql`create virtual table if not exists temp.translation_memory_key_terms using fts5vocab(main, translation_memory_key_index, instance)`.execute(db);
  const { rows } = await sql<{ unit_id: number; term: string }>`select doc as unit_id, term from temp.translation_memory_key_terms`.execute(db);
  return rows.map((row) => ({ unit_id: row.unit_id, hash: parseInt(row.term, 36) | 0 }));
}
