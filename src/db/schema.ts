// The database as Kysely sees it: one interface per table. These row types stay inside
// src/db; repositories turn them into the domain objects of core/content/types.ts.
//
// Portable on purpose (SQLite and PostgreSQL): timestamps are ISO-8601 UTC text with
// milliseconds (so text order is time order), booleans are integers 0/1, and `bigint`
// columns may come back from pg as strings, so readers pass them through Number().
import type { ColumnType, Generated, Insertable, Selectable } from 'kysely';
import type { FediverseTables } from './fediverse-schema';
import type { StoredText } from './stored-text';

/** pg returns int8 as a string; better-sqlite3 returns a number. */
type BigIntColumn = ColumnType<number | string, number, number>;

export interface AuthorsTable {
  id: Generated<number>;
  handle: string;
  created_at: string;
  /** The Studio account this byline belongs to, if any. */
  user_id: ColumnType<string | null, string | null | undefined, string | null>;
}

export interface AuthorTextsTable {
  author_id: number;
  locale: string;
  name: string;
  bio: string;
}

export interface TagsTable {
  id: Generated<number>;
  key: string;
  created_at: string;
}

export interface TagTextsTable {
  tag_id: number;
  locale: string;
  name: string;
  slug: string;
  /** Shown under the tag page's heading; '' when the tag has none in this language. */
  description: ColumnType<string, string | undefined, string>;
}

export interface MediaTable {
  id: Generated<number>;
  kind: string;
  path: string;
  mime: string;
  bytes: BigIntColumn;
  width: number | null;
  height: number | null;
  duration_seconds: number | null;
  sha256: string;
  created_at: string;
  /** JSON list of responsive variants (see the media-variants migration). */
  variants: ColumnType<string | null, string | null | undefined, string | null>;
  /** The account that uploaded the file; null for older files and the demo's. */
  uploaded_by: ColumnType<string | null, string | null | undefined, string | null>;
}

export interface MediaTextsTable {
  media_id: number;
  locale: string;
  alt: string | null;
  caption: string | null;
}

export interface PostsTable {
  id: Generated<number>;
  kind: string;
  status: string;
  featured: number;
  published_at: string | null;
  source_locale: string;
  version: number;
  cover_media_id: number | null;
  /** The account that created the post (authors may edit only their own). */
  owner_user_id: ColumnType<string | null, string | null | undefined, string | null>;
  created_at: string;
  updated_at: string;
}

export interface PostTranslationsTable {
  id: Generated<number>;
  post_id: number;
  locale: string;
  slug: string;
  title: string;
  excerpt: string;
  /**
   * '' when the draft's Markdown is its revision's (`revision_id`) `body`, read through
   * `draftBody()` (live-body.ts). Holds a text only when it differs from its revision's,
   * or while `revision_id` is null, packed (stored-text.ts; on PostgreSQL '' is empty bytes).
   * Never read directly: its read type is not a string, so a query selecting it
   * (`selectAll()` too) fails to type-check wherever it is used.
   */
  body: ColumnType<UnreadDraftBody, StoredText | undefined, StoredText>;
  seo_title: string | null;
  seo_description: string | null;
  state: string;
  reading_minutes: number;
  /** Null only inside the transaction that creates the translation and its first revision. */
  revision_id: number | null;
  based_on_revision_id: number | null;
  /** Set while a draft waits for the scheduler to publish it. */
  publish_at: ColumnType<string | null, string | null | undefined, string | null>;
  updated_at: string;
  /** The body as rendered at save time (see the stored-renders migration); null until then. */
  html: ColumnType<StoredText | null, StoredText | null | undefined, StoredText | null>;
  /** The HTML's top-level blocks: their lengths, or the blocks themselves (core/markdown/stored-blocks.ts). */
  blocks: ColumnType<string | null, string | null | undefined, string | null>;
  /** Packed like the HTML (stored-text.ts). */
  body_text: ColumnType<StoredText | null, StoredText | null | undefined, StoredText | null>;
  render_version: ColumnType<number | null, number | null | undefined, number | null>;
  /** The revision a schedule will publish (set with publish_at). */
  scheduled_revision_id: ColumnType<number | null, number | null | undefined, number | null>;
  /** An excerpt made from the body, for when no one wrote one. */
  derived_excerpt: ColumnType<string | null, string | null | undefined, string | null>;
}

