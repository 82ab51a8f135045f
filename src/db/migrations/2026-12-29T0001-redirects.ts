// Old addresses of imported texts (Hugo `aliases`, a page's former `url`): a reader who
// follows one is sent, permanently, to the text's current address. One row per path and
// language; the post is named, not its slug, so a renamed text is still found. Deleting
// the post deletes its old addresses.
//
// Safe to rerun: the table is made only when missing.
import type { Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('redirects')
    .ifNotExists()
    // An absolute site path without a trailing slash, as the old site published it: `/2019/01/hello`.
    .addColumn('path', 'text', (c) => c.notNull())
    .addColumn('locale', 'text', (c) => c.notNull())
    .addColumn('post_id', 'integer', (c) => c.notNull().references('posts.id').onDelete('cascade'))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('redirects_pk', ['path', 'locale'])
    .execute();
  await db.schema.createIndex('redirects_post_idx').ifNotExists().on('redirects').column('post_id').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('redirects').ifExists().execute();
}
