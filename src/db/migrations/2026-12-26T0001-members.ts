// Members and their e-mail (issue #25): readers who subscribe by double opt-in, the
// single-use tokens that confirm them (only a hash is stored), the newsletters they can
// choose, and a durable outbox of e-mails (one row per message, claimed with a lease by
// the mail worker, so a restart neither loses nor repeats one).
//
// Safe to rerun: tables and indexes are made only when missing. The default newsletter
// is data, made when the first reader subscribes (db/members/member-rows.ts).
import type { Kysely } from 'kysely';
import { addIdColumn } from './add-id-column';

export async function up(db: Kysely<unknown>): Promise<void> {
  const { schema } = db;
  await addIdColumn(db, schema.createTable('members').ifNotExists())
    // Trimmed and lower-cased (core/members/member.ts), so one address is one member.
    .addColumn('email', 'text', (c) => c.notNull().unique())
    // 'zh' | 'en' | 'both'
    .addColumn('language', 'text', (c) => c.notNull())
    // 'pending' | 'subscribed' | 'unsubscribed'
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('confirmed_at', 'text')
    .addColumn('unsubscribed_at', 'text')
    .execute();

  await addIdColumn(db, schema.createTable('member_tokens').ifNotExists())
    .addColumn('member_id', 'integer', (c) => c.notNull().references('members.id').onDelete('cascade'))
    // SHA-256 of the token, hex; the token itself exists only in the e-mail.
    .addColumn('token_hash', 'text', (c) => c.notNull().unique())
    // 'confirm' (later: 'sign-in')
    .addColumn('purpose', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('expires_at', 'text', (c) => c.notNull())
    .addColumn('used_at', 'text')
    .execute();
  await schema.createIndex('member_tokens_member_idx').ifNotExists().on('member_tokens').columns(['member_id', 'purpose']).execute();

  await addIdColumn(db, schema.createTable('newsletters').ifNotExists())
    .addColumn('name_zh', 'text', (c) => c.notNull())
    .addColumn('name_en', 'text', (c) => c.notNull())
    .addColumn('description_zh', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('description_en', 'text', (c) => c.notNull().defaultTo(''))
    // Empty: the site's name.
    .addColumn('sender_name', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('reply_to', 'text')
    // A signup that names no newsletter gets the default ones.
    .addColumn('is_default', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();

  await schema
    .createTable('member_newsletters')
    .ifNotExists()
    .addColumn('member_id', 'integer', (c) => c.notNull().references('members.id').onDelete('cascade'))
    .addColumn('newsletter_id', 'integer', (c) => c.notNull().references('newsletters.id').onDelete('cascade'))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('member_newsletters_pk', ['member_id', 'newsletter_id'])
    .execute();

  await addIdColumn(db, schema.createTable('email_outbox').ifNotExists())
    // 'member-confirm' (later: 'newsletter', 'sign-in'…)
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('recipient', 'text', (c) => c.notNull())
    // 'zh' | 'en' | 'both': the language the message is written in.
    .addColumn('locale', 'text', (c) => c.notNull())
    .addColumn('subject', 'text', (c) => c.notNull())
    // The message's parts, cleared once it is sent (a confirmation link is a secret).
    .addColumn('text_body', 'text')
    .addColumn('html_body', 'text')
    // pending → sending (claimed; lease_until says when the claim lapses) → sent | failed
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('lease_until', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('sent_at', 'text')
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('last_error', 'text')
    .execute();
  // The worker's claim: due rows by status and lease.
  await schema.createIndex('email_outbox_due_idx').ifNotExists().on('email_outbox').columns(['status', 'lease_until']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of ['email_outbox', 'member_newsletters', 'newsletters', 'member_tokens', 'members']) {
    await db.schema.dropTable(table).ifExists().execute();
  }
}
