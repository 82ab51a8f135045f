// The Studio's tables: accounts and sessions (shaped for better-auth, which reads and
// writes them through its Kysely adapter), invites, the failed-login throttle, and the
// links from content to the people who own and edit it.
//
// better-auth hands PostgreSQL real Date and boolean values and SQLite ISO strings and
// 0/1 (its adapter's supportsDates/supportsBooleans), so those columns are timestamptz and
// boolean on PostgreSQL and text and integer on SQLite. Our own columns keep the content
// tables' convention: ISO-8601 text.
import type { AlterTableColumnAlteringBuilder, Kysely } from 'kysely';
import { addIdColumn, isPostgres } from './add-id-column';
import { columnsOf } from './columns-of';

/** ALTER TABLE … ADD COLUMN has no `if not exists` on SQLite: look first, so a rerun is safe. */
async function addColumnOnce(
  db: Kysely<unknown>,
  table: string,
  column: string,
  add: (alter: ReturnType<Kysely<unknown>['schema']['alterTable']>) => AlterTableColumnAlteringBuilder,
): Promise<void> {
  if ((await columnsOf(db, table)).includes(column)) return;
  await add(db.schema.alterTable(table)).execute();
}

export async function up(db: Kysely<unknown>): Promise<void> {
  const { schema } = db;
  const pg = isPostgres(db);
  const time = pg ? 'timestamptz' : 'text';
  const bool = pg ? 'boolean' : 'integer';

  await schema
    .createTable('auth_users')
    .ifNotExists()
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('email', 'text', (c) => c.notNull().unique())
    .addColumn('email_verified', bool, (c) => c.notNull())
    .addColumn('image', 'text')
    .addColumn('role', 'text', (c) => c.notNull())
    .addColumn('created_at', time, (c) => c.notNull())
    .addColumn('updated_at', time, (c) => c.notNull())
    .execute();

  await schema
    .createTable('auth_sessions')
    .ifNotExists()
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('expires_at', time, (c) => c.notNull())
    .addColumn('token', 'text', (c) => c.notNull().unique())
    .addColumn('created_at', time, (c) => c.notNull())
    .addColumn('updated_at', time, (c) => c.notNull())
    .addColumn('ip_address', 'text')
    .addColumn('user_agent', 'text')
    .addColumn('user_id', 'text', (c) => c.notNull().references('auth_users.id').onDelete('cascade'))
    .execute();
  await schema.createIndex('auth_sessions_user_idx').ifNotExists().on('auth_sessions').column('user_id').execute();

  await schema
    .createTable('auth_accounts')
    .ifNotExists()
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('account_id', 'text', (c) => c.notNull())
    .addColumn('provider_id', 'text', (c) => c.notNull())
    .addColumn('user_id', 'text', (c) => c.notNull().references('auth_users.id').onDelete('cascade'))
    .addColumn('access_token', 'text')
    .addColumn('refresh_token', 'text')
    .addColumn('id_token', 'text')
    .addColumn('access_token_expires_at', time)
    .addColumn('refresh_token_expires_at', time)
    .addColumn('scope', 'text')
    .addColumn('password', 'text')
    .addColumn('created_at', time, (c) => c.notNull())
    .addColumn('updated_at', time, (c) => c.notNull())
    .execute();
  await schema.createIndex('auth_accounts_user_idx').ifNotExists().on('auth_accounts').column('user_id').execute();

  await schema
    .createTable('auth_verifications')
    .ifNotExists()
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('identifier', 'text', (c) => c.notNull())
    .addColumn('value', 'text', (c) => c.notNull())
    .addColumn('expires_at', time, (c) => c.notNull())
    .addColumn('created_at', time, (c) => c.notNull())
    .addColumn('updated_at', time, (c) => c.notNull())
    .execute();

  // Only a hash of the token is kept: the link in the owner's hands is the secret.
  await addIdColumn(db, schema.createTable('invites').ifNotExists())
    .addColumn('token_hash', 'text', (c) => c.notNull().unique())
    .addColumn('email', 'text', (c) => c.notNull())
    .addColumn('role', 'text', (c) => c.notNull())
    .addColumn('invited_by', 'text', (c) => c.references('auth_users.id').onDelete('set null'))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('expires_at', 'text', (c) => c.notNull())
    .addColumn('accepted_at', 'text')
    .execute();

  // One row per throttled key ("account:<email>" or "address:<ip>").
  await schema
    .createTable('login_throttle')
    .ifNotExists()
    .addColumn('key', 'text', (c) => c.primaryKey())
    .addColumn('failures', 'integer', (c) => c.notNull())
    .addColumn('window_start', 'text', (c) => c.notNull())
    .addColumn('locked_until', 'text')
    .execute();

  await addColumnOnce(db, 'posts', 'owner_user_id', (t) =>
    t.addColumn('owner_user_id', 'text', (c) => c.references('auth_users.id').onDelete('set null')),
  );
  await addColumnOnce(db, 'authors', 'user_id', (t) => t.addColumn('user_id', 'text', (c) => c.references('auth_users.id').onDelete('set null')));
  // A translation waiting to be published at a time: it stays a draft until the in-process
  // scheduler publishes it, so no reader query needs to know about schedules.
  await addColumnOnce(db, 'post_translations', 'publish_at', (t) => t.addColumn('publish_at', 'text'));
  await addColumnOnce(db, 'revisions', 'author_user_id', (t) =>
    t.addColumn('author_user_id', 'text', (c) => c.references('auth_users.id').onDelete('set null')),
  );
  await schema
    .createIndex('post_translations_publish_at_idx')
    .ifNotExists()
    .on('post_translations')
    .column('publish_at')
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  const { schema } = db;
  await schema.dropIndex('post_translations_publish_at_idx').ifExists().execute();
  await schema.alterTable('revisions').dropColumn('author_user_id').execute();
  await schema.alterTable('post_translations').dropColumn('publish_at').execute();
  await schema.alterTable('authors').dropColumn('user_id').execute();
  await schema.alterTable('posts').dropColumn('owner_user_id').execute();
  for (const table of ['login_throttle', 'invites', 'auth_verifications', 'auth_accounts', 'auth_sessions', 'auth_users']) {
    await schema.dropTable(table).ifExists().execute();
  }
}
