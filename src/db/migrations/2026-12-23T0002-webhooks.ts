// Webhooks (issue #16): the hooks the owner registered, and an outbox of deliveries. A
// publishing action writes its deliveries inside its own transaction, so an event exists
// exactly when the change committed; a background worker sends them later, signed, and
// records each attempt's answer here. `payload` is the exact JSON body that is signed.
//
// Safe to rerun: tables and indexes are made only when missing.
import type { Kysely } from 'kysely';
import { addIdColumn } from './add-id-column';

export async function up(db: Kysely<unknown>): Promise<void> {
  const { schema } = db;
  await addIdColumn(db, schema.createTable('webhooks').ifNotExists())
    .addColumn('url', 'text', (c) => c.notNull())
    // JSON lists: the events and the languages (zh, en) the hook wants.
    .addColumn('events', 'text', (c) => c.notNull())
    .addColumn('locales', 'text', (c) => c.notNull())
    .addColumn('secret', 'text', (c) => c.notNull())
    .addColumn('allow_private_network', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('active', 'integer', (c) => c.notNull().defaultTo(1))
    // The account that made it (no foreign key: the hook outlives an account removed).
    .addColumn('created_by', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();

  await schema
    .createTable('webhook_deliveries')
    .ifNotExists()
    // A UUID, also the payload's id and the Duet-Webhook-Id header, the same on every retry.
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('webhook_id', 'integer', (c) => c.notNull().references('webhooks.id').onDelete('cascade'))
    .addColumn('event', 'text', (c) => c.notNull())
    .addColumn('locale', 'text')
    // No foreign key: a deleted post's deliveries stay in the history.
    .addColumn('post_id', 'integer')
    .addColumn('payload', 'text', (c) => c.notNull())
    // pending → delivering → succeeded | pending (a retry) | failed
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    // When a pending delivery is due; while delivering, when its claim lapses (a crashed worker).
    .addColumn('next_attempt_at', 'text')
    .addColumn('last_attempt_at', 'text')
    .addColumn('response_status', 'integer')
    // The first 2 KB of the receiver's answer, as text.
    .addColumn('response_body', 'text')
    // Why an attempt got no usable answer (core/webhooks/delivery-errors.ts), and the detail.
    .addColumn('error_code', 'text')
    .addColumn('error', 'text')
    .addColumn('duration_ms', 'integer')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  // The worker's claim: due rows by status and time.
  await schema.createIndex('webhook_deliveries_due_idx').ifNotExists().on('webhook_deliveries').columns(['status', 'next_attempt_at']).execute();
  // A hook's recent deliveries in the Studio, and pruning its history.
  await schema.createIndex('webhook_deliveries_hook_idx').ifNotExists().on('webhook_deliveries').columns(['webhook_id', 'created_at']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('webhook_deliveries').ifExists().execute();
  await db.schema.dropTable('webhooks').ifExists().execute();
}
