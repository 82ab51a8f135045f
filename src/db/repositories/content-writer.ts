// The write side of the content repository: what the demo seed and the Studio need to
// create authors, tags, media and posts, and to save a translation. Every save of a
// translation records a revision, which is how an outdated translation is recognised,
// and refreshes the post's search index entries in the same transaction.
import type { Kysely, Transaction } from 'kysely';
import type {
  Author,
  Media,
  MediaKind,
  MediaVariant,
  PerLocale,
  Post,
  PostKind,
  PostStatus,
  SiteSettings,
  Tag,
  Translation,
  TranslationState,
} from '@/core/content/types';
import { AppError } from '@/core/errors/app-error';
import { locales, otherLocale, type Locale } from '@/i18n/routing';
import { mapDatabaseError } from '../map-database-error';
import type { Database } from '../schema';
import { requireText } from './check-text';
import { loadMediaByIds, loadPosts, type PostMediaRole } from './load-posts';
import { foldAuthors, foldTags, toIsoTimestamp } from './map-rows';
import { reindexPost } from './search-index';
import { assertSourceRevision, writeTranslation, type TranslationFields } from './write-translation';

export type { TranslationFields } from './write-translation';

export interface NewAuthor {
  handle: string;
  name: PerLocale<string>;
  bio?: PerLocale<string>;
}

export interface NewTag {
  key: string;
  names: PerLocale<{ name: string; slug: string }>;
}

export interface NewMedia {
  kind: MediaKind;
  path: string;
  mime: string;
  bytes: number;
  sha256: string;
  width?: number | null;
  height?: number | null;
  durationSeconds?: number | null;
  alt?: PerLocale<string>;
  caption?: PerLocale<string>;
  variants?: MediaVariant[];
}

export interface NewPost {
  kind?: PostKind;
  status?: PostStatus;
  featured?: boolean;
  /** Defaults to now for a published post, null otherwise. */
  publishedAt?: Date | string | null;
  sourceLocale: Locale;
  /** In byline order. */
  authorIds?: number[];
  tagIds?: number[];
  coverMediaId?: number | null;
  narrationMediaIds?: PerLocale<number>;
  videoMediaId?: number | null;
  videoPosterMediaId?: number | null;
  subtitleMediaIds?: PerLocale<number>;
  /** Must include the source language. The others are recorded as made from its first revision. */
  translations: PerLocale<TranslationFields & { state?: TranslationState }>;
  now?: Date;
}

export interface SaveTranslationOptions {
  /** The source translation's revision this text was made from; null for the source itself. */
  basedOnRevisionId: number | null;
  /** Defaults to the current state, or 'draft' for a new translation. */
  state?: TranslationState;
  now?: Date;
}

/**
 * Runs a write in a transaction, turning constraint violations into AppErrors. Inside a
 * caller's transaction (the seed imports everything in one) it joins that one instead,
 * since Kysely has no nested transactions.
 */
async function write<T>(db: Kysely<Database>, work: (trx: Transaction<Database>) => Promise<T>): Promise<T> {
  try {
    return db.isTransaction ? await work(db as Transaction<Database>) : await db.transaction().execute(work);
  } catch (error) {
    throw mapDatabaseError(error);
  }
}

