// The fediverse's tables as Kysely sees them (migration 2027-01-01T0001-fediverse), kept
// apart from schema.ts, which includes them in `Database`. Timestamps are ISO-8601 UTC text.
import type { ColumnType, Generated } from 'kysely';

/** A fediverse account following one language's actor. */
export interface FediverseFollowersTable {
  id: Generated<number>;
  /** 'zh' | 'en': the language actor followed. */
  locale: string;
  actor_uri: string;
  inbox_url: string;
  shared_inbox_url: string | null;
  /** '@alice@social.example' */
  handle: string;
  name: ColumnType<string, string | undefined, string>;
  icon_url: string | null;
  instance_host: string;
  /** 'accepted' | 'pending' */
  state: string;
  follow_activity_uri: string | null;
  created_at: string;
}

/** A reply from the fediverse to an article, kept for moderation. */
export interface FediverseRepliesTable {
  id: Generated<number>;
  post_id: number;
  locale: string;
  object_uri: string;
  activity_uri: string | null;
  actor_uri: string;
  actor_handle: string;
  actor_name: ColumnType<string, string | undefined, string>;
  actor_url: string | null;
  actor_icon_url: string | null;
  instance_host: string;
  /** Sanitized with the Markdown schema before it is stored. */
  content_html: string;
  url: string | null;
  in_reply_to: string;
  published_at: string;
  received_at: string;
  /** 'held' | 'approved' | 'hidden' */
  state: string;
  updated_at: string;
}

/** A like or a boost of an article in one language. */
export interface FediverseReactionsTable {
  id: Generated<number>;
  post_id: number;
  locale: string;
  /** 'like' | 'announce' */
  kind: string;
  actor_uri: string;
  activity_uri: string;
  created_at: string;
}

/** An actor (its URI) or an instance (its host) the site refuses. */
export interface FediverseBlocksTable {
  id: Generated<number>;
  /** 'actor' | 'instance' */
  kind: string;
  value: string;
  created_at: string;
  created_by: string | null;
}

/** A language actor's key pair, as JWK text. */
export interface FediverseKeysTable {
  locale: string;
  /** 'RSASSA-PKCS1-v1_5' | 'Ed25519' */
  algorithm: string;
  private_jwk: string;
  public_jwk: string;
  created_at: string;
}

/** Fedify's key–value store. */
export interface FediverseKvTable {
  key: string;
  value: string;
  expires_at: string | null;
}

/** Fedify's message queue; a row is claimed by moving `available_at` past a lease. */
export interface FediverseQueueTable {
  id: Generated<number>;
  message: string;
  ordering_key: string | null;
  available_at: string;
  claimed_by: string | null;
  attempts: Generated<number>;
  created_at: string;
}

/** A publishing event the followers hear of, written in the publishing transaction. */
export interface FediverseOutboxTable {
  id: Generated<number>;
  post_id: number;
  locale: string;
  /** 'create' | 'update' | 'delete' */
  event: string;
  slug: string;
  /** 'pending' | 'sending' | 'sent' */
  status: string;
  attempts: Generated<number>;
  next_attempt_at: string | null;
  error: string | null;
  created_at: string;
  sent_at: string | null;
}

export interface FediverseTables {
  fediverse_followers: FediverseFollowersTable;
  fediverse_replies: FediverseRepliesTable;
  fediverse_reactions: FediverseReactionsTable;
  fediverse_blocks: FediverseBlocksTable;
  fediverse_keys: FediverseKeysTable;
  fediverse_kv: FediverseKvTable;
  fediverse_queue: FediverseQueueTable;
  fediverse_outbox: FediverseOutboxTable;
}
