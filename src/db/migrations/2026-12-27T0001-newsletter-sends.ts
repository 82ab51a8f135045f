// Sending a published language of a post to a newsletter (issue #25): one row per send in
// `newsletter_sends` (a language of a post goes to a newsletter once: UNIQUE(post_id,
// locale, newsletter_id)), and one outbox row per recipient, tied to its send and member
// (UNIQUE(send_id, member_id)), so the worker that expands a send into recipients can run
// twice, or on two instances at once, and still write each recipient once.
//
// `site_secrets` keeps the key of members' unsubscribe links (core/newsletters/unsubscribe-token.ts).
//
// Safe to rerun: the table, the columns and the indexes are made only when missing.
import type { Kysely } from 'kysely';
import { addIdColumn } from './add-id-column';
import { columnsOf } from './columns-of';

export async function up(db: Kysely<unknown>): Promise<void> {
  const { schema } = db;
  await addIdColumn(db, schema.createTable('newsletter_sends').ifNotExists())
    .addColumn('post_id', 'integer', (c) => c.notNull().references('posts.id').onDelete('cascade'))
    .addColumn('locale', 'text', (c) => c.notNull())
    .addColumn('newsletter_id', 'integer', (c) => c.notNull().references('newsletters.id').onDelete('cascade'))
    // 'scheduled' (waits for its text to go live) → 'queued' (its recipients are being
    // written, from the member after `expanded_through`) → 'sending' (all written) → 'sent'
    .addColumn('state', 'text', (c) => c.notNull())
    // The last member id whose outbox row is written: an expansion resumes after it.
    .addColumn('expanded_through', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('recipients', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_by', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('queued_at', 'text')
    .addColumn('finished_at', 'text')
    .addUniqueConstraint('newsletter_sends_once', ['post_id', 'locale', 'newsletter_id'])
    .execute();
  await schema.createIndex('newsletter_sends_state_idx').ifNotExists().on('newsletter_sends').columns(['state']).execute();

  const existing = await columnsOf(db, 'email_outbox');
  if (!existing.includes('send_id')) {
    await schema.alterTable('email_outbox').addColumn('send_id', 'integer', (c) => c.references('newsletter_sends.id').onDelete('cascade')).execute();
  }
  if (!existing.includes('member_id')) {
    await schema.alterTable('email_outbox').addColumn('member_id', 'integer', (c) => c.references('members.id').onDelete('cascade')).execute();
  }
  // One e-mail per recipient of a send (NULLs, the other kinds of mail, never collide).
  await schema.createIndex('email_outbox_send_member_idx').ifNotExists().unique().on('email_outbox').columns(['send_id', 'member_id']).execute();
  await schema.createIndex('email_outbox_member_idx').ifNotExists().on('email_outbox').columns(['member_id']).execute();

  // Keys the site makes for itself and never exports (the key of members' unsubscribe links).
  await schema
    .createTable('site_secrets')
    .ifNotExists()
    .addColumn('name', 'text', (c) => c.primaryKey())
    .addColumn('value', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('email_outbox_member_idx').ifExists().execute();
  await db.schema.dropIndex('email_outbox_send_member_idx').ifExists().execute();
  await db.schema.alterTable('email_outbox').dropColumn('member_id').execute();
  await db.schema.alterTable('email_outbox').dropColumn('send_id').execute();
  await db.schema.dropTable('site_secrets').ifExists().execute();
  await db.schema.dropTable('newsletter_sends').ifExists().execute();
}
