// Packed renderings on PostgreSQL too (#27): a rendering's HTML and plain text were `text`
// there, left to TOAST's pglz, which keeps 4.65 and 4.09 KB a post of them (Chinese text
// compresses badly with it, and nothing in a row under some 2 KB is compressed); as
// brotli bytes (db/stored-text.ts, as on SQLite since 2027-01-03) they take 3.2 and 2.5.
// So both columns of both text tables become `bytea` holding brotli, stored EXTERNAL (out
// of line without a second, futile compression by pglz).
//
// A column's type cannot change through a JavaScript function, so each table gets two new
// `bytea` columns, filled 200 rows a statement by key (the old values set to null in the same
// update, so their TOAST space is freed by the next vacuum, not kept in the new rows), then
// the old columns dropped and the new ones given their names. It runs in the migration's
// transaction (Kysely's migrator on PostgreSQL): a reader sees the table before or after.
// Safe to rerun: a table whose `html` is already `bytea` is left as it is. SQLite: nothing
// (its columns hold blobs already).
import { sql, type Kysely } from 'kysely';
import { isPostgres } from '../dialect';
import { packText, unpackText, type StoredText } from '../stored-text';

const batch = 200;
const tables = [
  { table: 'post_translations', key: 'id' },
  { table: 'live_translations', key: 'translation_id' },
] as const;
const columns = ['html', 'body_text'] as const;

export async function up(db: Kysely<unknown>): Promise<void> {
  if (!isPostgres(db)) return;
  for (const { table, key } of tables) {
    if ((await typeOf(db, table, 'html')) !== 'text') continue;
    await convert(db, table, key, 'bytea', (value) => packText(unpackText(value)));
  }
}

/** Back to text, for the code of the version before. */
export async function down(db: Kysely<unknown>): Promise<void> {
  if (!isPostgres(db)) return;
  for (const { table, key } of tables) {
    if ((await typeOf(db, table, 'html')) !== 'bytea') continue;
    await convert(db, table, key, 'text', (value) => unpackText(value));
  }
}

async function typeOf(db: Kysely<unknown>, table: string, column: string): Promise<string | undefined> {
  const { rows } = await sql<{ type: string }>`
    select data_type as type from information_schema.columns
    where table_schema = current_schema() and table_name = ${table} and column_name = ${column}`.execute(db);
  return rows[0]?.type;
}

type Row = { id: number; html: StoredText | null; body_text: StoredText | null };

/** Moves html and body_text into new columns of `type`, each value through `change`, then takes their names. */
async function convert(db: Kysely<unknown>, table: string, key: string, type: 'bytea' | 'text', change: (value: StoredText) => StoredText): Promise<void> {
  const fresh = (column: string) => `${column}_converted`;
  for (const column of columns) {
    await sql`alter table ${sql.table(table)} add column if not exists ${sql.ref(fresh(column))} ${sql.raw(type)}`.execute(db);
    if (type === 'bytea') await sql`alter table ${sql.table(table)} alter column ${sql.ref(fresh(column))} set storage external`.execute(db);
  }
  let after = 0;
  for (;;) {
    const { rows } = await sql<Row>`
      select ${sql.ref(key)} as id, html, body_text from ${sql.table(table)}
      where ${sql.ref(key)} > ${after} and (html is not null or body_text is not null)
      order by ${sql.ref(key)} limit ${batch}`.execute(db);
    if (rows.length === 0) break;
    // The batch in one statement: a round trip a row made the migration's time mostly waiting.
    const values = rows.map((row) => {
      const html = row.html === null ? null : change(row.html);
      const bodyText = row.body_text === null ? null : change(row.body_text);
      return sql`(${row.id}::integer, ${html}::${sql.raw(type)}, ${bodyText}::${sql.raw(type)})`;
    });
    await sql`
      update ${sql.table(table)} set html_converted = v.html, body_text_converted = v.body_text, html = null, body_text = null
      from (values ${sql.join(values)}) as v(id, html, body_text)
      where ${sql.ref(`${table}.${key}`)} = v.id`.execute(db);
    after = Number(rows[rows.length - 1]!.id);
  }
  for (const column of columns) {
    await sql`alter table ${sql.table(table)} drop column ${sql.ref(column)}`.execute(db);
    await sql`alter table ${sql.table(table)} rename column ${sql.ref(fresh(column))} to ${sql.ref(column)}`.execute(db);
  }
}
