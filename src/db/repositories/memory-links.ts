// Which posts hold which translation-memory units: what a suggestion names as its origin,
// and what keeps a unit (one no post holds is forgotten). Each database keeps them in the
// layout that costs it least (docs/performance.md, "The memory's links as one array a post"):
// - SQLite: a (post_id, unit_id) row a link in `translation_memory_links`, a table that is
//   its primary key's B-tree (WITHOUT ROWID), and an index by unit;
// - PostgreSQL: one row a post in `translation_memory_post_units`, its units' ids in an
//   array under a GIN index. Every PostgreSQL row carries a 24-byte header and an entry in
//   each index: a demo post's ~50 links took 3.5 KB as rows and take 0.5 KB as one array.
import { sql, type Kysely, type Transaction } from 'kysely';
import type { Locale } from '@/core/locales';
import { isPostgres } from '../dialect';
import type { Database } from '../schema';
import { chunks } from './statement-chunks';

type Db = Kysely<Database> | Transaction<Database>;

/** PostgreSQL's table (not in `Database`: SQLite has no such table). */
export type PostUnitsTables = {
  translation_memory_post_units: { post_id: number; unit_ids: number[] };
};

const postUnits = (db: Db) => db.withTables<PostUnitsTables>();

/** The units these posts hold, each once. */
export async function unitsHeldBy(db: Db, postIds: readonly number[]): Promise<number[]> {
  const held = new Set<number>();
  for (const chunk of chunks(postIds)) {
    if (isPostgres(db)) {
      for (const row of await postUnits(db).selectFrom('translation_memory_post_units').select('unit_ids').where('post_id', 'in', chunk).execute()) {
        for (const id of row.unit_ids) held.add(id);
      }
    } else {
      for (const row of await db.selectFrom('translation_memory_links').select('unit_id').where('post_id', 'in', chunk).execute()) held.add(row.unit_id);
    }
  }
  return [...held];
}

/** These posts now hold exactly `links`' units (a post missing from `links` holds none). */
export async function replaceLinks(db: Db, postIds: readonly number[], links: ReadonlyMap<number, ReadonlySet<number>>): Promise<void> {
  const table = isPostgres(db) ? 'translation_memory_post_units' : 'translation_memory_links';
  for (const chunk of chunks(postIds)) await postUnits(db).deleteFrom(table).where('post_id', 'in', chunk).execute();
  const held = [...links].filter(([, units]) => units.size > 0);
  if (isPostgres(db)) {
    const rows = held.map(([postId, units]) => ({ post_id: postId, unit_ids: [...units].sort((a, b) => a - b) }));
    // Fewer rows a statement: each carries its whole array (a long text holds hundreds of units).
    for (const chunk of chunks(rows, 100)) await postUnits(db).insertInto('translation_memory_post_units').values(chunk).execute();
    return;
  }
  const rows = held.flatMap(([postId, units]) => [...units].map((unitId) => ({ post_id: postId, unit_id: unitId })));
  for (const chunk of chunks(rows)) await db.insertInto('translation_memory_links').values(chunk).execute();
}

/** Forgets those of `unitIds` that no post holds (with their keys, by cascade). */
export async function forgetUnheld(db: Db, unitIds: readonly number[]): Promise<void> {
  for (const chunk of chunks(unitIds)) await forgetQuery(db, chunk).execute();
}

/** The statement forgetting those of `unitIds` no post holds (exported for its plan's test). */
export function forgetQuery(db: Db, unitIds: readonly number[]) {
  return db
    .deleteFrom('translation_memory_units')
    .where('id', 'in', [...unitIds])
    .where(({ not, exists }) => not(exists(holderOf(db))));
}

/** A post holding the unit of the row `translation_memory_units` (a correlated subquery). */
function holderOf(db: Db) {
  return isPostgres(db)
    ? sql`(select 1 from translation_memory_post_units p where p.unit_ids @> array[translation_memory_units.id])`
    : sql`(select 1 from translation_memory_links l where l.unit_id = translation_memory_units.id)`;
}

export interface UnitOrigin {
  unit_id: number;
  post_id: number;
  title: string;
  slug: string;
}

/**
 * For each of `unitIds`, the newest post holding it whose `locale` text is live, first
 * (SQLite: then the others; PostgreSQL: that one only). PostgreSQL asks the GIN index unit
 * by unit. Its estimate of how many posts hold a unit is a guess (15 of 3,000 for a unit
 * one post holds): asked for an overlap (`&&`) of a few ids it read every post's array, and
 * ordered by `post_id` it walks the posts backwards from the newest testing each array, all
 * of them for a unit only an old post holds. Ordering by `post_id + 0` leaves it the index
 * only: the posts holding the unit (one or a few on a real site) are read, then sorted.
 */
export async function originsOf(db: Db, unitIds: readonly number[], locale: Locale): Promise<UnitOrigin[]> {
  if (unitIds.length === 0) return [];
  if (isPostgres(db)) return (await postgresOriginsQuery(unitIds, locale).execute(db)).rows;
  return db
    .selectFrom('translation_memory_links as l')
    .innerJoin('live_translations as t', (join) => join.onRef('t.post_id', '=', 'l.post_id').on('t.locale', '=', locale))
    .select(['l.unit_id', 'l.post_id', 't.title', 't.slug'])
    .where('l.unit_id', 'in', [...unitIds])
    .orderBy('l.post_id', 'desc')
    .execute();
}

/**
 * PostgreSQL's statement of originsOf (exported for its plan's test). The newest holder is
 * found first and then joined to its text: a post holds units only while both its
 * languages are live (translation-memory-store.ts), so its `locale` text is there.
 */
export function postgresOriginsQuery(unitIds: readonly number[], locale: Locale) {
  return sql<UnitOrigin>`
    select q.unit_id, o.post_id, t.title, t.slug
    from unnest(${sql.val([...unitIds])}::integer[]) as q(unit_id)
    cross join lateral (
      select p.post_id from translation_memory_post_units p
      where p.unit_ids @> array[q.unit_id]
      order by p.post_id + 0 desc limit 1
    ) as o
    join live_translations t on t.post_id = o.post_id and t.locale = ${locale}`;
}
