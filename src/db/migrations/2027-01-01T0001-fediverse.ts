// The fediverse (#29): each language is an ActivityPub actor. Who follows it, the replies
// and reactions (likes, boosts) the site received, the actors and instances it refuses,
// the actors' key pairs, and what Fedify needs to run over Duet's own database: a
// key–value store (`fediverse_kv`), a message queue claimed row by row so several
// instances work each message once (`fediverse_queue`), and an outbox of publishing
// events written inside the publishing transaction (`fediverse_outbox`).
//
// Safe to rerun: every table and index is made only when missing.
import type { Kysely } from 'kysely';
import { addIdColumn } from './add-id-column';

export async function up(db: Kysely<unknown>): Promise<void> {
  const { schema } = db;
  await addIdColumn(db, schema.createTable('fediverse_followers').ifNotExists())
    .addColumn('locale', 'text', (c) => c.notNull())
    .addColumn('actor_uri', 'text', (c) => c.notNull())
    .addColumn('inbox_url', 'text', (c) => c.notNull())
    .addColumn('shared_inbox_url', 'text')
    // '@alice@social.example'
    .addColumn('handle', 'text', (c) => c.notNull())
    .addColumn('name', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('icon_url', 'text')
    .addColumn('instance_host', 'text', (c) => c.notNull())
    // accepted | pending (held for the owner by the follow policy)
    .addColumn('state', 'text', (c) => c.notNull())
    .addColumn('follow_activity_uri', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await schema.createIndex('fediverse_followers_actor_idx').ifNotExists().unique().on('fediverse_followers').columns(['locale', 'actor_uri']).execute();
  await schema.createIndex('fediverse_followers_list_idx').ifNotExists().on('fediverse_followers').columns(['locale', 'state', 'created_at']).execute();

  await addIdColumn(db, schema.createTable('fediverse_replies').ifNotExists())
    // No foreign key: a reply to a deleted post is removed by the repository, not lost silently.
    .addColumn('post_id', 'integer', (c) => c.notNull())
    .addColumn('locale', 'text', (c) => c.notNull())
    .addColumn('object_uri', 'text', (c) => c.notNull())
    .addColumn('activity_uri', 'text')
    .addColumn('actor_uri', 'text', (c) => c.notNull())
    .addColumn('actor_handle', 'text', (c) => c.notNull())
    .addColumn('actor_name', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('actor_url', 'text')
    .addColumn('actor_icon_url', 'text')
    .addColumn('instance_host', 'text', (c) => c.notNull())
    // Sanitized by the Markdown schema (core/markdown) before it is stored.
    .addColumn('content_html', 'text', (c) => c.notNull())
    .addColumn('url', 'text')
    .addColumn('in_reply_to', 'text', (c) => c.notNull())
    .addColumn('published_at', 'text', (c) => c.notNull())
    .addColumn('received_at', 'text', (c) => c.notNull())
    // held | approved | hidden
    .addColumn('state', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await schema.createIndex('fediverse_replies_object_idx').ifNotExists().unique().on('fediverse_replies').column('object_uri').execute();
  await schema.createIndex('fediverse_replies_post_idx').ifNotExists().on('fediverse_replies').columns(['post_id', 'locale', 'state', 'published_at']).execute();
  await schema.createIndex('fediverse_replies_state_idx').ifNotExists().on('fediverse_replies').columns(['state', 'received_at']).execute();

  await addIdColumn(db, schema.createTable('fediverse_reactions').ifNotExists())
    .addColumn('post_id', 'integer', (c) => c.notNull())
    .addColumn('locale', 'text', (c) => c.notNull())
    // like | announce
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('actor_uri', 'text', (c) => c.notNull())
    .addColumn('activity_uri', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await schema.createIndex('fediverse_reactions_activity_idx').ifNotExists().unique().on('fediverse_reactions').column('activity_uri').execute();
  await schema.createIndex('fediverse_reactions_post_idx').ifNotExists().on('fediverse_reactions').columns(['post_id', 'locale', 'kind']).execute();

  await addIdColumn(db, schema.createTable('fediverse_blocks').ifNotExists())
    // actor (value: the actor's URI) | instance (value: a host name, lower case)
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('value', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('created_by', 'text')
    .execute();
  await schema.createIndex('fediverse_blocks_value_idx').ifNotExists().unique().on('fediverse_blocks').columns(['kind', 'value']).execute();

  // Each language actor's key pairs (RSA for HTTP Signatures, Ed25519 for Object Integrity
  // Proofs), made once; JWK text. Never exported, like site_secrets.
  await schema
    .createTable('fediverse_keys')
    .ifNotExists()
    .addColumn('locale', 'text', (c) => c.notNull())
    // RSASSA-PKCS1-v1_5 | Ed25519
    .addColumn('algorithm', 'text', (c) => c.notNull())
    .addColumn('private_jwk', 'text', (c) => c.notNull())
    .addColumn('public_jwk', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('fediverse_keys_pk', ['locale', 'algorithm'])
    .execute();

  // Fedify's KvStore: key is the key's parts, URI-encoded and joined by '/'; value JSON.
  await schema
    .createTable('fediverse_kv')
    .ifNotExists()
    .addColumn('key', 'text', (c) => c.primaryKey())
    .addColumn('value', 'text', (c) => c.notNull())
    .addColumn('expires_at', 'text')
    .execute();
  await schema.createIndex('fediverse_kv_expires_idx').ifNotExists().on('fediverse_kv').column('expires_at').execute();

  // Fedify's MessageQueue: a message is due at `available_at`; a worker claims it by
  // moving `available_at` past a lease and setting `claimed_by`; it is deleted once handled.
  // A worker killed mid-message leaves it claimed until the lease lapses, then it runs again.
  await addIdColumn(db, schema.createTable('fediverse_queue').ifNotExists())
    .addColumn('message', 'text', (c) => c.notNull())
    .addColumn('ordering_key', 'text')
    .addColumn('available_at', 'text', (c) => c.notNull())
    .addColumn('claimed_by', 'text')
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await schema.createIndex('fediverse_queue_due_idx').ifNotExists().on('fediverse_queue').column('available_at').execute();

  // What a publishing action asks the followers to hear (create | update | delete), written
  // in its transaction; the federation worker turns each row into an activity.
  await addIdColumn(db, schema.createTable('fediverse_outbox').ifNotExists())
    .addColumn('post_id', 'integer', (c) => c.notNull())
    .addColumn('locale', 'text', (c) => c.notNull())
    .addColumn('event', 'text', (c) => c.notNull())
    // The page's slug readers knew (for a delete, the object's id is made from it).
    .addColumn('slug', 'text', (c) => c.notNull())
    // pending → sending → sent; a lapsed `sending` is taken again.
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('next_attempt_at', 'text')
    .addColumn('error', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('sent_at', 'text')
    .execute();
  await schema.createIndex('fediverse_outbox_due_idx').ifNotExists().on('fediverse_outbox').columns(['status', 'next_attempt_at']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of ['fediverse_outbox', 'fediverse_queue', 'fediverse_kv', 'fediverse_keys', 'fediverse_blocks', 'fediverse_reactions', 'fediverse_replies', 'fediverse_followers']) {
    await db.schema.dropTable(table).ifExists().execute();
  }
}
