// A tag's description per language: a few sentences a tag's page shows under its heading
// (an imported Hugo taxonomy term's or section's `_index.md`, or written in the Studio's
// Tags screen). Empty when a tag has none.
//
// Safe to rerun: the column is added only when missing.
import type { Kysely } from 'kysely';
import { columnsOf } from './columns-of';

export async function up(db: Kysely<unknown>): Promise<void> {
  if ((await columnsOf(db, 'tag_texts')).includes('description')) return;
  await db.schema.alterTable('tag_texts').addColumn('description', 'text', (c) => c.notNull().defaultTo('')).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  if (!(await columnsOf(db, 'tag_texts')).includes('description')) return;
  await db.schema.alterTable('tag_texts').dropColumn('description').execute();
}
