// The memory's links as one array a post on PostgreSQL (#27; repositories/memory-links.ts):
// a (post_id, unit_id) row a link cost PostgreSQL a 24-byte header and an entry in two
// indexes, 3.5 KB a demo post; one row a post with its units' ids in an array under a GIN
// index costs 0.5 KB (docs/performance.md, "The memory's links as one array a post").
// SQLite keeps its rows, a WITHOUT ROWID table that already costs little: nothing changes there.
//
// The new table is filled from the old one in one statement, the old one dropped, in the
// migration's transaction. Safe to rerun: it does nothing when the old table is gone. The
// down step puts back the narrow rows (2027-01-09T0002-memory-links-narrow's layout).
import { sql, type Kysely } from 'kysely';
import { isPostgres } from '../dialect';
import { columnsOf } from './columns-of';

const links = 'translation_memory_links';
const postUnits = 'translation_memory_post_units';

export async function up(db: Kysely<unknown>): Promise<void> {
  if (!isPostgres(db) || (await columnsOf(db, links)).length === 0) return;
  await db.schema
    .createTable(postUnits)
    .ifNotExists()
    .addColumn('post_id', 'integer', (c) => c.primaryKey().references('posts.id').onDelete('cascade'))
    .addColumn('unit_ids', sql`integer[]`, (c) => c.notNull())
    .execute();
  await sql`
    insert into ${sql.table(postUnits)} (post_id, unit_ids)
    select post_id, array_agg(unit_id order by unit_id) from ${sql.table(links)} group by post_id`.execute(db);
  await db.schema.dropTable(links).execute();
  // Without GIN's pending list: a publish writes one row, and a lookup then need not read
  // every entry written since the last vacuum as well as the index.
  await sql`create index if not exists translation_memory_post_units_units_idx on ${sql.table(postUnits)} using gin (unit_ids) with (fastupdate = off)`.execute(db);
}

/** The rows back, for the code of the version before. */
export async function down(db: Kysely<unknown>): Promise<void> {
  if (!isPostgres(db) || (await columnsOf(db, postUnits)).length === 0) return;
  await db.schema
    .createTable(links)
    .addColumn('post_id', 'integer', (c) => c.notNull().references('posts.id').onDelete('cascade'))
    .addColumn('unit_id', 'integer', (c) => c.notNull().references('translation_memory_units.id').onDelete('cascade'))
    .addPrimaryKeyConstraint('translation_memory_links_post_unit_pk', ['post_id', 'unit_id'])
    .execute();
  // Only units that still exist: the array has no foreign key to keep it so.
  await sql`
    insert into ${sql.table(links)} (post_id, unit_id)
    select p.post_id, u.unit_id from ${sql.table(postUnits)} p cross join lateral unnest(p.unit_ids) as u(unit_id)
    where exists (select 1 from translation_memory_units m where m.id = u.unit_id)
    order by 1, 2`.execute(db);
  await db.schema.dropTable(postUnits).execute();
  await db.schema.createIndex('translation_memory_links_unit_idx').on(links).column('unit_id').execute();
}
