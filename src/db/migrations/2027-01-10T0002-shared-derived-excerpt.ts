// A draft that shares the live text's rendering (shared-rendering.ts: its html, blocks and
// plain text null, readers joining the live row of the same revision) shares its derived
// excerpt too (#27): it kept a copy, 0.44 KB a demo post on both databases. Each such draft's
// copy is emptied in one statement (the live row keeps the same excerpt); its down step copies
// the live row's back. Safe to rerun: an emptied copy is left as it is.
import { sql, type Kysely } from 'kysely';

/** The drafts sharing their live row's rendering: no HTML of their own, and that row shows their revision. */
const sharing = sql`
  post_translations.html is null
  and exists (select 1 from live_translations l where l.translation_id = post_translations.id and l.revision_id = post_translations.revision_id)`;

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`update post_translations set derived_excerpt = null where derived_excerpt is not null and ${sharing}`.execute(db);
}

/** The copies back, for the code of the version before. */
export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`
    update post_translations set derived_excerpt = (
      select l.derived_excerpt from live_translations l where l.translation_id = post_translations.id and l.revision_id = post_translations.revision_id)
    where derived_excerpt is null and ${sharing}`.execute(db);
}
