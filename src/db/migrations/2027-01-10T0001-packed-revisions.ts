// Packed revisions (#27): a revision's Markdown becomes brotli bytes (db/stored-text.ts), as
// the renderings' HTML and plain text already are. Every save keeps a revision, and since the
// live row and the draft read their Markdown from theirs (live-body.ts), the revisions hold
// a site's only copies of its texts: a demo post's two took 5.0 KB as text on SQLite and
// 4.2 KB after PostgreSQL's pglz, 2.7 KB packed, and a text saved twenty times keeps twenty.
//
// SQLite stores whatever a row is given: each revision still held as text is packed in place,
// a batch of 200 rows a statement. PostgreSQL's column is `text`, and a type cannot change
// through a JavaScript function, so a new `bytea` column (EXTERNAL: out of line, no second
// compression by pglz) is filled 200 rows a statement by key, the old values emptied in the
// same update, then the old column is dropped and the new one takes its name, all in the
// migration's transaction (Kysely's migrator on PostgreSQL). The live rows' and drafts' own
// `body` (live-body.ts: '' where their revision holds the text, as almost all do) becomes
// `bytea` too on PostgreSQL, so that a reader's `coalesce` of it and its revision's has one
// type: '' becomes empty bytes, and the rare text of its own is packed. Safe to rerun: only a
// revision still held as text is packed, and a PostgreSQL column already `bytea` is left as it is.
import { sql, type Kysely } from 'kysely';
import { isPostgres } from '../dialect';
import { packText, unpackText, type StoredText } from '../stored-text';
import { columnTypeOf } from './columns-of';
import { inBatches } from './in-batches';

const batch = 200;

export async function up(db: Kysely<unknown>): Promise<void> {
  if (!isPostgres(db)) {
    await rewriteSqlite(db, 'text', (body) => packText(unpackText(body)));
    return;
  }
  if ((await columnTypeOf(db, 'revisions', 'body')) === 'text') await convertPostgres(db, 'bytea', (body) => packText(unpackText(body)));
  for (const { table, key } of ownBodies) {
    if ((await columnTypeOf(db, table, 'body')) !== 'text') continue;
    await sql`alter table ${sql.table(table)} alter column body drop default`.execute(db);
    await sql`alter table ${sql.table(table)} alter column body type bytea using convert_to(body, 'UTF8')`.execute(db);
    await sql`alter table ${sql.table(table)} alter column body set default ''::bytea`.execute(db);
    await rewriteOwnBodies(db, table, key, (bytes) => packText(Buffer.from(bytes).toString('utf8')));
  }
}

/** Back to text, for the code of the version before. */
export async function down(db: Kysely<unknown>): Promise<void> {
  if (!isPostgres(db)) {
    await rewriteSqlite(db, 'blob', (body) => unpackText(body));
    return;
  }
  if ((await columnTypeOf(db, 'revisions', 'body')) === 'bytea') await convertPostgres(db, 'text', (body) => unpackText(body));
  for (const { table, key } of ownBodies) {
    if ((await columnTypeOf(db, table, 'body')) !== 'bytea') continue;
    await rewriteOwnBodies(db, table, key, (bytes) => Buffer.from(unpackText(bytes), 'utf8'));
    await sql`alter table ${sql.table(table)} alter column body drop default`.execute(db);
    await sql`alter table ${sql.table(table)} alter column body type text using convert_from(body, 'UTF8')`.execute(db);
    await sql`alter table ${sql.table(table)} alter column body set default ''`.execute(db);
  }
}

const ownBodies = [
  { table: 'post_translations', key: 'id' },
  { table: 'live_translations', key: 'translation_id' },
] as const;

/** PostgreSQL: the own bodies that are not empty (few) through `change`, a batch a statement. */
async function rewriteOwnBodies(db: Kysely<unknown>, table: string, key: string, change: (body: Uint8Array) => Uint8Array): Promise<void> {
  await inBatches(
    async (after) =>
      (
        await sql<{ id: number; body: Uint8Array }>`
          select ${sql.ref(key)} as id, body from ${sql.table(table)}
          where ${sql.ref(key)} > ${after} and length(body) > 0 order by ${sql.ref(key)} limit ${batch}`.execute(db)
      ).rows,
    async (rows) => {
      const values = rows.map((row) => sql`(${row.id}::integer, ${change(row.body)}::bytea)`);
      await sql`
        update ${sql.table(table)} set body = v.body from (values ${sql.join(values)}) as v(id, body)
        where ${sql.ref(`${table}.${key}`)} = v.id`.execute(db);
    },
  );
}

type Row = { id: number; body: StoredText };

/** The revisions' bodies stored as `from` (SQLite's typeof) through `change`, a batch a statement. */
async function rewriteSqlite(db: Kysely<unknown>, from: 'text' | 'blob', change: (body: StoredText) => StoredText): Promise<void> {
  await inBatches(
    async (after) => (await sql<Row>`select id, body from revisions where id > ${after} and typeof(body) = ${from} order by id limit ${batch}`.execute(db)).rows,
    async (rows) => {
      const values = rows.map((row) => sql`(${row.id}, ${change(row.body)})`);
      await sql`
        with v(id, body) as (values ${sql.join(values)})
        update revisions set body = (select v.body from v where v.id = revisions.id)
        where id in (select id from v)`.execute(db);
    },
  );
}

/** Moves `body` into a new column of `type`, each value through `change`, then gives it the name. */
async function convertPostgres(db: Kysely<unknown>, type: 'bytea' | 'text', change: (body: StoredText) => StoredText): Promise<void> {
  await sql`alter table revisions add column if not exists body_converted ${sql.raw(type)}`.execute(db);
  if (type === 'bytea') await sql`alter table revisions alter column body_converted set storage external`.execute(db);
  await inBatches(
    async (after) => (await sql<Row>`select id, body from revisions where id > ${after} and body_converted is null order by id limit ${batch}`.execute(db)).rows,
    async (rows) => {
      const values = rows.map((row) => sql`(${row.id}::integer, ${change(row.body)}::${sql.raw(type)})`);
      // The old value emptied in the same update: its TOAST space is freed by the next vacuum.
      await sql`
        update revisions set body_converted = v.body, body = ${type === 'bytea' ? sql`''` : sql`'\\x'::bytea`}
        from (values ${sql.join(values)}) as v(id, body)
        where revisions.id = v.id`.execute(db);
    },
  );
  await sql`alter table revisions drop column body`.execute(db);
  await sql`alter table revisions rename column body_converted to body`.execute(db);
  await sql`alter table revisions alter column body set not null`.execute(db);
}
