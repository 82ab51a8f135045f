// Completes post rows into Posts: translations, authors, tags, cover and attached media.
// A fixed handful of batched queries per call, whatever the number of posts, so a list
// page costs the same few round trips for 5 posts as for 50 (no N+1).
import type { Kysely } from 'kysely';
import type { Media, Post, PostKind, PostStatus } from '@/core/content/types';
import { isLocale } from '@/core/locales';
import type { Database, PostRow } from '../schema';
import { draftBody, liveBody } from './live-body';
import { foldAuthors, foldMedia, foldTags, liveTranslationColumns, toLiveTranslation, toTranslation, translationColumns, type MediaTextRow } from './map-rows';

export type PostMediaRole = 'narration' | 'video' | 'poster' | 'subtitle';

const mediaColumns = [
  'media.id',
  'media.kind',
  'media.path',
  'media.mime',
  'media.bytes',
  'media.width',
  'media.height',
  'media.duration_seconds',
  'media.variants',
  'media_texts.locale as text_locale',
  'media_texts.alt',
  'media_texts.caption',
] as const;

export async function loadMediaByIds(db: Kysely<Database>, ids: number[]): Promise<Map<number, Media>> {
  if (ids.length === 0) return new Map();
  const rows: MediaTextRow[] = await db
    .selectFrom('media')
    .leftJoin('media_texts', 'media_texts.media_id', 'media.id')
    .select(mediaColumns)
    .where('media.id', 'in', ids)
    .orderBy('media.id')
    .execute();
  return foldMedia(rows);
}

export interface LoadPostsOptions {
  /** The Studio sees the working drafts; readers see only what is live. */
  includeDrafts?: boolean;
}

export async function loadPosts(db: Kysely<Database>, rows: PostRow[], options: LoadPostsOptions = {}): Promise<Post[]> {
  if (rows.length === 0) return [];
  const ids = rows.map((row) => row.id);
  const coverIds = [...new Set(rows.flatMap((row) => (row.cover_media_id === null ? [] : [row.cover_media_id])))];

  // Readers see the live texts; the Studio sees the drafts it edits.
  const translationsOf = async () =>
    options.includeDrafts
      ? (await db.selectFrom('post_translations').select(translationColumns).select(draftBody().as('body')).where('post_id', 'in', ids).execute()).map(toTranslation)
      : (await db.selectFrom('live_translations').select(liveTranslationColumns).select(liveBody().as('body')).where('post_id', 'in', ids).execute()).map(toLiveTranslation);
  const [translations, authorRows, tagRows, attachedRows, covers] = await Promise.all([
    translationsOf(),
    db
      .selectFrom('post_authors')
      .innerJoin('authors', 'authors.id', 'post_authors.author_id')
      .leftJoin('author_texts', 'author_texts.author_id', 'authors.id')
      .select([
        'post_authors.post_id',
        'authors.id',
        'authors.handle',
        'author_texts.locale',
        'author_texts.name',
        'author_texts.bio',
      ])
      .where('post_authors.post_id', 'in', ids)
      .orderBy('post_authors.post_id')
      .orderBy('post_authors.position')
      .execute(),
    db
      .selectFrom('post_tags')
      .innerJoin('tags', 'tags.id', 'post_tags.tag_id')
      .leftJoin('tag_texts', 'tag_texts.tag_id', 'tags.id')
      .select(['post_tags.post_id', 'tags.id', 'tags.key', 'tag_texts.locale', 'tag_texts.name', 'tag_texts.slug'])
      .where('post_tags.post_id', 'in', ids)
      .orderBy('tags.id')
      .execute(),
    db
      .selectFrom('post_media')
      .innerJoin('media', 'media.id', 'post_media.media_id')
      .leftJoin('media_texts', 'media_texts.media_id', 'media.id')
      .select([...mediaColumns, 'post_media.post_id', 'post_media.role', 'post_media.locale as media_locale'])
      .where('post_media.post_id', 'in', ids)
      .orderBy('post_media.id')
      .execute(),
    loadMediaByIds(db, coverIds),
  ]);

  const posts = new Map<number, Post>(
    rows.map((row) => [
      row.id,
      {
        id: row.id,
        kind: row.kind as PostKind,
        status: row.status as PostStatus,
        featured: Number(row.featured) === 1,
        publishedAt: row.published_at,
        sourceLocale: isLocale(row.source_locale) ? row.source_locale : 'zh',
        version: row.version,
        createdAt: row.created_at,
        updatedAt: row.updated_at,
        authors: [],
        tags: [],
        cover: row.cover_media_id === null ? null : (covers.get(row.cover_media_id) ?? null),
        narration: {},
        video: null,
        videoPoster: null,
        subtitles: {},
        translations: {},
      },
    ]),
  );

  for (const translation of translations) {
    const post = posts.get(translation.postId);
    if (post) post.translations[translation.locale] = translation;
  }

  // Authors and tags are folded per post so each post gets its own objects, in the order
  // the query returned (post_authors.position for authors).
  for (const [postId, group] of groupBy(authorRows, (row) => row.post_id)) {
    const post = posts.get(postId);
    if (post) post.authors = [...foldAuthors(group).values()];
  }
  for (const [postId, group] of groupBy(tagRows, (row) => row.post_id)) {
    const post = posts.get(postId);
    if (post) post.tags = [...foldTags(group).values()];
  }

  for (const group of groupBy(attachedRows, (row) => `${row.post_id}|${row.role}|${row.media_locale ?? ''}`).values()) {
    const first = group[0];
    const post = first && posts.get(first.post_id);
    const media = foldMedia(group).get(first?.id ?? -1);
    if (!first || !post || !media) continue;
    attachMedia(post, first.role as PostMediaRole, first.media_locale, media);
  }

  return ids.flatMap((id) => {
    const post = posts.get(id);
    return post ? [post] : [];
  });
}

function attachMedia(post: Post, role: PostMediaRole, locale: string | null, media: Media): void {
  switch (role) {
    case 'video':
      post.video = media;
      return;
    case 'poster':
      post.videoPoster = media;
      return;
    case 'narration':
    case 'subtitle':
      // The writer always gives these a locale; a row without one has nowhere to show.
      if (locale === null || !isLocale(locale)) return;
      (role === 'narration' ? post.narration : post.subtitles)[locale] = media;
      return;
  }
}

function groupBy<T, K>(items: T[], keyOf: (item: T) => K): Map<K, T[]> {
  const groups = new Map<K, T[]>();
  for (const item of items) {
    const key = keyOf(item);
    const group = groups.get(key);
    if (group) group.push(item);
    else groups.set(key, [item]);
  }
  return groups;
}
