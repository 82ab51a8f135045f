// Compact storage (#27): a bilingual post of the demo's length took ~100 KB, most of it
// the same texts stored again and again. This converts a site in place:
//  - `blocks` (the rendering's top-level blocks, a second copy of its HTML) becomes the
//    blocks' lengths, cut back out of the HTML when read (core/markdown/stored-blocks.ts);
//  - a draft whose revision is the one live drops its copy of the live rendering and
//    shares it (db/repositories/shared-rendering.ts), when the two are the same;
//  - the search index drops its copy of each live text's plain text: a hit's snippet is
//    cut from the live text's own.
// Rows are read a batch at a time (bounded memory whatever the site's size). Safe to
// rerun: a compact row is left alone, the sharing only nulls what the live text holds,
// and the column is dropped only when present. The file shrinks at the next VACUUM (SQLite);
// until then the freed pages are reused by new rows.
import { sql, type Kysely } from 'kysely';
import { compactStoredBlocks, decodeStoredBlocks } from '@/core/markdown/stored-blocks';
import { isPostgres } from '../dialect';
import { columnsOf } from './columns-of';

const batch = 200;

export async function up(db: Kysely<unknown>): Promise<void> {
  await eachBatch(db, 'post_translations', 'id', compactBlocks);
  await eachBatch(db, 'live_translations', 'translation_id', compactBlocks);
  await shareLiveRenderings(db);
  if ((await columnsOf(db, 'search_documents')).includes('body_text')) {
    await db.schema.alterTable('search_documents').dropColumn('body_text').execute();
  }
}

function compactBlocks(row: Row): string | null {
  return row.html === null || row.blocks === null ? null : compactStoredBlocks(row.html, row.blocks);
}

/** Drafts whose rendering is the live one's, same revision and same bytes, stop copying it. */
async function shareLiveRenderings(db: Kysely<unknown>): Promise<void> {
  const same = isPostgres(db) ? sql`is not distinct from` : sql`is`;
  const { rows } = await sql<{ last: number | null }>`select max(id) as last from post_translations`.execute(db);
  const last = Number(rows[0]?.last ?? 0);
  for (let from = 0; from < last; from += batch * 10) {
    await sql`
      update post_translations set html = null, blocks = null, body_text = null
      where id > ${from} and id <= ${from + batch * 10} and html is not null
        and exists (
          select 1 from live_translations l
          where l.translation_id = post_translations.id and l.revision_id = post_translations.revision_id
            and l.html = post_translations.html and l.blocks ${same} post_translations.blocks
            and l.body_text ${same} post_translations.body_text
        )`.execute(db);
  }
}

/** Back to the layout before: every copy stored again, for the code of the version before. */
export async function down(db: Kysely<unknown>): Promise<void> {
  if (!(await columnsOf(db, 'search_documents')).includes('body_text')) {
    await db.schema.alterTable('search_documents').addColumn('body_text', 'text', (c) => c.notNull().defaultTo('')).execute();
    await sql`
      update search_documents set body_text = coalesce((
        select coalesce(l.body_text, l.body) from live_translations l where l.translation_id = search_documents.translation_id
      ), '')`.execute(db);
  }
  await sql`
    update post_translations set
      html = (select l.html from live_translations l where l.translation_id = post_translations.id),
      blocks = (select l.blocks from live_translations l where l.translation_id = post_translations.id),
      body_text = (select l.body_text from live_translations l where l.translation_id = post_translations.id)
    where html is null and exists (
      select 1 from live_translations l
      where l.translation_id = post_translations.id and l.revision_id = post_translations.revision_id and l.html is not null
    )`.execute(db);
  await eachBatch(db, 'post_translations', 'id', expandBlocks);
  await eachBatch(db, 'live_translations', 'translation_id', expandBlocks);
}

type Row = { id: number; html: string | null; blocks: string | null };

function expandBlocks(row: Row): string | null {
  if (row.html === null || row.blocks === null || !/^\[\d/.test(row.blocks)) return null;
  return JSON.stringify(decodeStoredBlocks(row.html, row.blocks));
}

/** Rewrites the `blocks` of every row of a table for which `convert` gives a new value, a batch at a time. */
async function eachBatch(db: Kysely<unknown>, table: string, key: string, convert: (row: Row) => string | null): Promise<void> {
  let after = 0;
  for (;;) {
    const { rows } = await sql<Row>`
      select ${sql.ref(key)} as id, html, blocks from ${sql.table(table)}
      where ${sql.ref(key)} > ${after} order by ${sql.ref(key)} limit ${batch}`.execute(db);
    if (rows.length === 0) return;
    for (const row of rows) {
      const blocks = convert(row);
      if (blocks !== null) await sql`update ${sql.table(table)} set blocks = ${blocks} where ${sql.ref(key)} = ${row.id}`.execute(db);
    }
    after = Number(rows[rows.length - 1]!.id);
  }
}