/** The read type of `post_translations.body`: a reader takes `draftBody()` instead. */
export interface UnreadDraftBody {
  readonly readThroughDraftBody: never;
}

/** The read type of `live_translations.body`: a reader takes `liveBody()` instead. */
export interface UnreadLiveBody {
  readonly readThroughLiveBody: never;
}

/** What readers see of one language: the text as published (see the publishing migration). */
export interface LiveTranslationsTable {
  translation_id: number;
  post_id: number;
  locale: string;
  slug: string;
  title: string;
  excerpt: string;
  derived_excerpt: string | null;
  /**
   * '' (the column's default): the live Markdown is its revision's `body`, read through
   * `liveBody()` (live-body.ts). Holds a text only when it differs from its revision's
   * (a row the live-body migration left as it was), packed (stored-text.ts; on PostgreSQL
   * '' is empty bytes). Never read directly: its read type is not a string, so a query
   * selecting it (`selectAll()` too) fails to type-check wherever the value is used as the Markdown.
   */
  body: ColumnType<UnreadLiveBody, StoredText | undefined, StoredText>;
  seo_title: string | null;
  seo_description: string | null;
  reading_minutes: number;
  revision_id: number;
  based_on_revision_id: number | null;
  /** HTML and plain text packed on SQLite (stored-text.ts). */
  html: StoredText | null;
  blocks: string | null;
  body_text: StoredText | null;
  render_version: number | null;
  published_at: string;
  updated_at: string;
}

export interface ReviewRequestsTable {
  id: Generated<number>;
  translation_id: number;
  revision_id: number;
  requested_by: string | null;
  requested_at: string;
  note: string;
  state: string;
  decided_by: string | null;
  decided_at: string | null;
  decision_note: string;
  /** The revision first submitted; `revision_id` follows the draft while the request is pending. */
  submitted_revision_id: number | null;
  /** When a save last moved the request to a newer revision. */
  changed_at: string | null;
}

/** One row per post: the Studio list's columns and statuses (see the studio-list migration). */
export interface StudioPostsTable {
  post_id: number;
  kind: string;
  source_locale: string;
  owner_user_id: string | null;
  updated_at: string;
  title_zh: string | null;
  title_en: string | null;
  status_zh: string;
  status_en: string;
  translation_status: string;
}

/** Posts whose Studio row is to be refreshed, marked by triggers. */
export interface StudioPostsStaleTable {
  post_id: number;
}

export interface RevisionsTable {
  id: Generated<number>;
  translation_id: number;
  title: string;
  excerpt: string;
  /** The Markdown, packed (stored-text.ts: `packText` to write, `unpackText` to read) since 2027-01-10T0001-packed-revisions. */
  body: ColumnType<StoredText, Uint8Array, Uint8Array>;
  created_at: string;
  author_user_id: ColumnType<string | null, string | null | undefined, string | null>;
  /** Null for revisions made before revisions kept them: the draft's are used. */
  slug: ColumnType<string | null, string | null | undefined, string | null>;
  seo_title: ColumnType<string | null, string | null | undefined, string | null>;
  seo_description: ColumnType<string | null, string | null | undefined, string | null>;
}

export interface PostAuthorsTable {
  post_id: number;
  author_id: number;
  position: number;
}

/** An old address of a text (an imported alias): readers who follow it are sent to the text. */
export interface TranslationMemoryUnitsTable {
  id: Generated<number>;
  from_locale: string;
  to_locale: string;
  source_hash: string;
  target_hash: string;
  source_text: string;
  target_text: string;
  /** PostgreSQL only: the hashes of the source text's keys, under GIN (repositories/translation-memory-keys.ts). */
  keys?: number[];
}

/** A post holding a unit, once whatever the times it repeats it (2027-01-09T0002-memory-links-narrow). */
export interface TranslationMemoryLinksTable {
  post_id: number;
  unit_id: number;
}

export interface RedirectsTable {
  path: string;
  locale: string;
  post_id: number;
  created_at: string;
}

/** A term of the site's glossary (migration 2026-12-31T0001-glossary). */
export interface GlossaryTermsTable {
  id: Generated<number>;
  zh: string;
  en: string;
  note: Generated<string>;
  /** 0 | 1 */
  do_not_translate: Generated<number>;
  /** JSON array of strings. */
  forbidden: Generated<string>;
  created_at: string;
  updated_at: string;
  updated_by: string | null;
}

