// Draft body (#27, after the live body): a draft names the revision it holds
// (`revision_id`), and every save writes that revision from the same Markdown, so the
// draft's own copy (5.2 KB a post on SQLite) is emptied to '' and readers take the
// revision's (db/repositories/live-body.ts, `draftBody()`). '' rather than null, as for
// the live table: SQLite's column is NOT NULL. A draft whose body differs from its
// revision's, or that has no revision (revision_id null), keeps its text, which readers
// then prefer. Rows are taken 200 at a time by id, only those still holding a text, so it
// is safe to rerun and stops at the end whatever it leaves. The file shrinks at the next
// VACUUM (SQLite); until then new rows reuse the freed pages.
import { sql, type Kysely, type RawBuilder } from 'kysely';

const batch = 200;

export async function up(db: Kysely<unknown>): Promise<void> {
  await eachBatch(db, sql`body <> ''`, sql`
    update post_translations set body = ''
    where body <> '' and body = (select r.body from revisions r where r.id = post_translations.revision_id)`);
}

/** Each draft its own copy again, for the code of the version before. */
export async function down(db: Kysely<unknown>): Promise<void> {
  await eachBatch(db, sql`body = '' and revision_id is not null`, sql`
    update post_translations set body = coalesce((select r.body from revisions r where r.id = post_translations.revision_id), '')
    where body = ''`);
}

/** Runs `update` on each range of 200 drafts that `pending` selects, in id order. */
async function eachBatch(db: Kysely<unknown>, pending: RawBuilder<unknown>, update: RawBuilder<unknown>): Promise<void> {
  let after = 0;
  for (;;) {
    const { rows } = await sql<{ id: number }>`
      select id from post_translations
      where id > ${after} and ${pending}
      order by id limit ${batch}`.execute(db);
    if (rows.length === 0) return;
    const last = Number(rows[rows.length - 1]!.id);
    await sql`${update} and id > ${after} and id <= ${last}`.execute(db);
    after = last;
  }
}
