// The content repository: every query about posts, authors, tags, media and site
// settings, returning the plain objects of core/content/types.ts. Reads (pages', the
// sitemap's) and writes live in their own modules; this is the one object the server,
// CLI and seed are handed.
import type { Kysely } from 'kysely';
import type { Renderer } from '@/core/markdown/render-document';
import type { Database } from '../schema';
import { createContentReader } from './content-reader';
import { createContentWriter } from './content-writer';
import { createSitemapReader } from './sitemap-reader';

export type { ListPostsOptions } from './content-reader';
export type { SitemapAuthor, SitemapEntry, SitemapTag } from './sitemap-reader';
export type { NewAuthor, NewMedia, NewPost, NewTag, SaveTranslationOptions, TranslationFields } from './content-writer';

/** `render` is needed only to save texts (see createContentWriter); readers never render. */
export function createContentRepository(db: Kysely<Database>, render?: Renderer) {
  return { ...createContentReader(db), ...createSitemapReader(db), ...createContentWriter(db, render) };
}

export type ContentRepository = ReturnType<typeof createContentRepository>;
