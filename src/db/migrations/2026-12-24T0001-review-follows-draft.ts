// A review request follows the draft (issue #23): a save after submitting moves the
// request to the new revision, so what a reviewer approves is the text as it is, never
// the stale one submitted before a fix. `submitted_revision_id` keeps what was first
// asked for (the reviewer sees what changed since), `changed_at` when it last moved.
//
// Safe to rerun: columns are added only when missing, and the backfill only fills blanks.
import { sql, type Kysely } from 'kysely';
import { columnsOf } from './columns-of';

export async function up(db: Kysely<unknown>): Promise<void> {
  const existing = await columnsOf(db, 'review_requests');
  if (!existing.includes('submitted_revision_id')) await db.schema.alterTable('review_requests').addColumn('submitted_revision_id', 'integer').execute();
  if (!existing.includes('changed_at')) await db.schema.alterTable('review_requests').addColumn('changed_at', 'text').execute();
  await sql`update review_requests set submitted_revision_id = revision_id where submitted_revision_id is null`.execute(db);
}
