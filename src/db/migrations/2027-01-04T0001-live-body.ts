// Live body (#27, after packed renderings): a live text names the revision it shows
// (`revision_id`), and that revision's `body` is the same Markdown, so the live row's own
// copy (5.2 KB a post on SQLite) is emptied to '' and readers take the revision's
// (db/repositories/live-body.ts). '' rather than null, on both databases: SQLite's column
// is NOT NULL (making it nullable means rebuilding the table), and one marker keeps one
// code path. A row whose body differs from its revision's (none should) keeps its text,
// which readers then prefer. Rows are taken 200 at a time by translation id, only those
// still holding a text, so it is safe to rerun and stops at the end whatever it leaves.
// The file shrinks at the next VACUUM (SQLite); until then new rows reuse the freed pages.
import { sql, type Kysely, type RawBuilder } from 'kysely';

const batch = 200;

export async function up(db: Kysely<unknown>): Promise<void> {
  await eachBatch(db, sql`body <> ''`, sql`
    update live_translations set body = ''
    where body <> '' and body = (select r.body from revisions r where r.id = live_translations.revision_id)`);
}

/** Each live row its own copy again, for the code of the version before. */
export async function down(db: Kysely<unknown>): Promise<void> {
  await eachBatch(db, sql`body = ''`, sql`
    update live_translations set body = coalesce((select r.body from revisions r where r.id = live_translations.revision_id), '')
    where body = ''`);
}

/** Runs `update` on each range of 200 live rows that `pending` selects, in translation id order. */
async function eachBatch(db: Kysely<unknown>, pending: RawBuilder<unknown>, update: RawBuilder<unknown>): Promise<void> {
  let after = 0;
  for (;;) {
    const { rows } = await sql<{ id: number }>`
      select translation_id as id from live_translations
      where translation_id > ${after} and ${pending}
      order by translation_id limit ${batch}`.execute(db);
    if (rows.length === 0) return;
    const last = Number(rows[rows.length - 1]!.id);
    await sql`${update} and translation_id > ${after} and translation_id <= ${last}`.execute(db);
    after = last;
  }
}
