// Bounces and complaints (issue #25): a member's address can be marked `bounced` (a
// permanent refusal: an SMTP 5xx or a provider's hard bounce) or `complained` (the reader
// reported a message as spam), and no newsletter goes to it again. `email_events` keeps
// each provider event once (UNIQUE provider + event id), so a webhook delivered twice
// changes nothing the second time.
//
// Safe to rerun: columns are added only when missing, tables and indexes only when absent.
import type { Kysely } from 'kysely';
import { addIdColumn } from './add-id-column';
import { columnsOf } from './columns-of';

export async function up(db: Kysely<unknown>): Promise<void> {
  const { schema } = db;
  const have = await columnsOf(db, 'members');
  // null: deliverable; 'bounced' | 'complained'
  if (!have.includes('address_state')) await schema.alterTable('members').addColumn('address_state', 'text').execute();
  if (!have.includes('address_state_at')) await schema.alterTable('members').addColumn('address_state_at', 'text').execute();
  await schema.createIndex('members_address_state_idx').ifNotExists().on('members').columns(['address_state', 'id']).execute();

  await addIdColumn(db, schema.createTable('email_events').ifNotExists())
    // 'smtp' | 'ses' | 'postmark' | 'resend' | 'mailgun'
    .addColumn('provider', 'text', (c) => c.notNull())
    .addColumn('event_id', 'text', (c) => c.notNull())
    // 'bounced' | 'complained'
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('email', 'text', (c) => c.notNull())
    .addColumn('received_at', 'text', (c) => c.notNull())
    .addUniqueConstraint('email_events_provider_event_unique', ['provider', 'event_id'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('email_events').ifExists().execute();
  await db.schema.dropIndex('members_address_state_idx').ifExists().execute();
  await db.schema.alterTable('members').dropColumn('address_state_at').execute();
  await db.schema.alterTable('members').dropColumn('address_state').execute();
}
