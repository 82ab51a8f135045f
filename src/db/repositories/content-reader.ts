// The read side of the content repository: what public pages, feeds and the sitemap ask
// of the database. Readers only ever see published posts whose publication time has
// come, and only the published translations of those.
import { sql, type ExpressionBuilder, type Kysely } from 'kysely';
import type { Author, Page, Post, PostKind, Tag } from '@/core/content/types';
import { AppError } from '@/core/errors/app-error';
import { isLocale, otherLocale, type Locale } from '@/core/locales';
import { decodeStoredBlocks } from '@/core/markdown/stored-blocks';
import type { Database } from '../schema';
import { unpackText } from '../stored-text';
import { listArchiveYears, yearStart } from './archive-years';
import { findAuthorAvatar } from './author-avatar';
import { draftBody, liveBody } from './live-body';
import { loadPosts } from './load-posts';
import { foldAuthors, foldTags, toIsoTimestamp } from './map-rows';

export interface ListPostsOptions {
  locale: Locale;
  /** 1-based. */
  page: number;
  pageSize: number;
  kind?: PostKind;
  tagId?: number;
  authorId?: number;
  /** Posts published in this year on the clock of `timeZone` (UTC unless given). */
  year?: number;
  timeZone?: string;
  featured?: boolean;
  /** Leave these posts out (the home page's featured ones, so "Latest" does not repeat them). */
  excludeIds?: readonly number[];
  /** Only posts with a narration in this language (the podcast). */
  narratedIn?: Locale;
  /** Include posts that lack a published translation in `locale` (shown with a language badge). Default true. */
  includeOtherLanguage?: boolean;
  now?: Date;
}

/** What was stored of a translation's rendering; null fields: not rendered yet. */
export interface StoredRendering {
  translationId: number;
  revisionId: number | null;
  locale: Locale;
  body: string;
  html: string | null;
  blocks: string[] | null;
  renderVersion: number | null;
}

const maxPageSize = 100;

/** Published, and its publication time has come: a scheduled post stays hidden until then. */
export function isVisible(nowIso: string) {
  return (eb: ExpressionBuilder<Database, 'posts'>) =>
    eb.and([eb('posts.status', '=', 'published'), eb('posts.published_at', '<=', nowIso)]);
}

function hasPublishedTranslation(locale: Locale | null) {
  return (eb: ExpressionBuilder<Database, 'posts'>) =>
    eb.exists(
      eb
        .selectFrom('live_translations')
        .select(sql.lit(1).as('one'))
        .whereRef('live_translations.post_id', '=', 'posts.id')
        .$if(locale !== null, (qb) => qb.where('live_translations.locale', '=', locale!)),
    );
}

