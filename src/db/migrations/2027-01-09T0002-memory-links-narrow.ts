// The translation memory's links, narrowed (#27): a link said which post holds a unit, and
// where in it (`block_index`, `sentence_index`), as part of its primary key. Nothing reads
// where: a suggestion's origin is the post, and a unit no post holds is forgotten. So a
// link is now (post_id, unit_id), once per post whatever the times the post repeats the
// sentence, and on SQLite the table is its primary key's B-tree (WITHOUT ROWID) instead of
// a rowid table with the same columns again in an automatic index: some 4.4 KB a post on
// PostgreSQL, 2.2 on SQLite (docs/performance.md, "The memory's links, narrowed").
//
// A copy, not columns dropped in place: PostgreSQL keeps a dropped column's bytes in every
// row until the row is written again. The new table is filled from the old one in one
// statement, the old one dropped and the new one given its name, in the migration's
// transaction. Safe to rerun: a table without `block_index` is left as it is.
import { sql, type Kysely } from 'kysely';
import { isPostgres } from '../dialect';
import { columnsOf } from './columns-of';

const table = 'translation_memory_links';
const next = 'translation_memory_links_next';

export async function up(db: Kysely<unknown>): Promise<void> {
  if (!(await columnsOf(db, table)).includes('block_index')) return;
  await db.schema
    .createTable(next)
    .addColumn('post_id', 'integer', (c) => c.notNull().references('posts.id').onDelete('cascade'))
    .addColumn('unit_id', 'integer', (c) => c.notNull().references('translation_memory_units.id').onDelete('cascade'))
    .addPrimaryKeyConstraint('translation_memory_links_post_unit_pk', ['post_id', 'unit_id'])
    .$call((builder) => (isPostgres(db) ? builder : builder.modifyEnd(sql`without rowid`)))
    .execute();
  await sql`
    insert into ${sql.table(next)} (post_id, unit_id)
    select distinct post_id, unit_id from ${sql.table(table)} order by post_id, unit_id`.execute(db);
  await swap(db);
}

/** The layout before: every link at block 0, sentence -1 (the code before never read them). */
export async function down(db: Kysely<unknown>): Promise<void> {
  if ((await columnsOf(db, table)).includes('block_index')) return;
  await db.schema
    .createTable(next)
    .addColumn('unit_id', 'integer', (c) => c.notNull().references('translation_memory_units.id').onDelete('cascade'))
    .addColumn('post_id', 'integer', (c) => c.notNull().references('posts.id').onDelete('cascade'))
    .addColumn('block_index', 'integer', (c) => c.notNull())
    .addColumn('sentence_index', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('translation_memory_links_pk', ['post_id', 'unit_id', 'block_index', 'sentence_index'])
    .execute();
  await sql`insert into ${sql.table(next)} (unit_id, post_id, block_index, sentence_index) select unit_id, post_id, 0, -1 from ${sql.table(table)}`.execute(db);
  await swap(db);
}

/** The new table takes the old one's name and its unit index. */
async function swap(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable(table).execute();
  await sql`alter table ${sql.table(next)} rename to ${sql.table(table)}`.execute(db);
  await db.schema.createIndex('translation_memory_links_unit_idx').on(table).column('unit_id').execute();
}
