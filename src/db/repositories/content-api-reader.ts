// What the Content API reads beyond the pages' own reads (content-reader.ts): posts by
// id or by the slug of one given language, lists walked by a keyset cursor instead of
// page numbers, when each live text went live, and the authors with their counts. Like
// every reader's query, only published posts whose time has come and only their live
// texts (live_translations), never a draft.
import { sql, type ExpressionBuilder, type Kysely } from 'kysely';
import type { Author, AuthorAvatar, Post, PostKind } from '@/core/content/types';
import type { ListPosition } from '@/core/content-api/cursor';
import type { Locale } from '@/core/locales';
import type { Database } from '../schema';
import { unpackText } from '../stored-text';
import { findAuthorAvatars } from './author-avatar';
import { isVisible } from './content-reader';
import { loadPosts } from './load-posts';
import { foldAuthors, toIsoTimestamp } from './map-rows';

export interface ApiListOptions {
  kind: PostKind;
  /** Only posts published in this language. */
  locale?: Locale;
  tagId?: number;
  authorId?: number;
  featured?: boolean;
  /** ISO-8601 bounds on the publication time: from (inclusive), before (exclusive). */
  publishedFrom?: string;
  publishedBefore?: string;
  /** Continue after this position of the list order (newest first, then the higher id). */
  after?: ListPosition;
  limit: number;
  now?: Date;
}

export interface LiveTextRow {
  translationId: number;
  html: string | null;
  revisionId: number;
  publishedAt: string;
}

type PostsExpression = ExpressionBuilder<Database, 'posts'>;

/** A live text exists (in `locale`, when given): a post with none has nothing to show. */
function hasLiveText(locale: Locale | undefined) {
  return (eb: PostsExpression) =>
    eb.exists(
      eb
        .selectFrom('live_translations')
        .select(sql.lit(1).as('one'))
        .whereRef('live_translations.post_id', '=', 'posts.id')
        .$if(locale !== undefined, (qb) => qb.where('live_translations.locale', '=', locale!)),
    );
}

function hasLink(table: 'post_tags' | 'post_authors', id: number) {
  return (eb: PostsExpression) =>
    table === 'post_tags'
      ? eb.exists(eb.selectFrom('post_tags').select(sql.lit(1).as('one')).whereRef('post_tags.post_id', '=', 'posts.id').where('post_tags.tag_id', '=', id))
      : eb.exists(eb.selectFrom('post_authors').select(sql.lit(1).as('one')).whereRef('post_authors.post_id', '=', 'posts.id').where('post_authors.author_id', '=', id));
}

