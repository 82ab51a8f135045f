// The translation memory (issue #28): the aligned segments of the site's published pairs,
// one row per distinct (direction, source text, target text) — a unit — with the posts and
// places it came from, and an index of its source text's keys (CJK bigrams, words) so a
// lookup reads the units that share keys with the query instead of every unit. Maintained
// when a text goes live or offline (db/repositories/live-translation.ts); deleting a post
// deletes its links, and a unit with no link left is removed by the same maintenance.
//
// Safe to rerun: tables and indexes only when missing.
import type { Kysely } from 'kysely';
import { addIdColumn } from './add-id-column';

export async function up(db: Kysely<unknown>): Promise<void> {
  await addIdColumn(db, db.schema.createTable('translation_memory_units').ifNotExists())
    .addColumn('from_locale', 'text', (c) => c.notNull())
    .addColumn('to_locale', 'text', (c) => c.notNull())
    // sha-256 of the source and target texts: the unit's identity, short enough for an index.
    .addColumn('source_hash', 'text', (c) => c.notNull())
    .addColumn('target_hash', 'text', (c) => c.notNull())
    .addColumn('source_text', 'text', (c) => c.notNull())
    .addColumn('target_text', 'text', (c) => c.notNull())
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('translation_memory_units_identity_idx')
    .ifNotExists()
    .unique()
    .on('translation_memory_units')
    .columns(['from_locale', 'to_locale', 'source_hash', 'target_hash'])
    .execute();

  await db.schema
    .createTable('translation_memory_links')
    .ifNotExists()
    .addColumn('unit_id', 'integer', (c) => c.notNull().references('translation_memory_units.id').onDelete('cascade'))
    .addColumn('post_id', 'integer', (c) => c.notNull().references('posts.id').onDelete('cascade'))
    .addColumn('block_index', 'integer', (c) => c.notNull())
    .addColumn('sentence_index', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('translation_memory_links_pk', ['post_id', 'unit_id', 'block_index', 'sentence_index'])
    .execute();
  await db.schema.createIndex('translation_memory_links_unit_idx').ifNotExists().on('translation_memory_links').column('unit_id').execute();

  await db.schema
    .createTable('translation_memory_keys')
    .ifNotExists()
    // The direction and the key: `zh>en|双声`, `en>zh|magazine`.
    .addColumn('key', 'text', (c) => c.notNull())
    .addColumn('unit_id', 'integer', (c) => c.notNull().references('translation_memory_units.id').onDelete('cascade'))
    .addPrimaryKeyConstraint('translation_memory_keys_pk', ['key', 'unit_id'])
    .execute();
  await db.schema.createIndex('translation_memory_keys_unit_idx').ifNotExists().on('translation_memory_keys').column('unit_id').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('translation_memory_keys').ifExists().execute();
  await db.schema.dropTable('translation_memory_links').ifExists().execute();
  await db.schema.dropTable('translation_memory_units').ifExists().execute();
}