/** A translation check waved through, with the reason, for one revision of a translation. */
export interface TranslationCheckDismissalsTable {
  id: Generated<number>;
  post_id: number;
  locale: string;
  revision_id: number;
  check_key: string;
  code: string;
  reason: string;
  dismissed_by: string | null;
  dismissed_at: string;
}

export interface PostTagsTable {
  post_id: number;
  tag_id: number;
}

export interface PostMediaTable {
  id: Generated<number>;
  post_id: number;
  media_id: number;
  role: string;
  locale: string | null;
}

export interface SettingsTable {
  id: Generated<number>;
  locale: string;
  key: string;
  value: string;
}

/** Dates are Date on PostgreSQL and ISO text on SQLite (see the studio migration). */
type AuthTime = ColumnType<Date | string, Date | string, Date | string>;
type AuthBool = ColumnType<boolean | number, boolean | number, boolean | number>;

export interface AuthUsersTable {
  id: string;
  name: string;
  email: string;
  email_verified: AuthBool;
  image: string | null;
  role: string;
  created_at: AuthTime;
  updated_at: AuthTime;
}

export interface AuthSessionsTable {
  id: string;
  expires_at: AuthTime;
  token: string;
  created_at: AuthTime;
  updated_at: AuthTime;
  ip_address: string | null;
  user_agent: string | null;
  user_id: string;
}

export interface AuthAccountsTable {
  id: string;
  account_id: string;
  provider_id: string;
  user_id: string;
  access_token: string | null;
  refresh_token: string | null;
  id_token: string | null;
  access_token_expires_at: AuthTime | null;
  refresh_token_expires_at: AuthTime | null;
  scope: string | null;
  password: string | null;
  created_at: AuthTime;
  updated_at: AuthTime;
}

export interface AuthVerificationsTable {
  id: string;
  identifier: string;
  value: string;
  expires_at: AuthTime;
  created_at: AuthTime;
  updated_at: AuthTime;
}

export interface InvitesTable {
  id: Generated<number>;
  token_hash: string;
  email: string;
  role: string;
  invited_by: string | null;
  created_at: string;
  expires_at: string;
  accepted_at: string | null;
}

export interface LoginThrottleTable {
  key: string;
  failures: number;
  window_start: string;
  locked_until: string | null;
}

/** Every table; the fediverse's are in fediverse-schema.ts. */
export interface Database extends FediverseTables {
  auth_users: AuthUsersTable;
  auth_sessions: AuthSessionsTable;
  auth_accounts: AuthAccountsTable;
  auth_verifications: AuthVerificationsTable;
  invites: InvitesTable;
  login_throttle: LoginThrottleTable;
  authors: AuthorsTable;
  author_texts: AuthorTextsTable;
  tags: TagsTable;
  tag_texts: TagTextsTable;
  media: MediaTable;
  media_texts: MediaTextsTable;
  posts: PostsTable;
  post_translations: PostTranslationsTable;
  live_translations: LiveTranslationsTable;
  review_requests: ReviewRequestsTable;
  studio_posts: StudioPostsTable;
  studio_posts_stale: StudioPostsStaleTable;
  revisions: RevisionsTable;
  post_authors: PostAuthorsTable;
  post_tags: PostTagsTable;
  post_media: PostMediaTable;
  settings: SettingsTable;
  import_sources: ImportSourcesTable;
  redirects: RedirectsTable;
  translation_memory_units: TranslationMemoryUnitsTable;
  translation_memory_links: TranslationMemoryLinksTable;
  glossary_terms: GlossaryTermsTable;
  translation_check_dismissals: TranslationCheckDismissalsTable;
  api_keys: ApiKeysTable;
  api_key_uses: ApiKeyUsesTable;
  webhooks: WebhooksTable;
  webhook_deliveries: WebhookDeliveriesTable;
  members: MembersTable;
  member_tokens: MemberTokensTable;
  newsletters: NewslettersTable;
  member_newsletters: MemberNewslettersTable;
  email_outbox: EmailOutboxTable;
  newsletter_sends: NewsletterSendsTable;
  site_secrets: SiteSecretsTable;
  email_events: EmailEventsTable;
}

/** What an import made from each source item (migration 2026-12-22T0001-import-sources). */
export interface ImportSourcesTable {
  source_kind: string;
  /** 'post' | 'author' | 'tag' | 'media' */
  entity: string;
  source_id: string;
  duet_id: number;
  imported_at: string;
}

