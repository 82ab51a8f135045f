// Packed renderings (#27, after compact storage): on SQLite a stored rendering's HTML and
// plain text become brotli bytes (db/stored-text.ts), some a quarter of their size; the
// readers unpack them. PostgreSQL already compresses long text itself (TOAST) and keeps
// `text` columns, so there is nothing to do. Rows are read a batch at a time (bounded
// memory whatever the site's size); safe to rerun: only a value still stored as text is
// packed. The file shrinks at the next VACUUM; until then new rows reuse the freed pages.
import { sql, type Kysely } from 'kysely';
import { isPostgres } from '../dialect';
import { packText, unpackText, type StoredText } from '../stored-text';

const batch = 200;
const tables = [
  { table: 'post_translations', key: 'id' },
  { table: 'live_translations', key: 'translation_id' },
] as const;

export async function up(db: Kysely<unknown>): Promise<void> {
  if (isPostgres(db)) return;
  for (const { table, key } of tables) await eachBatch(db, table, key, 'text', (value) => packText(unpackText(value)));
}

/** Back to text, for the code of the version before. */
export async function down(db: Kysely<unknown>): Promise<void> {
  if (isPostgres(db)) return;
  for (const { table, key } of tables) await eachBatch(db, table, key, 'blob', (value) => unpackText(value));
}

type Row = { id: number; html: StoredText | null; body_text: StoredText | null };

/** Rewrites the html and body_text of the rows that hold one as `from` (SQLite's typeof), a batch at a time. */
async function eachBatch(db: Kysely<unknown>, table: string, key: string, from: 'text' | 'blob', convert: (value: StoredText) => StoredText): Promise<void> {
  let after = 0;
  for (;;) {
    const { rows } = await sql<Row>`
      select ${sql.ref(key)} as id, html, body_text from ${sql.table(table)}
      where ${sql.ref(key)} > ${after} and (typeof(html) = ${from} or typeof(body_text) = ${from})
      order by ${sql.ref(key)} limit ${batch}`.execute(db);
    if (rows.length === 0) return;
    for (const row of rows) {
      const html = row.html === null || typeof row.html !== (from === 'text' ? 'string' : 'object') ? row.html : convert(row.html);
      const bodyText = row.body_text === null || typeof row.body_text !== (from === 'text' ? 'string' : 'object') ? row.body_text : convert(row.body_text);
      await sql`update ${sql.table(table)} set html = ${html}, body_text = ${bodyText} where ${sql.ref(key)} = ${row.id}`.execute(db);
    }
    after = Number(rows[rows.length - 1]!.id);
  }
}
