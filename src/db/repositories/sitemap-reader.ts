// What the sitemap reads: visible posts and pages with the path of each published
// language, and the tags and authors that have something to list (a tag or author with
// no visible post would be an empty page). Everything comes in id-ordered slices, so a
// 100,000-post sitemap is streamed without being held in memory.
import { sql, type ExpressionBuilder, type Kysely } from 'kysely';
import type { PostKind, Tag } from '@/core/content/types';
import { isLocale, type Locale } from '@/core/locales';
import type { Database } from '../schema';
import { postPath } from '@/core/content/post-path';
import { isVisible } from './content-reader';
import { foldTags, toIsoTimestamp } from './map-rows';

export interface SitemapEntry {
  postId: number;
  kind: PostKind;
  updatedAt: string;
  paths: Partial<Record<Locale, string>>;
}

export interface SitemapTag {
  names: Tag['names'];
  /** When a visible post carrying the tag was last published. */
  updatedAt: string;
}

export interface SitemapAuthor {
  handle: string;
  updatedAt: string;
}

export interface SitemapSlice {
  offset?: number;
  /** Posts after this id (keyset paging: a slice that follows another); `offset` then counts from there. */
  afterId?: number;
  limit?: number;
  now?: Date;
}

/** A visible article with a live text: what visibleArticleTexts joins, asked of one post. */
function isVisibleArticle(nowIso: string) {
  return (eb: ExpressionBuilder<Database, 'posts'>) =>
    eb.and([
      isVisible(nowIso)(eb),
      eb('posts.kind', '=', 'post'),
      eb.exists(eb.selectFrom('live_translations').select(sql.lit(1).as('one')).whereRef('live_translations.post_id', '=', 'posts.id')),
    ]);
}

