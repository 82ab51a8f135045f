// The Content API's posts and pages: one by id or by slug, and lists walked by cursor.
// Only published posts and their live texts; the HTML is the rendering the page shows
// (stored when the text was published), with its links made absolute.
import type { Post, PostKind } from '@/core/content/types';
import { encodeCursor } from '@/core/content-api/cursor';
import type { ListQuery } from '@/core/content-api/query-schemas';
import type { ApiPostList } from '@/core/content-api/resource-schemas';
import { toApiPost, type LiveText } from '@/core/content-api/to-api-resources';
import { AppError } from '@/core/errors/app-error';
import { createContentApiReader, type ContentApiReader } from '@/db/repositories/content-api-reader';
import { createContentRepository } from '@/db/repositories/content-repository';
import { defaultLocale, type Locale } from '@/core/locales';
import { getRenderedBody } from '@/server/render/rendered-body';
import { apiContext, cachedAnswer, contentDatabase } from './cached-answer';

/** The stored HTML and publication time of every live text of `posts`, in one query. */
async function readLiveTexts(reader: ContentApiReader, posts: Post[]): Promise<Map<number, LiveText>> {
  const texts = posts.flatMap((post) => Object.values(post.translations));
  const rows = await reader.readLiveTexts(texts.map((t) => t.id));
  const live = new Map<number, LiveText>();
  for (const text of texts) {
    const row = rows.get(text.id);
    if (!row) continue;
    // A text published before renders were stored has none yet: the page's own read renders and keeps it.
    const html = row.html ?? (await getRenderedBody(text)).html;
    live.set(text.id, { html, publishedAt: row.publishedAt });
  }
  return live;
}

/** Tag and author filters name things by slug and handle; one that names nothing is a 400. */
async function resolveFilters(query: ListQuery, locale: Locale | null): Promise<{ tagId?: number; authorId?: number }> {
  const repo = createContentRepository(await contentDatabase());
  const [tag, author] = await Promise.all([
    query.tag === undefined ? undefined : repo.findTagBySlug(query.lang ?? locale ?? defaultLocale, query.tag),
    query.author === undefined ? undefined : repo.findAuthorByHandle(query.author),
  ]);
  if (tag === null) throw new AppError('VALIDATION', 'There is no tag with this slug.', { fields: { tag: ['No tag has this slug in either language.'] } });
  if (author === null) throw new AppError('VALIDATION', 'There is no author with this handle.', { fields: { author: ['No author has this handle.'] } });
  return { tagId: tag?.id, authorId: author?.id };
}

export const readPostList = cachedAnswer('list', async (kind: PostKind, query: ListQuery, locale: Locale | null): Promise<ApiPostList> => {
  const reader = createContentApiReader(await contentDatabase());
  const { posts, hasMore } = await reader.listPostsAfter({
    kind,
    locale: query.lang,
    ...(await resolveFilters(query, locale)),
    featured: query.featured,
    publishedFrom: query.published_after,
    publishedBefore: query.published_before,
    after: query.cursor,
    limit: query.limit,
  });
  const live = await readLiveTexts(reader, posts);
  const last = posts.at(-1);
  return {
    locale,
    data: posts.map((post) => toApiPost(post, live, apiContext(locale))),
    nextCursor: hasMore && last?.publishedAt ? encodeCursor({ publishedAt: last.publishedAt, id: last.id }) : null,
  };
});

export const readPost = cachedAnswer('post', async (kind: PostKind, where: { id: number } | { locale: Locale; slug: string }, locale: Locale | null) => {
  const reader = createContentApiReader(await contentDatabase());
  const post = await reader.findVisiblePost(where, kind);
  if (!post) return null;
  return { locale, data: toApiPost(post, await readLiveTexts(reader, [post]), apiContext(locale)) };
});
