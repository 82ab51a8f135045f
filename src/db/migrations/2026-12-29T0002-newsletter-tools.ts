// The Studio's newsletter tools (issue #25): a staff member's test sends are counted by
// recipient and time for their hourly limit (`email_outbox (kind, recipient,
// created_at)`), and each send's bounces are the reports about its recipients since it
// went out (`email_events (email, received_at)`); the send rate counts the newsletter
// e-mails sent in the last minute (`email_outbox (kind, sent_at)`).
//
// Safe to rerun: indexes only when absent.
import type { Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  const { schema } = db;
  await schema.createIndex('email_outbox_kind_recipient_idx').ifNotExists().on('email_outbox').columns(['kind', 'recipient', 'created_at']).execute();
  await schema.createIndex('email_outbox_kind_sent_idx').ifNotExists().on('email_outbox').columns(['kind', 'sent_at']).execute();
  await schema.createIndex('email_events_email_idx').ifNotExists().on('email_events').columns(['email', 'received_at']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('email_events_email_idx').ifExists().execute();
  await db.schema.dropIndex('email_outbox_kind_sent_idx').ifExists().execute();
  await db.schema.dropIndex('email_outbox_kind_recipient_idx').ifExists().execute();
}
