// Published means published. Readers now read `live_translations`: one row per language
// that is on the site, holding the text as it was published (and its rendering), while
// `post_translations` stays the working draft the Studio edits. Nothing a reader sees
// changes until someone allowed to publish copies the draft across (Update), directly,
// on a schedule (`scheduled_revision_id` pins what will go out) or by approving a
// review request (`review_requests`). Revisions now keep their slug and search fields
// too, so a revision can be published as a whole (older ones take the draft's).
//
// Safe to rerun: tables and columns are made only when missing, and the published texts
// are copied across only where a language has no live row yet.
import { sql, type Kysely } from 'kysely';
import { addIdColumn } from './add-id-column';
import { columnsOf } from './columns-of';

async function addColumnsOnce(db: Kysely<unknown>, table: string, columns: Array<[string, 'text' | 'integer']>): Promise<void> {
  const existing = await columnsOf(db, table);
  for (const [name, type] of columns) {
    if (existing.includes(name)) continue;
    await db.schema.alterTable(table).addColumn(name, type).execute();
  }
}

export async function up(db: Kysely<unknown>): Promise<void> {
  const { schema } = db;
  await addColumnsOnce(db, 'revisions', [
    ['slug', 'text'],
    ['seo_title', 'text'],
    ['seo_description', 'text'],
  ]);
  await addColumnsOnce(db, 'post_translations', [
    ['scheduled_revision_id', 'integer'],
    ['derived_excerpt', 'text'],
  ]);

  await schema
    .createTable('live_translations')
    .ifNotExists()
    .addColumn('translation_id', 'integer', (c) => c.primaryKey().references('post_translations.id').onDelete('cascade'))
    .addColumn('post_id', 'integer', (c) => c.notNull().references('posts.id').onDelete('cascade'))
    .addColumn('locale', 'text', (c) => c.notNull())
    .addColumn('slug', 'text', (c) => c.notNull())
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('excerpt', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('derived_excerpt', 'text')
    .addColumn('body', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('seo_title', 'text')
    .addColumn('seo_description', 'text')
    .addColumn('reading_minutes', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('revision_id', 'integer', (c) => c.notNull())
    .addColumn('based_on_revision_id', 'integer')
    .addColumn('html', 'text')
    .addColumn('blocks', 'text')
    .addColumn('body_text', 'text')
    .addColumn('render_version', 'integer')
    .addColumn('published_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .addUniqueConstraint('live_translations_locale_slug_unique', ['locale', 'slug'])
    .addUniqueConstraint('live_translations_post_locale_unique', ['post_id', 'locale'])
    .execute();

  await addIdColumn(db, schema.createTable('review_requests').ifNotExists())
    .addColumn('translation_id', 'integer', (c) => c.notNull().references('post_translations.id').onDelete('cascade'))
    .addColumn('revision_id', 'integer', (c) => c.notNull())
    .addColumn('requested_by', 'text')
    .addColumn('requested_at', 'text', (c) => c.notNull())
    .addColumn('note', 'text', (c) => c.notNull().defaultTo(''))
    // pending → approved (published) | returned (sent back with a note) | withdrawn (replaced by a newer request)
    .addColumn('state', 'text', (c) => c.notNull())
    .addColumn('decided_by', 'text')
    .addColumn('decided_at', 'text')
    .addColumn('decision_note', 'text', (c) => c.notNull().defaultTo(''))
    .execute();
  await schema.createIndex('review_requests_translation_idx').ifNotExists().on('review_requests').columns(['translation_id', 'id']).execute();
  await schema.createIndex('review_requests_state_idx').ifNotExists().on('review_requests').column('state').execute();

  // What was published before is live now, exactly as it was.
  await sql`
    insert into live_translations (translation_id, post_id, locale, slug, title, excerpt, body, seo_title, seo_description,
      reading_minutes, revision_id, based_on_revision_id, html, blocks, body_text, render_version, published_at, updated_at)
    select t.id, t.post_id, t.locale, t.slug, t.title, t.excerpt, t.body, t.seo_title, t.seo_description,
      t.reading_minutes, t.revision_id, t.based_on_revision_id, t.html, t.blocks, t.body_text, t.render_version,
      coalesce(p.published_at, t.updated_at), t.updated_at
    from post_translations t join posts p on p.id = t.post_id
    where t.state = 'published' and t.revision_id is not null
      and not exists (select 1 from live_translations l where l.translation_id = t.id)
  `.execute(db);
  // A schedule made before pinned nothing: it publishes the draft as it is now.
  await sql`update post_translations set scheduled_revision_id = revision_id where publish_at is not null and scheduled_revision_id is null`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('review_requests').ifExists().execute();
  await db.schema.dropTable('live_translations').ifExists().execute();
}