export function createContentApiReader(db: Kysely<Database>) {
  return {
    /** One page of a list, and whether more follow. A fixed handful of queries whatever the limit. */
    async listPostsAfter(opts: ApiListOptions): Promise<{ posts: Post[]; hasMore: boolean }> {
      const after = opts.after;
      const rows = await db
        .selectFrom('posts')
        .selectAll('posts')
        .where(isVisible(toIsoTimestamp(opts.now ?? new Date())))
        .where('posts.kind', '=', opts.kind)
        .where(hasLiveText(opts.locale))
        .$if(opts.featured !== undefined, (qb) => qb.where('posts.featured', '=', opts.featured ? 1 : 0))
        .$if(opts.tagId !== undefined, (qb) => qb.where(hasLink('post_tags', opts.tagId!)))
        .$if(opts.authorId !== undefined, (qb) => qb.where(hasLink('post_authors', opts.authorId!)))
        .$if(opts.publishedFrom !== undefined, (qb) => qb.where('posts.published_at', '>=', opts.publishedFrom!))
        .$if(opts.publishedBefore !== undefined, (qb) => qb.where('posts.published_at', '<', opts.publishedBefore!))
        .$if(after !== undefined, (qb) =>
          qb.where((eb) =>
            eb.or([
              eb('posts.published_at', '<', after!.publishedAt),
              eb.and([eb('posts.published_at', '=', after!.publishedAt), eb('posts.id', '<', after!.id)]),
            ]),
          ),
        )
        .orderBy('posts.published_at', 'desc')
        .orderBy('posts.id', 'desc')
        .limit(opts.limit + 1)
        .execute();
      return { posts: await loadPosts(db, rows.slice(0, opts.limit)), hasMore: rows.length > opts.limit };
    },

    /** A visible post or page by its id, or by its slug in exactly this language. */
    async findVisiblePost(where: { id: number } | { locale: Locale; slug: string }, kind: PostKind, now: Date = new Date()): Promise<Post | null> {
      const row = await db
        .selectFrom('posts')
        .selectAll('posts')
        .where(isVisible(toIsoTimestamp(now)))
        .where('posts.kind', '=', kind)
        .where(hasLiveText(undefined))
        .$if('id' in where, (qb) => qb.where('posts.id', '=', (where as { id: number }).id))
        .$if('slug' in where, (qb) =>
          qb.where((eb) =>
            eb.exists(
              eb
                .selectFrom('live_translations')
                .select(sql.lit(1).as('one'))
                .whereRef('live_translations.post_id', '=', 'posts.id')
                .where('live_translations.locale', '=', (where as { locale: Locale }).locale)
                .where('live_translations.slug', '=', (where as { slug: string }).slug),
            ),
          ),
        )
        .executeTakeFirst();
      if (!row) return null;
      const [post] = await loadPosts(db, [row]);
      return post ?? null;
    },

    /** The stored rendering of these live texts and when each went live. */
    async readLiveTexts(translationIds: readonly number[]): Promise<Map<number, LiveTextRow>> {
      if (translationIds.length === 0) return new Map();
      const rows = await db
        .selectFrom('live_translations')
        .select(['translation_id', 'html', 'revision_id', 'published_at'])
        .where('translation_id', 'in', [...translationIds])
        .execute();
      return new Map(rows.map((r) => [r.translation_id, { translationId: r.translation_id, html: unpackText(r.html), revisionId: r.revision_id, publishedAt: r.published_at }]));
    },

    /** Every author (`handle`: just that one), with their picture and number of visible posts. */
    async listAuthorProfiles(opts: { handle?: string; now?: Date } = {}): Promise<Array<{ author: Author; avatar: AuthorAvatar | null; postCount: number }>> {
      const nowIso = toIsoTimestamp(opts.now ?? new Date());
      const [rows, counts] = await Promise.all([
        db
          .selectFrom('authors')
          .leftJoin('author_texts', 'author_texts.author_id', 'authors.id')
          .select(['authors.id', 'authors.handle', 'author_texts.locale', 'author_texts.name', 'author_texts.bio'])
          .$if(opts.handle !== undefined, (qb) => qb.where('authors.handle', '=', opts.handle!))
          .orderBy('authors.handle')
          .execute(),
        db
          .selectFrom('post_authors')
          .innerJoin('posts', 'posts.id', 'post_authors.post_id')
          .innerJoin('authors', 'authors.id', 'post_authors.author_id')
          .select((eb) => ['post_authors.author_id', eb.fn.countAll().as('count')])
          .where(isVisible(nowIso))
          .where('posts.kind', '=', 'post')
          .$if(opts.handle !== undefined, (qb) => qb.where('authors.handle', '=', opts.handle!))
          .groupBy('post_authors.author_id')
          .execute(),
      ]);
      const authors = [...foldAuthors(rows).values()];
      const avatars = await findAuthorAvatars(db, authors.map((a) => a.id));
      const countOf = new Map(counts.map((row) => [row.author_id, Number(row.count)]));
      return authors.map((author) => ({ author, avatar: avatars.get(author.id) ?? null, postCount: countOf.get(author.id) ?? 0 }));
    },
  };
}

export type ContentApiReader = ReturnType<typeof createContentApiReader>;
