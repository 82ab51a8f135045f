// The articles the fediverse sees: a visible post with its live texts and the stored
// rendering of each, by id (an Article's own URL) or by its slug (the page's URL, asked
// with Accept: application/activity+json). Posts only; pages are not federated.
import type { Kysely } from 'kysely';
import type { Post } from '@/core/content/types';
import type { Locale } from '@/core/locales';
import type { Database } from '../schema';
import { unpackText } from '../stored-text';
import { isVisible } from './content-reader';
import { loadPosts } from './load-posts';
import { toIsoTimestamp } from './map-rows';

export interface LiveArticle {
  post: Post;
  /** The stored HTML of each live language ('' when none was stored yet). */
  html: Partial<Record<Locale, string>>;
}

async function withHtml(db: Kysely<Database>, post: Post): Promise<LiveArticle> {
  const rows = await db.selectFrom('live_translations').select(['locale', 'html']).where('post_id', '=', post.id).execute();
  const html: Partial<Record<Locale, string>> = {};
  for (const r of rows) if (r.locale === 'zh' || r.locale === 'en') html[r.locale] = unpackText(r.html) ?? '';
  return { post, html };
}

export function createFediverseArticles(db: Kysely<Database>) {
  return {
    async findById(postId: number, now = new Date()): Promise<LiveArticle | null> {
      const row = await db.selectFrom('posts').selectAll().where('id', '=', postId).where('kind', '=', 'post').where(isVisible(toIsoTimestamp(now))).executeTakeFirst();
      if (!row) return null;
      const [post] = await loadPosts(db, [row]);
      return post ? withHtml(db, post) : null;
    },

    /** The post whose live text in `locale` has this slug. */
    async findBySlug(locale: Locale, slug: string, now = new Date()): Promise<LiveArticle | null> {
      const row = await db
        .selectFrom('live_translations')
        .innerJoin('posts', 'posts.id', 'live_translations.post_id')
        .selectAll('posts')
        .where('live_translations.locale', '=', locale)
        .where('live_translations.slug', '=', slug)
        .where('posts.kind', '=', 'post')
        .where(isVisible(toIsoTimestamp(now)))
        .executeTakeFirst();
      if (!row) return null;
      const [post] = await loadPosts(db, [row]);
      return post ? withHtml(db, post) : null;
    },

    /** The newest visible posts live in `locale`, for the actor's outbox. */
    async listRecentIds(locale: Locale, limit: number, now = new Date()): Promise<number[]> {
      const rows = await db
        .selectFrom('live_translations')
        .innerJoin('posts', 'posts.id', 'live_translations.post_id')
        .select('posts.id')
        .where('live_translations.locale', '=', locale)
        .where('posts.kind', '=', 'post')
        .where(isVisible(toIsoTimestamp(now)))
        .orderBy('posts.published_at', 'desc')
        .limit(limit)
        .execute();
      return rows.map((r) => r.id);
    },

    /** How many articles are live in `locale` (the outbox's total). */
    async countLive(locale: Locale, now = new Date()): Promise<number> {
      const row = await db
        .selectFrom('live_translations')
        .innerJoin('posts', 'posts.id', 'live_translations.post_id')
        .select((eb) => eb.fn.countAll<number | string>().as('n'))
        .where('live_translations.locale', '=', locale)
        .where('posts.kind', '=', 'post')
        .where(isVisible(toIsoTimestamp(now)))
        .executeTakeFirstOrThrow();
      return Number(row.n);
    },
  };
}
