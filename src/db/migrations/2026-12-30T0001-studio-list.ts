// The Studio's posts list as a narrow summary table, so every filter, sort and page is
// one indexed query whatever the size of the site: one row per post with its list
// columns and each language's status. The database itself marks a post stale (triggers)
// whenever a row its status is made of changes — a save, a publication, a review, a
// schedule, an import — and the Studio refreshes stale posts before it reads
// (db/repositories/studio-list.ts), so no writer has to remember the list.
//
// Also the indexes the start-up stale-render scan asks for (render_version), so a
// restart no longer reads every text, and those the sitemap's slices ask for.
//
// Safe to rerun: tables, indexes and triggers are made only when missing (PostgreSQL's
// replaced), and every existing post is marked stale again, which the server refreshes
// in the background after it starts.
import { sql, type Kysely } from 'kysely';
import { isPostgres } from './add-id-column';

/** Table → what makes one of its rows part of a post's Studio status. */
const watched = {
  posts: { post: 'id', columns: ['kind', 'source_locale', 'owner_user_id', 'updated_at'] },
  post_translations: { post: 'post_id', columns: ['post_id', 'locale', 'title', 'revision_id', 'based_on_revision_id', 'publish_at', 'scheduled_revision_id'] },
  live_translations: { post: 'post_id', columns: ['post_id', 'revision_id', 'based_on_revision_id'] },
  review_requests: { post: null, columns: ['translation_id', 'state'] },
} as const;

export async function up(db: Kysely<unknown>): Promise<void> {
  const { schema } = db;
  await schema
    .createTable('studio_posts')
    .ifNotExists()
    .addColumn('post_id', 'integer', (c) => c.primaryKey().references('posts.id').onDelete('cascade'))
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('source_locale', 'text', (c) => c.notNull())
    .addColumn('owner_user_id', 'text')
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .addColumn('title_zh', 'text')
    .addColumn('title_en', 'text')
    .addColumn('status_zh', 'text', (c) => c.notNull())
    .addColumn('status_en', 'text', (c) => c.notNull())
    // The status of the language that is not the source: the "translation" filter.
    .addColumn('translation_status', 'text', (c) => c.notNull())
    .execute();
  await schema.createIndex('studio_posts_updated_idx').ifNotExists().on('studio_posts').columns(['updated_at', 'post_id']).execute();
  await schema.createIndex('studio_posts_owner_idx').ifNotExists().on('studio_posts').columns(['owner_user_id', 'updated_at', 'post_id']).execute();
  await schema.createIndex('studio_posts_translation_idx').ifNotExists().on('studio_posts').columns(['translation_status', 'updated_at', 'post_id']).execute();
  await schema.createIndex('studio_posts_status_zh_idx').ifNotExists().on('studio_posts').columns(['status_zh', 'updated_at', 'post_id']).execute();
  await schema.createIndex('studio_posts_status_en_idx').ifNotExists().on('studio_posts').columns(['status_en', 'updated_at', 'post_id']).execute();

  // Marks only, no key of their own: a backup's restore inserts posts (whose triggers
  // mark them) and this table's rows alike, and duplicates are harmless.
  await schema.createTable('studio_posts_stale').ifNotExists().addColumn('post_id', 'integer', (c) => c.notNull()).execute();
  await schema.createIndex('studio_posts_stale_post_idx').ifNotExists().on('studio_posts_stale').column('post_id').execute();

  if (isPostgres(db)) await createPostgresTriggers(db);
  else await createSqliteTriggers(db);

  await schema.createIndex('post_translations_render_version_idx').ifNotExists().on('post_translations').columns(['render_version', 'id']).execute();
  await schema.createIndex('live_translations_render_version_idx').ifNotExists().on('live_translations').columns(['render_version', 'translation_id']).execute();

  // The sitemap: the newest publication read from an index, and a slice's paths and
  // dates read from an index rather than from the texts' wide rows.
  await schema.createIndex('posts_visible_id_idx').ifNotExists().on('posts').columns(['status', 'id', 'published_at']).execute();
  await schema.createIndex('live_translations_updated_idx').ifNotExists().on('live_translations').columns(['updated_at', 'post_id']).execute();
  await schema.createIndex('live_translations_sitemap_idx').ifNotExists().on('live_translations').columns(['post_id', 'locale', 'slug', 'updated_at']).execute();

  await sql`delete from studio_posts_stale`.execute(db);
  await sql`insert into studio_posts_stale (post_id) select id from posts order by id`.execute(db);
}

async function createSqliteTriggers(db: Kysely<unknown>): Promise<void> {
  for (const [table, { post, columns }] of Object.entries(watched)) {
    const mark = (row: 'new' | 'old') =>
      post === null
        ? `insert into studio_posts_stale (post_id) select post_id from post_translations where id = ${row}.translation_id;`
        : `insert into studio_posts_stale (post_id) values (${row}.${post});`;
    const events = [
      ['insert', 'after insert', mark('new')],
      ['update', `after update of ${columns.join(', ')}`, `${mark('old')} ${mark('new')}`],
      ...(table === 'posts' ? [] : [['delete', 'after delete', mark('old')]]),
    ];
    for (const [name, event, body] of events) {
      await sql.raw(`create trigger if not exists studio_stale_${table}_${name} ${event} on ${table} for each row begin ${body} end`).execute(db);
    }
  }
}

async function createPostgresTriggers(db: Kysely<unknown>): Promise<void> {
  for (const [table, { post, columns }] of Object.entries(watched)) {
    const mark = (row: 'new' | 'old') =>
      post === null
        ? `insert into studio_posts_stale (post_id) select post_id from post_translations where id = ${row}.translation_id;`
        : `insert into studio_posts_stale (post_id) values (${row}.${post});`;
    await sql
      .raw(
        `create or replace function studio_stale_${table}() returns trigger language plpgsql as $$
         begin
           if tg_op <> 'INSERT' then ${mark('old')} end if;
           if tg_op <> 'DELETE' then ${mark('new')} end if;
           return null;
         end $$`,
      )
      .execute(db);
    await sql.raw(`drop trigger if exists studio_stale_${table} on ${table}`).execute(db);
    const deleteToo = table === 'posts' ? '' : ' or delete';
    await sql
      .raw(`create trigger studio_stale_${table} after insert or update of ${columns.join(', ')}${deleteToo} on ${table} for each row execute function studio_stale_${table}()`)
      .execute(db);
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of Object.keys(watched)) {
    if (isPostgres(db)) {
      await sql.raw(`drop trigger if exists studio_stale_${table} on ${table}`).execute(db);
      await sql.raw(`drop function if exists studio_stale_${table}()`).execute(db);
    } else {
      for (const name of ['insert', 'update', 'delete']) await sql.raw(`drop trigger if exists studio_stale_${table}_${name}`).execute(db);
    }
  }
  await db.schema.dropTable('studio_posts_stale').ifExists().execute();
  await db.schema.dropTable('studio_posts').ifExists().execute();
  await db.schema.dropIndex('post_translations_render_version_idx').ifExists().execute();
  for (const index of ['posts_visible_id_idx', 'live_translations_render_version_idx', 'live_translations_updated_idx', 'live_translations_sitemap_idx']) await db.schema.dropIndex(index).ifExists().execute();
}
