// A rendering's plain text packed against its HTML (#27; db/stored-text.ts, packPlainText):
// the text is the HTML without its markup, so deflated with that HTML as zlib's dictionary a
// demo text's 1.27 KB of brotli become 0.15, on both databases (2.2 KB a bilingual post).
// Each stored rendering, live or draft, is rewritten in place, 200 rows a statement by key;
// a text whose HTML is past the deflate window keeps its brotli bytes. Safe to rerun: only a
// value not yet packed against its HTML (a brotli stream, whose first byte is never 0x78)
// is read again, and packing is the same each time. The down step packs each text alone.
import { sql, type Kysely } from 'kysely';
import { isPostgres } from '../dialect';
import { packPlainText, packText, unpackPlainText, unpackText, type StoredText } from '../stored-text';
import { inBatches } from './in-batches';

const batch = 200;
const tables = [
  { table: 'post_translations', key: 'id' },
  { table: 'live_translations', key: 'translation_id' },
] as const;

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const { table, key } of tables) {
    await rewrite(db, table, key, 'alone', (text, html) => packPlainText(text, html));
  }
}

/** Each text packed alone again, for the code of the version before. */
export async function down(db: Kysely<unknown>): Promise<void> {
  for (const { table, key } of tables) await rewrite(db, table, key, 'against', (text) => packText(text));
}

type Row = { id: number; html: StoredText; body_text: StoredText };

/** The rows whose plain text is packed `from` one way, each through `change`, a batch a statement. */
async function rewrite(db: Kysely<unknown>, table: string, key: string, from: 'alone' | 'against', change: (text: string, html: string) => Uint8Array): Promise<void> {
  // The first byte of a zlib stream: 0x78.
  const zlibFirst = isPostgres(db) ? sql`get_byte(body_text, 0) = 120` : sql`hex(substr(body_text, 1, 1)) = '78'`;
  await inBatches(
    async (after) =>
      (
        await sql<Row>`
          select ${sql.ref(key)} as id, html, body_text from ${sql.table(table)}
          where ${sql.ref(key)} > ${after} and html is not null and body_text is not null
            and length(body_text) > 0 and ${from === 'alone' ? sql`not ` : sql``}${zlibFirst}
          order by ${sql.ref(key)} limit ${batch}`.execute(db)
      ).rows,
    async (rows) => {
      const changed = rows.flatMap((row) => {
        const html = unpackText(row.html);
        const packed = change(unpackPlainText(row.body_text, html) ?? '', html);
        return Buffer.compare(Buffer.from(packed), Buffer.from(row.body_text as Uint8Array)) === 0 ? [] : [{ id: row.id, packed }];
      });
      if (changed.length > 0) await update(db, table, key, changed);
    },
  );
}

async function update(db: Kysely<unknown>, table: string, key: string, rows: Array<{ id: number; packed: Uint8Array }>): Promise<void> {
  if (isPostgres(db)) {
    const values = rows.map((row) => sql`(${row.id}::integer, ${row.packed}::bytea)`);
    await sql`
      update ${sql.table(table)} set body_text = v.body_text from (values ${sql.join(values)}) as v(id, body_text)
      where ${sql.ref(`${table}.${key}`)} = v.id`.execute(db);
    return;
  }
  const values = rows.map((row) => sql`(${row.id}, ${row.packed})`);
  await sql`
    with v(id, body_text) as (values ${sql.join(values)})
    update ${sql.table(table)} set body_text = (select v.body_text from v where v.id = ${sql.ref(`${table}.${key}`)})
    where ${sql.ref(key)} in (select id from v)`.execute(db);
}