export function createSitemapReader(db: Kysely<Database>) {
  /** Live texts of visible articles (kind post: tag and author pages list only those). */
  const visibleArticleTexts = (nowIso: string) =>
    db
      .selectFrom('posts')
      .innerJoin('live_translations', 'live_translations.post_id', 'posts.id')
      .where(isVisible(nowIso))
      .where('posts.kind', '=', 'post');

  return {
    /**
     * One slice of the sitemap: visible posts in id order (stable while new posts arrive
     * at the end), each with the paths of its published translations.
     */
    async listSitemapEntries(opts: SitemapSlice = {}): Promise<SitemapEntry[]> {
      const { offset = 0, afterId, limit = 50_000, now = new Date() } = opts;
      const nowIso = toIsoTimestamp(now);
      const ids = db
        .selectFrom('posts')
        .select('posts.id')
        .where(isVisible(nowIso))
        .$if(afterId !== undefined, (qb) => qb.where('posts.id', '>', afterId!))
        .orderBy('posts.id')
        .limit(limit)
        .$if(offset > 0, (qb) => qb.offset(offset));
      const rows = await db
        .selectFrom('posts')
        .innerJoin('live_translations', 'live_translations.post_id', 'posts.id')
        .select(['posts.id', 'posts.kind', 'live_translations.updated_at', 'live_translations.locale', 'live_translations.slug'])
        .where('posts.id', 'in', ids)
        .orderBy('posts.id')
        .execute();
      const entries = new Map<number, SitemapEntry>();
      for (const row of rows) {
        if (!isLocale(row.locale)) continue;
        const kind = row.kind as PostKind;
        let entry = entries.get(row.id);
        if (!entry) {
          entry = { postId: row.id, kind, updatedAt: row.updated_at, paths: {} };
          entries.set(row.id, entry);
        }
        entry.paths[row.locale] = postPath(kind, row.locale, row.slug);
        // Last modified as readers saw it: the newest publication of either language
        // (a draft save moves the post's own updated_at, never this).
        if (row.updated_at > entry.updatedAt) entry.updatedAt = row.updated_at;
      }
      return [...entries.values()];
    },

    /** How many posts and pages readers can see now, and when the newest changed. */
    async countVisiblePosts(now: Date = new Date()): Promise<{ total: number; lastModified: string | null }> {
      const nowIso = toIsoTimestamp(now);
      const [row, last] = await Promise.all([
        db.selectFrom('posts').select((eb) => eb.fn.countAll().as('total')).where(isVisible(nowIso)).executeTakeFirstOrThrow(),
        // The newest publication first, through its index, until one of a visible post:
        // no read of every live text.
        db
          .selectFrom('live_translations')
          .innerJoin('posts', 'posts.id', 'live_translations.post_id')
          .select('live_translations.updated_at as last')
          .where(isVisible(nowIso))
          .orderBy('live_translations.updated_at', 'desc')
          .limit(1)
          .executeTakeFirst(),
      ]);
      return { total: Number(row.total), lastModified: last?.last ?? null };
    },

    /**
     * How many tags and authors have a visible article, so have a page worth listing.
     * Counted from the tags and the authors, each asked for one visible article that
     * carries it (its posts through post_tags_tag_idx / post_authors_author_idx, each
     * post by id, stopping at the first visible one): a site has few of them, where a
     * count of distinct ids over every visible text read all of them (1.0 s at 100,000
     * posts on PostgreSQL) each time the sitemap index was rebuilt after a publication.
     * A scalar subquery with `limit 1`, not an `exists`: PostgreSQL turns an `exists`
     * into a semi join and hashed every visible post again (3.2 s at 100,000 posts, 0.3
     * ms as written), and with the post joined in the same subquery SQLite walked every
     * visible post for each tag.
     */
    async countSitemapListings(now: Date = new Date()): Promise<{ tags: number; authors: number }> {
      const nowIso = toIsoTimestamp(now);
      const [tags, authors] = await Promise.all([
        db
          .selectFrom('tags')
          .select((eb) => eb.fn.countAll().as('count'))
          .where((eb) =>
            eb(
              eb
                .selectFrom('post_tags')
                .select(sql.lit(1).as('one'))
                .whereRef('post_tags.tag_id', '=', 'tags.id')
                .where((inner) => inner.exists(inner.selectFrom('posts').select(sql.lit(1).as('one')).whereRef('posts.id', '=', 'post_tags.post_id').where(isVisibleArticle(nowIso))))
                .limit(1),
              'is not',
              null,
            ),
          )
          .executeTakeFirstOrThrow(),
        db
          .selectFrom('authors')
          .select((eb) => eb.fn.countAll().as('count'))
          .where((eb) =>
            eb(
              eb
                .selectFrom('post_authors')
                .select(sql.lit(1).as('one'))
                .whereRef('post_authors.author_id', '=', 'authors.id')
                .where((inner) => inner.exists(inner.selectFrom('posts').select(sql.lit(1).as('one')).whereRef('posts.id', '=', 'post_authors.post_id').where(isVisibleArticle(nowIso))))
                .limit(1),
              'is not',
              null,
            ),
          )
          .executeTakeFirstOrThrow(),
      ]);
      return { tags: Number(tags.count), authors: Number(authors.count) };
    },

    /** Tags with a visible article, in id order, with their names in each language. */
    async listSitemapTags(opts: SitemapSlice = {}): Promise<SitemapTag[]> {
      const { offset = 0, limit = 50_000, now = new Date() } = opts;
      const latest = await visibleArticleTexts(toIsoTimestamp(now))
        .innerJoin('post_tags', 'post_tags.post_id', 'posts.id')
        .select((eb) => ['post_tags.tag_id', eb.fn.max('live_translations.updated_at').as('updated_at')])
        .groupBy('post_tags.tag_id')
        .orderBy('post_tags.tag_id')
        .limit(limit)
        .offset(offset)
        .execute();
      if (latest.length === 0) return [];
      const rows = await db
        .selectFrom('tags')
        .leftJoin('tag_texts', 'tag_texts.tag_id', 'tags.id')
        .select(['tags.id', 'tags.key', 'tag_texts.locale', 'tag_texts.name', 'tag_texts.slug'])
        .where('tags.id', 'in', latest.map((row) => row.tag_id))
        .execute();
      const tags = foldTags(rows);
      return latest.flatMap((row) => {
        const tag = tags.get(row.tag_id);
        return tag ? [{ names: tag.names, updatedAt: String(row.updated_at) }] : [];
      });
    },

    /** Authors with a visible article, in id order. */
    async listSitemapAuthors(opts: SitemapSlice = {}): Promise<SitemapAuthor[]> {
      const { offset = 0, limit = 50_000, now = new Date() } = opts;
      const rows = await visibleArticleTexts(toIsoTimestamp(now))
        .innerJoin('post_authors', 'post_authors.post_id', 'posts.id')
        .innerJoin('authors', 'authors.id', 'post_authors.author_id')
        .select((eb) => ['authors.id', 'authors.handle', eb.fn.max('live_translations.updated_at').as('updated_at')])
        .groupBy(['authors.id', 'authors.handle'])
        .orderBy('authors.id')
        .limit(limit)
        .offset(offset)
        .execute();
      return rows.map((row) => ({ handle: row.handle, updatedAt: String(row.updated_at) }));
    },
  };
}