/** Path of a post in one language; pages live at the top level of the locale. */
export function createContentReader(db: Kysely<Database>) {
  return {
    /**
     * A visible post or page by its slug in `locale`, or else by its slug in the other
     * language (so /en/posts/<zh-slug> of a Chinese-only post still finds it).
     */
    async findPostBySlug(
      locale: Locale,
      slug: string,
      opts: { now?: Date; kind?: PostKind } = {},
    ): Promise<{ post: Post; matchedLocale: Locale } | null> {
      const nowIso = toIsoTimestamp(opts.now ?? new Date());
      for (const candidate of [locale, otherLocale(locale)]) {
        const row = await db
          .selectFrom('live_translations')
          .innerJoin('posts', 'posts.id', 'live_translations.post_id')
          .selectAll('posts')
          .where('live_translations.locale', '=', candidate)
          .where('live_translations.slug', '=', slug)
          .where(isVisible(nowIso))
          .$if(opts.kind !== undefined, (qb) => qb.where('posts.kind', '=', opts.kind!))
          .executeTakeFirst();
        if (row) {
          const [post] = await loadPosts(db, [row]);
          if (post) return { post, matchedLocale: candidate };
        }
      }
      return null;
    },

    /** Newest first. A fixed number of queries per call (count, page, then batched loads). */
    async listPosts(opts: ListPostsOptions): Promise<Page<Post>> {
      const { page, pageSize } = opts;
      if (!Number.isInteger(page) || page < 1) {
        throw new AppError('BAD_REQUEST', 'page must be a whole number from 1.', { fields: { page: ['Must be ≥ 1.'] } });
      }
      if (!Number.isInteger(pageSize) || pageSize < 1 || pageSize > maxPageSize) {
        throw new AppError('BAD_REQUEST', `pageSize must be from 1 to ${maxPageSize}.`, {
          fields: { pageSize: [`Must be 1–${maxPageSize}.`] },
        });
      }
      const nowIso = toIsoTimestamp(opts.now ?? new Date());
      const includeOther = opts.includeOtherLanguage ?? true;

      // Year bounds as text: published_at is ISO-8601 text, so a range keeps the index usable.
      const base = db
        .selectFrom('posts')
        .where(isVisible(nowIso))
        .where('posts.kind', '=', opts.kind ?? 'post')
        .where(hasPublishedTranslation(includeOther ? null : opts.locale))
        .$if(opts.featured !== undefined, (qb) => qb.where('posts.featured', '=', opts.featured ? 1 : 0))
        .$if((opts.excludeIds?.length ?? 0) > 0, (qb) => qb.where('posts.id', 'not in', [...opts.excludeIds!]))
        .$if(opts.year !== undefined, (qb) =>
          qb
            .where('posts.published_at', '>=', yearStart(opts.year!, opts.timeZone))
            .where('posts.published_at', '<', yearStart(opts.year! + 1, opts.timeZone)),
        )
        .$if(opts.tagId !== undefined, (qb) =>
          qb.where((eb) =>
            eb.exists(
              eb
                .selectFrom('post_tags')
                .select(sql.lit(1).as('one'))
                .whereRef('post_tags.post_id', '=', 'posts.id')
                .where('post_tags.tag_id', '=', opts.tagId!),
            ),
          ),
        )
        .$if(opts.authorId !== undefined, (qb) =>
          qb.where((eb) =>
            eb.exists(
              eb
                .selectFrom('post_authors')
                .select(sql.lit(1).as('one'))
                .whereRef('post_authors.post_id', '=', 'posts.id')
                .where('post_authors.author_id', '=', opts.authorId!),
            ),
          ),
        )
        .$if(opts.narratedIn !== undefined, (qb) =>
          qb.where((eb) =>
            eb.exists(
              eb
                .selectFrom('post_media')
                .select(sql.lit(1).as('one'))
                .whereRef('post_media.post_id', '=', 'posts.id')
                .where('post_media.role', '=', 'narration')
                .where('post_media.locale', '=', opts.narratedIn!),
            ),
          ),
        );

      const [countRow, rows] = await Promise.all([
        base.select((eb) => eb.fn.countAll().as('total')).executeTakeFirstOrThrow(),
        base
          .selectAll('posts')
          .orderBy('posts.published_at', 'desc')
          .orderBy('posts.id', 'desc')
          .limit(pageSize)
          .offset((page - 1) * pageSize)
          .execute(),
      ]);
      return { items: await loadPosts(db, rows), page, pageSize, total: Number(countRow.total) };
    },

    /** Years that have visible posts on the clock of `timeZone` (UTC unless given), newest first. */
    listArchiveYears: (now: Date = new Date(), timeZone = 'UTC') => listArchiveYears(db, isVisible(toIsoTimestamp(now)), timeZone),

    /** Every tag with the number of visible posts carrying it. */
    async listTags(opts: { now?: Date } = {}): Promise<Array<Tag & { postCount: number }>> {
      const nowIso = toIsoTimestamp(opts.now ?? new Date());
      const [tagRows, countRows] = await Promise.all([
        db
          .selectFrom('tags')
          .leftJoin('tag_texts', 'tag_texts.tag_id', 'tags.id')
          .select(['tags.id', 'tags.key', 'tag_texts.locale', 'tag_texts.name', 'tag_texts.slug'])
          .orderBy('tags.id')
          .execute(),
        db
          .selectFrom('post_tags')
          .innerJoin('posts', 'posts.id', 'post_tags.post_id')
          .select((eb) => ['post_tags.tag_id', eb.fn.countAll().as('count')])
          .where(isVisible(nowIso))
          .where('posts.kind', '=', 'post')
          .groupBy('post_tags.tag_id')
          .execute(),
      ]);
      const counts = new Map(countRows.map((row) => [row.tag_id, Number(row.count)]));
      return [...foldTags(tagRows).values()].map((tag) => ({ ...tag, postCount: counts.get(tag.id) ?? 0 }));
    },

    /** A tag by its slug in `locale`, or else by its slug in the other language. */
    async findTagBySlug(locale: Locale, slug: string): Promise<Tag | null> {
      for (const candidate of [locale, otherLocale(locale)]) {
        const match = await db
          .selectFrom('tag_texts')
          .select('tag_id')
          .where('locale', '=', candidate)
          .where('slug', '=', slug)
          .executeTakeFirst();
        if (match) {
          const rows = await db
            .selectFrom('tags')
            .leftJoin('tag_texts', 'tag_texts.tag_id', 'tags.id')
            .select(['tags.id', 'tags.key', 'tag_texts.locale', 'tag_texts.name', 'tag_texts.slug', 'tag_texts.description'])
            .where('tags.id', '=', match.tag_id)
            .execute();
          return foldTags(rows).get(match.tag_id) ?? null;
        }
      }
      return null;
    },

    async findAuthorByHandle(handle: string): Promise<Author | null> {
      const rows = await db
        .selectFrom('authors')
        .leftJoin('author_texts', 'author_texts.author_id', 'authors.id')
        .select(['authors.id', 'authors.handle', 'author_texts.locale', 'author_texts.name', 'author_texts.bio'])
        .where('authors.handle', '=', handle)
        .execute();
      const author = foldAuthors(rows).values().next().value;
      return author ? { ...author, avatar: await findAuthorAvatar(db, author.id) } : null;
    },

    /** All posts and pages, whatever their status: zero means a fresh database. */
    async countPosts(): Promise<number> {
      const row = await db
        .selectFrom('posts')
        .select((eb) => eb.fn.countAll().as('total'))
        .executeTakeFirstOrThrow();
      return Number(row.total);
    },

    /** The stored renderings of these live texts: article pages, the parallel view, feeds. */
    async getRenderings(translationIds: number[]): Promise<Map<number, StoredRendering>> {
      if (translationIds.length === 0) return new Map();
      const rows = await db
        .selectFrom('live_translations')
        .select(['translation_id', 'revision_id', 'locale', 'html', 'blocks', 'render_version'])
        .select(liveBody().as('body'))
        .where('translation_id', 'in', translationIds)
        .execute();
      return new Map(
        rows.map((r) => {
          const html = unpackText(r.html);
          const rendering: StoredRendering = {
            translationId: r.translation_id,
            revisionId: r.revision_id,
            locale: isLocale(r.locale) ? r.locale : 'zh',
            body: unpackText(r.body),
            html,
            blocks: r.blocks === null || html === null ? null : decodeStoredBlocks(html, r.blocks),
            renderVersion: r.render_version,
          };
          return [r.translation_id, rendering];
        }),
      );
    },

    /**
     * Drafts (`draft`) or live texts (`live`) with no rendering or one by another pipeline
     * version, by translation id, after `afterId`.
     */
    async listStaleRenderings(
      table: 'draft' | 'live',
      version: number,
      afterId: number,
      limit: number,
    ): Promise<Array<{ id: number; postId: number; revisionId: number | null; locale: Locale; body: string }>> {
      // The stale ids come from three ranges of the render_version index (`<>` is one no
      // index answers), unioned, then only those rows are read: at a start with nothing
      // to do, this reads no text at all, whatever the size of the site.
      const rows =
        table === 'draft'
          ? await db
              .selectFrom('post_translations')
              .select(['id', 'post_id', 'revision_id', 'locale'])
              .select(draftBody().as('body'))
              .where('id', 'in', (eb) => {
                const ids = () => eb.selectFrom('post_translations').select('id');
                return ids()
                  .where('render_version', 'is', null)
                  .unionAll(ids().where('render_version', '<', version))
                  .unionAll(ids().where('render_version', '>', version));
              })
              .where('id', '>', afterId)
              .orderBy('id')
              .limit(limit)
              .execute()
          : (
              await db
                .selectFrom('live_translations')
                .select(['translation_id', 'post_id', 'revision_id', 'locale'])
                .select(liveBody().as('body'))
                .where('translation_id', 'in', (eb) => {
                  const ids = () => eb.selectFrom('live_translations').select('translation_id');
                  return ids()
                    .where('render_version', 'is', null)
                    .unionAll(ids().where('render_version', '<', version))
                    .unionAll(ids().where('render_version', '>', version));
                })
                .where('translation_id', '>', afterId)
                .orderBy('translation_id')
                .limit(limit)
                .execute()
            ).map((r) => ({ ...r, id: r.translation_id }));
      return rows.map((r) => ({ id: r.id, postId: r.post_id, revisionId: r.revision_id, locale: isLocale(r.locale) ? r.locale : 'zh', body: unpackText(r.body) }));
    },

    /** Throws when the database cannot answer. */
    async checkHealth(): Promise<void> {
      await sql`select 1`.execute(db);
    },
  };
}
