// The Studio's Members screen reads members by status and newest first, counts the
// confirmations of the last weeks, and filters by newsletter: each of those an index, so a
// page of 50 and its counts stay quick at 100,000 members. Safe to rerun.
import type { Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  const { schema } = db;
  await schema.createIndex('members_status_idx').ifNotExists().on('members').columns(['status', 'id']).execute();
  await schema.createIndex('members_language_idx').ifNotExists().on('members').columns(['language', 'id']).execute();
  await schema.createIndex('members_confirmed_at_idx').ifNotExists().on('members').column('confirmed_at').execute();
  await schema.createIndex('member_newsletters_newsletter_idx').ifNotExists().on('member_newsletters').columns(['newsletter_id', 'member_id']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const index of ['members_status_idx', 'members_language_idx', 'members_confirmed_at_idx', 'member_newsletters_newsletter_idx']) {
    await db.schema.dropIndex(index).ifExists().execute();
  }
}
