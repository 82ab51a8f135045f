// The search index: a row per published translation in `search_documents` (with its
// body as plain text, for snippets), and the
// tokens made by core/search/tokenize.ts, which the database only stores and ranks:
//  - SQLite: a contentless FTS5 table `search_fts` (rowid = translation id) with the
//    columns title, excerpt, names (tags and authors) and body, plus `lang`, which holds
//    the translation's locale as a token so a language filter stays inside the index.
//    unicode61 splits on the spaces between tokens and keeps Han tokens whole (accents
//    are already folded). A trigger removes a document's tokens with its row, cascades
//    included.
//  - PostgreSQL: `tsv`, the weighted tsvector matched through a GIN index (title A,
//    excerpt and names B, body C, 'simple' configuration), and `head`, the same without
//    the body, which ranking reads: a few hundred bytes kept in the row, where ranking
//    by `tsv` would fetch and decompress every match's large vector from TOAST (ten
//    times slower for a common word).
// Schema only; filling the index for existing content is the next migration. Every
// statement is `if not exists`, so an interrupted run can simply be rerun.
import { sql, type Kysely } from 'kysely';
import { isPostgres } from './add-id-column';

export async function up(db: Kysely<unknown>): Promise<void> {
  const postgres = isPostgres(db);
  await db.schema
    .createTable('search_documents')
    .ifNotExists()
    .addColumn('translation_id', 'integer', (c) => c.primaryKey().references('post_translations.id').onDelete('cascade'))
    .addColumn('post_id', 'integer', (c) => c.notNull().references('posts.id').onDelete('cascade'))
    .addColumn('locale', 'text', (c) => c.notNull())
    // The body as plain text, for result snippets.
    .addColumn('body_text', 'text', (c) => c.notNull())
    .$call((table) =>
      postgres ? table.addColumn('tsv', sql`tsvector`, (c) => c.notNull()).addColumn('head', sql`tsvector`, (c) => c.notNull()) : table,
    )
    .execute();
  await db.schema.createIndex('search_documents_post_idx').ifNotExists().on('search_documents').column('post_id').execute();

  if (postgres) {
    await sql`create index if not exists search_documents_tsv_idx on search_documents using gin (tsv)`.execute(db);
    return;
  }
  await sql`
    create virtual table if not exists search_fts using fts5(
      title, excerpt, names, body, lang,
      content = '', contentless_delete = 1, tokenize = 'unicode61 remove_diacritics 0'
    )`.execute(db);
  await sql`
    create trigger if not exists search_documents_fts_delete after delete on search_documents
    begin
      delete from search_fts where rowid = old.translation_id;
    end`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  if (!isPostgres(db)) {
    await sql`drop trigger if exists search_documents_fts_delete`.execute(db);
    await sql`drop table if exists search_fts`.execute(db);
  }
  await db.schema.dropTable('search_documents').ifExists().execute();
}
