// API keys (#16): programs read the Content API, and admin keys write drafts through the
// Admin API, acting for the account that made the key. Only a SHA-256 of each key is kept
// (keys are 256 random bits, so a fast hash is as safe as a slow one and costs a request
// nothing); `prefix` is the few characters shown in the Studio to tell keys apart.
// `api_key_uses` is the log of every use, pruned to a bounded history.
//
// Safe to rerun: every table and index is made only when missing.
import type { Kysely } from 'kysely';
import { addIdColumn } from './add-id-column';

export async function up(db: Kysely<unknown>): Promise<void> {
  const { schema } = db;
  await addIdColumn(db, schema.createTable('api_keys').ifNotExists())
    .addColumn('name', 'text', (c) => c.notNull())
    // 'content' (reads published content) | 'admin' (also writes drafts)
    .addColumn('scope', 'text', (c) => c.notNull())
    .addColumn('prefix', 'text', (c) => c.notNull())
    .addColumn('key_hash', 'text', (c) => c.notNull().unique())
    .addColumn('user_id', 'text', (c) => c.notNull())
    // JSON array of origins allowed to read answers in a browser ("*": any)
    .addColumn('allowed_origins', 'text', (c) => c.notNull().defaultTo('[]'))
    .addColumn('rate_limit_per_minute', 'integer', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('last_used_at', 'text')
    .addColumn('revoked_at', 'text')
    .addColumn('revoked_by', 'text')
    .execute();

  await addIdColumn(db, schema.createTable('api_key_uses').ifNotExists())
    .addColumn('key_id', 'integer', (c) => c.notNull().references('api_keys.id').onDelete('cascade'))
    .addColumn('at', 'text', (c) => c.notNull())
    .addColumn('method', 'text', (c) => c.notNull())
    .addColumn('path', 'text', (c) => c.notNull())
    .addColumn('status', 'integer', (c) => c.notNull())
    .addColumn('ip', 'text')
    .addColumn('request_id', 'text')
    .execute();
  await schema.createIndex('api_key_uses_key_idx').ifNotExists().on('api_key_uses').columns(['key_id', 'id']).execute();
  await schema.createIndex('api_key_uses_at_idx').ifNotExists().on('api_key_uses').column('at').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('api_key_uses').ifExists().execute();
  await db.schema.dropTable('api_keys').ifExists().execute();
}
