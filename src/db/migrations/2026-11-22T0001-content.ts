// The content model's tables: authors, tags, media, posts with their translations and
// revisions, and site settings. Schema only, no data (the demo seed is separate), and
// every statement is `if not exists` so a run interrupted half-way can simply be rerun.
//
// Runs on SQLite and PostgreSQL alike: timestamps are ISO-8601 text, booleans 0/1
// integers, and ids come from addIdColumn.
import type { Kysely } from 'kysely';
import { addIdColumn } from './add-id-column';

export async function up(db: Kysely<unknown>): Promise<void> {
  const { schema } = db;

  await addIdColumn(db, schema.createTable('authors').ifNotExists())
    .addColumn('handle', 'text', (c) => c.notNull().unique())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();

  await schema
    .createTable('author_texts')
    .ifNotExists()
    .addColumn('author_id', 'integer', (c) => c.notNull().references('authors.id').onDelete('cascade'))
    .addColumn('locale', 'text', (c) => c.notNull())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('bio', 'text', (c) => c.notNull().defaultTo(''))
    .addPrimaryKeyConstraint('author_texts_pk', ['author_id', 'locale'])
    .execute();

  await addIdColumn(db, schema.createTable('tags').ifNotExists())
    .addColumn('key', 'text', (c) => c.notNull().unique())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();

  await schema
    .createTable('tag_texts')
    .ifNotExists()
    .addColumn('tag_id', 'integer', (c) => c.notNull().references('tags.id').onDelete('cascade'))
    .addColumn('locale', 'text', (c) => c.notNull())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('slug', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('tag_texts_pk', ['tag_id', 'locale'])
    .addUniqueConstraint('tag_texts_locale_slug_unique', ['locale', 'slug'])
    .execute();

  await addIdColumn(db, schema.createTable('media').ifNotExists())
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('path', 'text', (c) => c.notNull().unique())
    .addColumn('mime', 'text', (c) => c.notNull())
    // bigint: a video may well be larger than 2 GiB.
    .addColumn('bytes', 'bigint', (c) => c.notNull())
    .addColumn('width', 'integer')
    .addColumn('height', 'integer')
    // double precision rather than real: a 4-byte float turns 37.776 s into 37.77600097.
    .addColumn('duration_seconds', 'double precision')
    .addColumn('sha256', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();

  await schema
    .createTable('media_texts')
    .ifNotExists()
    .addColumn('media_id', 'integer', (c) => c.notNull().references('media.id').onDelete('cascade'))
    .addColumn('locale', 'text', (c) => c.notNull())
    .addColumn('alt', 'text')
    .addColumn('caption', 'text')
    .addPrimaryKeyConstraint('media_texts_pk', ['media_id', 'locale'])
    .execute();

  await addIdColumn(db, schema.createTable('posts').ifNotExists())
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('featured', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('published_at', 'text')
    .addColumn('source_locale', 'text', (c) => c.notNull())
    .addColumn('version', 'integer', (c) => c.notNull().defaultTo(1))
    // A post outlives its cover: deleting the image only clears the reference.
    .addColumn('cover_media_id', 'integer', (c) => c.references('media.id').onDelete('set null'))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();

  // revision_id and based_on_revision_id point into `revisions`, which itself points
  // back here; they carry no foreign key so that a translation and its first revision
  // can be written in either order inside one transaction on both databases.
  await addIdColumn(db, schema.createTable('post_translations').ifNotExists())
    .addColumn('post_id', 'integer', (c) => c.notNull().references('posts.id').onDelete('cascade'))
    .addColumn('locale', 'text', (c) => c.notNull())
    .addColumn('slug', 'text', (c) => c.notNull())
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('excerpt', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('body', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('seo_title', 'text')
    .addColumn('seo_description', 'text')
    .addColumn('state', 'text', (c) => c.notNull())
    .addColumn('reading_minutes', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('revision_id', 'integer')
    .addColumn('based_on_revision_id', 'integer')
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .addUniqueConstraint('post_translations_locale_slug_unique', ['locale', 'slug'])
    .addUniqueConstraint('post_translations_post_locale_unique', ['post_id', 'locale'])
    .execute();

  await addIdColumn(db, schema.createTable('revisions').ifNotExists())
    .addColumn('translation_id', 'integer', (c) =>
      c.notNull().references('post_translations.id').onDelete('cascade'),
    )
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('excerpt', 'text', (c) => c.notNull())
    .addColumn('body', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();

  await schema
    .createTable('post_authors')
    .ifNotExists()
    .addColumn('post_id', 'integer', (c) => c.notNull().references('posts.id').onDelete('cascade'))
    .addColumn('author_id', 'integer', (c) => c.notNull().references('authors.id').onDelete('cascade'))
    .addColumn('position', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('post_authors_pk', ['post_id', 'author_id'])
    .execute();

  await schema
    .createTable('post_tags')
    .ifNotExists()
    .addColumn('post_id', 'integer', (c) => c.notNull().references('posts.id').onDelete('cascade'))
    .addColumn('tag_id', 'integer', (c) => c.notNull().references('tags.id').onDelete('cascade'))
    .addPrimaryKeyConstraint('post_tags_pk', ['post_id', 'tag_id'])
    .execute();

  // locale is null for media that belong to the post as a whole (the video, its poster).
  await addIdColumn(db, schema.createTable('post_media').ifNotExists())
    .addColumn('post_id', 'integer', (c) => c.notNull().references('posts.id').onDelete('cascade'))
    .addColumn('media_id', 'integer', (c) => c.notNull().references('media.id').onDelete('cascade'))
    .addColumn('role', 'text', (c) => c.notNull())
    .addColumn('locale', 'text')
    .execute();

  await addIdColumn(db, schema.createTable('settings').ifNotExists())
    .addColumn('locale', 'text', (c) => c.notNull())
    .addColumn('key', 'text', (c) => c.notNull())
    .addColumn('value', 'text', (c) => c.notNull())
    .addUniqueConstraint('settings_locale_key_unique', ['locale', 'key'])
    .execute();

  // Every public list filters on status and kind and sorts newest first.
  await schema
    .createIndex('posts_listing_idx')
    .ifNotExists()
    .on('posts')
    .columns(['status', 'kind', 'published_at desc', 'id desc'])
    .execute();
  // Slug lookups use the (locale, slug) unique constraint; batch loads go by post.
  await schema.createIndex('post_translations_post_idx').ifNotExists().on('post_translations').column('post_id').execute();
  await schema.createIndex('revisions_translation_idx').ifNotExists().on('revisions').column('translation_id').execute();
  // The primary keys serve "this post's tags/authors"; these serve "this tag's/author's posts".
  await schema.createIndex('post_tags_tag_idx').ifNotExists().on('post_tags').columns(['tag_id', 'post_id']).execute();
  await schema
    .createIndex('post_authors_author_idx')
    .ifNotExists()
    .on('post_authors')
    .columns(['author_id', 'post_id'])
    .execute();
  await schema.createIndex('post_media_post_idx').ifNotExists().on('post_media').column('post_id').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  const tables = [
    'settings',
    'post_media',
    'post_tags',
    'post_authors',
    'revisions',
    'post_translations',
    'posts',
    'media_texts',
    'media',
    'tag_texts',
    'tags',
    'author_texts',
    'authors',
  ];
  // Dropping a table drops its indexes with it, on both databases.
  for (const table of tables) await db.schema.dropTable(table).ifExists().execute();
}
