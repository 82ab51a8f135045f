// The database as Kysely sees it: one interface per table. These row types stay inside
// src/db; repositories turn them into the domain objects of core/content/types.ts.
//
// Portable on purpose (SQLite and PostgreSQL): timestamps are ISO-8601 UTC text with
// milliseconds (so text order is time order), booleans are integers 0/1, and `bigint`
// columns may come back from pg as strings, so readers pass them through Number().
import type { ColumnType, Generated, Insertable, Selectable } from 'kysely';

/** pg returns int8 as a string; better-sqlite3 returns a number. */
type BigIntColumn = ColumnType<number | string, number, number>;

export interface AuthorsTable {
  id: Generated<number>;
  handle: string;
  created_at: string;
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
  body: string;
  seo_title: string | null;
  seo_description: string | null;
  state: string;
  reading_minutes: number;
  /** Null only inside the transaction that creates the translation and its first revision. */
  revision_id: number | null;
  based_on_revision_id: number | null;
  updated_at: string;
}

export interface RevisionsTable {
  id: Generated<number>;
  translation_id: number;
  title: string;
  excerpt: string;
  body: string;
  created_at: string;
}

export interface PostAuthorsTable {
  post_id: number;
  author_id: number;
  position: number;
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

export interface Database {
  authors: AuthorsTable;
  author_texts: AuthorTextsTable;
  tags: TagsTable;
  tag_texts: TagTextsTable;
  media: MediaTable;
  media_texts: MediaTextsTable;
  posts: PostsTable;
  post_translations: PostTranslationsTable;
  revisions: RevisionsTable;
  post_authors: PostAuthorsTable;
  post_tags: PostTagsTable;
  post_media: PostMediaTable;
  settings: SettingsTable;
}

export type PostRow = Selectable<PostsTable>;
export type TranslationRow = Selectable<PostTranslationsTable>;
export type MediaRow = Selectable<MediaTable>;
export type NewPostRow = Insertable<PostsTable>;