/** A URL the owner registered for events (migration 2026-12-23T0002-webhooks). */
export interface WebhooksTable {
  id: Generated<number>;
  url: string;
  /** JSON list of event names. */
  events: string;
  /** JSON list of locales. */
  locales: string;
  secret: string;
  allow_private_network: number;
  active: number;
  created_by: string | null;
  created_at: string;
  updated_at: string;
}

/** One event for one hook: the outbox row, and the answer of its latest attempt. */
export interface WebhookDeliveriesTable {
  id: string;
  webhook_id: number;
  event: string;
  locale: string | null;
  post_id: number | null;
  payload: string;
  /** pending | delivering | succeeded | failed */
  status: string;
  attempts: number;
  next_attempt_at: string | null;
  last_attempt_at: string | null;
  response_status: number | null;
  response_body: string | null;
  error_code: string | null;
  error: string | null;
  duration_ms: number | null;
  created_at: string;
}

export type PostRow = Selectable<PostsTable>;
export type TranslationRow = Selectable<PostTranslationsTable>;
export type LiveTranslationRow = Selectable<LiveTranslationsTable>;
export type MediaRow = Selectable<MediaTable>;
export type NewPostRow = Insertable<PostsTable>;

/** A key a program uses for the Content and Admin APIs (migration 2026-12-23T0001-api-keys). */
export interface ApiKeysTable {
  id: Generated<number>;
  name: string;
  /** 'content' | 'admin' */
  scope: string;
  prefix: string;
  key_hash: string;
  user_id: string;
  /** JSON array of origins; ["*"] allows any. */
  allowed_origins: string;
  rate_limit_per_minute: number;
  created_at: string;
  last_used_at: string | null;
  revoked_at: string | null;
  revoked_by: string | null;
}

export interface ApiKeyUsesTable {
  id: Generated<number>;
  key_id: number;
  at: string;
  method: string;
  path: string;
  status: number;
  ip: string | null;
  request_id: string | null;
}

/** A reader who subscribed (migration 2026-12-26T0001-members); never a staff account. */
export interface MembersTable {
  id: Generated<number>;
  email: string;
  language: string;
  status: string;
  created_at: string;
  confirmed_at: string | null;
  unsubscribed_at: string | null;
  /** null: deliverable; 'bounced' | 'complained' (migration 2026-12-28T0001-address-states). */
  address_state: string | null;
  address_state_at: string | null;
}

/** A single-use token sent to a member; only its SHA-256 is kept. */
export interface MemberTokensTable {
  id: Generated<number>;
  member_id: number;
  token_hash: string;
  purpose: string;
  created_at: string;
  expires_at: string;
  used_at: string | null;
}

export interface NewslettersTable {
  id: Generated<number>;
  name_zh: string;
  name_en: string;
  description_zh: Generated<string>;
  description_en: Generated<string>;
  sender_name: Generated<string>;
  reply_to: string | null;
  is_default: Generated<number>;
  created_at: string;
}

export interface MemberNewslettersTable {
  member_id: number;
  newsletter_id: number;
  created_at: string;
}

/** One e-mail to one recipient, from queued to sent (server/mail/deliver-outbox.ts). */
export interface EmailOutboxTable {
  id: Generated<number>;
  kind: string;
  recipient: string;
  locale: string;
  subject: string;
  text_body: string | null;
  html_body: string | null;
  status: string;
  lease_until: string | null;
  created_at: string;
  sent_at: string | null;
  attempts: Generated<number>;
  last_error: string | null;
  /** A newsletter's e-mail: its send and member (migration 2026-12-27T0001-newsletter-sends). */
  send_id: number | null;
  member_id: number | null;
}

/** A key the site made for itself, never exported (db/newsletters/link-key.ts). */
export interface SiteSecretsTable {
  name: string;
  value: string;
  created_at: string;
}

/** A language of a post sent to a newsletter, once (db/newsletters/newsletter-sends.ts). */
export interface NewsletterSendsTable {
  id: Generated<number>;
  post_id: number;
  locale: string;
  newsletter_id: number;
  state: string;
  expanded_through: Generated<number>;
  recipients: Generated<number>;
  created_by: string | null;
  created_at: string;
  queued_at: string | null;
  finished_at: string | null;
}

/** A bounce or complaint reported once per provider event (migration 2026-12-28T0001-address-states). */
export interface EmailEventsTable {
  id: Generated<number>;
  provider: string;
  event_id: string;
  kind: string;
  email: string;
  received_at: string;
}
