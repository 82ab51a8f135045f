// The glossary (#28): the site's terms every translation follows (zh ↔ en, a note, "do not
// translate", forbidden variants as a JSON array), and the dismissals of the checks a
// translation went through, kept per revision so what a reviewer saw and waved through
// stays on record beside the revision it was about.
//
// Safe to rerun: every table and index is made only when missing.
import type { Kysely } from 'kysely';
import { addIdColumn } from './add-id-column';

export async function up(db: Kysely<unknown>): Promise<void> {
  const { schema } = db;
  await addIdColumn(db, schema.createTable('glossary_terms').ifNotExists())
    .addColumn('zh', 'text', (c) => c.notNull())
    .addColumn('en', 'text', (c) => c.notNull())
    .addColumn('note', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('do_not_translate', 'integer', (c) => c.notNull().defaultTo(0))
    // JSON array of strings
    .addColumn('forbidden', 'text', (c) => c.notNull().defaultTo('[]'))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .addColumn('updated_by', 'text')
    .execute();
  await schema.createIndex('glossary_terms_pair_idx').ifNotExists().unique().on('glossary_terms').columns(['zh', 'en']).execute();

  await addIdColumn(db, schema.createTable('translation_check_dismissals').ifNotExists())
    .addColumn('post_id', 'integer', (c) => c.notNull().references('posts.id').onDelete('cascade'))
    .addColumn('locale', 'text', (c) => c.notNull())
    .addColumn('revision_id', 'integer', (c) => c.notNull())
    // The check's key (core/translation/checks.ts): its code, blocks and values.
    .addColumn('check_key', 'text', (c) => c.notNull())
    .addColumn('code', 'text', (c) => c.notNull())
    .addColumn('reason', 'text', (c) => c.notNull())
    .addColumn('dismissed_by', 'text')
    .addColumn('dismissed_at', 'text', (c) => c.notNull())
    .execute();
  await schema
    .createIndex('translation_check_dismissals_key_idx')
    .ifNotExists()
    .unique()
    .on('translation_check_dismissals')
    .columns(['post_id', 'locale', 'revision_id', 'check_key'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('translation_check_dismissals').ifExists().execute();
  await db.schema.dropTable('glossary_terms').ifExists().execute();
}
