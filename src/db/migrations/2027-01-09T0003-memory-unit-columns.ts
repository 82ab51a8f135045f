// The translation memory's units lose two columns nothing reads (#27): `kind` (the Markdown
// block the first segment came from) and `updated_at` (when the unit was first stored),
// written with every unit since 2026-12-30 and never read back: a suggestion is its texts,
// its match and the post it came from. Some 35 bytes a unit, 1.4 KB a post of distinct texts.
//
// SQLite's DROP COLUMN rewrites every row without the column; PostgreSQL's only marks it
// dropped, and an existing row keeps its bytes until it is written again (VACUUM FULL
// reclaims them at once); new units are stored without them on both. Safe to rerun: a
// column already gone is not dropped again.
import type { Kysely } from 'kysely';
import { columnsOf } from './columns-of';

const table = 'translation_memory_units';
const dropped = ['kind', 'updated_at'] as const;

export async function up(db: Kysely<unknown>): Promise<void> {
  const columns = await columnsOf(db, table);
  for (const column of dropped) if (columns.includes(column)) await db.schema.alterTable(table).dropColumn(column).execute();
}

/** The columns back, empty in the existing units (the code before writes them and never reads them). */
export async function down(db: Kysely<unknown>): Promise<void> {
  const columns = await columnsOf(db, table);
  for (const column of dropped) {
    if (!columns.includes(column)) await db.schema.alterTable(table).addColumn(column, 'text', (c) => c.notNull().defaultTo('')).execute();
  }
}