export function createContentWriter(db: Kysely<Database>) {
  return {
    createAuthor: (input: NewAuthor): Promise<Author> =>
      write(db, async (trx) => {
        const nowIso = toIsoTimestamp(new Date());
        const { id } = await trx
          .insertInto('authors')
          .values({ handle: requireText(input.handle, 'handle'), created_at: nowIso })
          .returning('id')
          .executeTakeFirstOrThrow();
        const texts = locales.flatMap((locale) => {
          const name = input.name[locale];
          return name === undefined ? [] : [{ author_id: id, locale, name, bio: input.bio?.[locale] ?? '' }];
        });
        if (texts.length > 0) await trx.insertInto('author_texts').values(texts).execute();
        return foldAuthors([
          { id, handle: input.handle, locale: null, name: null, bio: null },
          ...texts.map((t) => ({ id, handle: input.handle, locale: t.locale, name: t.name, bio: t.bio })),
        ]).get(id)!;
      }),

    createTag: (input: NewTag): Promise<Tag> =>
      write(db, async (trx) => {
        const { id } = await trx
          .insertInto('tags')
          .values({ key: requireText(input.key, 'key'), created_at: toIsoTimestamp(new Date()) })
          .returning('id')
          .executeTakeFirstOrThrow();
        const texts = locales.flatMap((locale) => {
          const text = input.names[locale];
          return text ? [{ tag_id: id, locale, name: text.name, slug: requireText(text.slug, 'slug') }] : [];
        });
        if (texts.length > 0) await trx.insertInto('tag_texts').values(texts).execute();
        return foldTags([
          { id, key: input.key, locale: null, name: null, slug: null },
          ...texts.map((t) => ({ id, key: input.key, locale: t.locale, name: t.name, slug: t.slug })),
        ]).get(id)!;
      }),

    createMedia: (input: NewMedia): Promise<Media> =>
      write(db, async (trx) => {
        const { id } = await trx
          .insertInto('media')
          .values({
            kind: input.kind,
            path: requireText(input.path, 'path'),
            mime: input.mime,
            bytes: input.bytes,
            width: input.width ?? null,
            height: input.height ?? null,
            duration_seconds: input.durationSeconds ?? null,
            sha256: input.sha256,
            created_at: toIsoTimestamp(new Date()),
            variants: input.variants?.length ? JSON.stringify(input.variants) : null,
          })
          .returning('id')
          .executeTakeFirstOrThrow();
        const texts = locales.flatMap((locale) => {
          const alt = input.alt?.[locale] ?? null;
          const caption = input.caption?.[locale] ?? null;
          return alt === null && caption === null ? [] : [{ media_id: id, locale, alt, caption }];
        });
        if (texts.length > 0) await trx.insertInto('media_texts').values(texts).execute();
        return (await loadMediaByIds(trx, [id])).get(id)!;
      }),

    createPost: (input: NewPost): Promise<Post> =>
      write(db, async (trx) => {
        const source = input.translations[input.sourceLocale];
        if (!source) {
          throw new AppError('VALIDATION', `A post needs its source language (${input.sourceLocale}).`, {
            fields: { translations: [`The ${input.sourceLocale} translation is required.`] },
          });
        }
        const now = input.now ?? new Date();
        const nowIso = toIsoTimestamp(now);
        const status = input.status ?? 'draft';
        const publishedAt =
          input.publishedAt != null ? toIsoTimestamp(input.publishedAt) : status === 'published' ? nowIso : null;

        const row = await trx
          .insertInto('posts')
          .values({
            kind: input.kind ?? 'post',
            status,
            featured: input.featured ? 1 : 0,
            published_at: publishedAt,
            source_locale: input.sourceLocale,
            version: 1,
            cover_media_id: input.coverMediaId ?? null,
            created_at: nowIso,
            updated_at: nowIso,
          })
          .returningAll()
          .executeTakeFirstOrThrow();

        const sourceTranslation = await writeTranslation(trx, row.id, input.sourceLocale, source, {
          basedOnRevisionId: null,
          state: source.state ?? 'draft',
          nowIso,
        });
        const other = otherLocale(input.sourceLocale);
        const otherFields = input.translations[other];
        if (otherFields) {
          await writeTranslation(trx, row.id, other, otherFields, {
            basedOnRevisionId: sourceTranslation.revisionId,
            state: otherFields.state ?? 'draft',
            nowIso,
          });
        }

        const authorIds = input.authorIds ?? [];
        if (authorIds.length > 0) {
          await trx
            .insertInto('post_authors')
            .values(authorIds.map((authorId, position) => ({ post_id: row.id, author_id: authorId, position })))
            .execute();
        }
        const tagIds = [...new Set(input.tagIds ?? [])];
        if (tagIds.length > 0) {
          await trx
            .insertInto('post_tags')
            .values(tagIds.map((tagId) => ({ post_id: row.id, tag_id: tagId })))
            .execute();
        }
        const attached = attachedMedia(input).map((m) => ({ post_id: row.id, ...m }));
        if (attached.length > 0) await trx.insertInto('post_media').values(attached).execute();
        await reindexPost(trx, row.id);

        const [post] = await loadPosts(trx, [row], { includeDrafts: true });
        return post!;
      }),

    /**
     * Saves one language of a post (creating it if missing) as a new revision, and bumps
     * the post's version. A translation is outdated when its basedOnRevisionId is no
     * longer the source translation's current revision.
     */
    saveTranslation: (
      postId: number,
      locale: Locale,
      fields: TranslationFields,
      options: SaveTranslationOptions,
    ): Promise<Translation> =>
      write(db, async (trx) => {
        const post = await trx.selectFrom('posts').select(['id']).where('id', '=', postId).executeTakeFirst();
        if (!post) throw new AppError('NOT_FOUND', `There is no post ${postId}.`);
        if (options.basedOnRevisionId !== null) {
          await assertSourceRevision(trx, postId, locale, options.basedOnRevisionId);
        }
        const nowIso = toIsoTimestamp(options.now ?? new Date());
        const translation = await writeTranslation(trx, postId, locale, fields, {
          basedOnRevisionId: options.basedOnRevisionId,
          state: options.state,
          nowIso,
        });
        await trx
          .updateTable('posts')
          .set((eb) => ({ version: eb('version', '+', 1), updated_at: nowIso }))
          .where('id', '=', postId)
          .execute();
        await reindexPost(trx, postId);
        return translation;
      }),

    saveSiteSettings: (locale: Locale, settings: Partial<SiteSettings>): Promise<void> =>
      write(db, async (trx) => {
        for (const [key, raw] of Object.entries(settings)) {
          if (raw === undefined) continue;
          const value = typeof raw === 'string' ? raw : JSON.stringify(raw);
          await trx
            .insertInto('settings')
            .values({ locale, key, value })
            .onConflict((oc) => oc.columns(['locale', 'key']).doUpdateSet({ value }))
            .execute();
        }
      }),
  };
}

function attachedMedia(input: NewPost): Array<{ media_id: number; role: PostMediaRole; locale: Locale | null }> {
  const rows: Array<{ media_id: number; role: PostMediaRole; locale: Locale | null }> = [];
  if (input.videoMediaId != null) rows.push({ media_id: input.videoMediaId, role: 'video', locale: null });
  if (input.videoPosterMediaId != null) rows.push({ media_id: input.videoPosterMediaId, role: 'poster', locale: null });
  for (const locale of locales) {
    const narration = input.narrationMediaIds?.[locale];
    if (narration !== undefined) rows.push({ media_id: narration, role: 'narration', locale });
    const subtitle = input.subtitleMediaIds?.[locale];
    if (subtitle !== undefined) rows.push({ media_id: subtitle, role: 'subtitle', locale });
  }
  return rows;
}
