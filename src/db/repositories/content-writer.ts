// The write side of the content repository: what the demo seed and the Studio need to
// create authors, tags, media and posts, and to save a translation. Every save of a
// translation records a revision, which is how an outdated translation is recognised,
// and refreshes the post's search index entries in the same transaction.
import type { Kysely } from 'kysely';
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
import type { RenderedDocument, Renderer } from '@/core/markdown/render-document';
import { locales, otherLocale, type Locale } from '@/core/locales';
import type { Database } from '../schema';
import { inTransaction as write } from '../transaction';
import { requireText } from './check-text';
import { loadMediaByIds, loadPosts, type PostMediaRole } from './load-posts';
import { foldAuthors, foldTags, toIsoTimestamp } from './map-rows';
import { reindexPost } from './search-index';
import { cutBlocksOf } from './translation-memory-store';
import { publishDirectly, unpublishDirectly } from '../publishing/publish-directly';
import { assertSourceRevision, renderColumns, writeTranslation, type TranslationFields } from './write-translation';

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
  /** The account that uploaded the file, when one did. */
  uploadedBy?: string | null;
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
  /** Texts an import brings were published elsewhere, before: they go live without telling webhooks. */
  isImported?: boolean;
}

export interface SaveTranslationOptions {
  /** The source translation's revision this text was made from; null for the source itself. */
  basedOnRevisionId: number | null;
  /** 'published' puts the saved text live, 'draft' takes it off; absent, the live text stays as it is. */
  state?: TranslationState;
  now?: Date;
}

/**
 * Runs a write in a transaction, turning constraint violations into AppErrors. Inside a
 * caller's transaction (the seed imports everything in one) it joins that one instead,
 * since Kysely has no nested transactions.
 */

/**
 * `render` turns a body into what readers see; it runs before each write's transaction
 * begins (on a server, the worker pool: never on the request thread).
 */
export function createContentWriter(db: Kysely<Database>, render?: Renderer) {
  const renderBody = (body: string, locale: Locale): Promise<RenderedDocument> => {
    if (!render) throw new Error('This content repository was made without a renderer, so it cannot save texts.');
    return render({ markdown: body, locale });
  };
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
            uploaded_by: input.uploadedBy ?? null,
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

    createPost: async (input: NewPost): Promise<Post> => {
      // Both languages at once: on a server they go to two workers of the pool.
      const rendered: PerLocale<RenderedDocument> = {};
      await Promise.all(
        locales.map(async (locale) => {
          const fields = input.translations[locale];
          if (fields) rendered[locale] = await renderBody(fields.body, locale);
        }),
      );
      return write(db, async (trx) => {
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
          nowIso,
          rendered: rendered[input.sourceLocale]!,
        });
        const quiet = input.isImported === true;
        const cut = cutBlocksOf(input.translations, rendered);
        if (source.state === 'published') await publishDirectly(trx, row.id, input.sourceLocale, { nowIso, quiet, cut });
        const other = otherLocale(input.sourceLocale);
        const otherFields = input.translations[other];
        if (otherFields) {
          await writeTranslation(trx, row.id, other, otherFields, {
            basedOnRevisionId: sourceTranslation.revisionId,
            nowIso,
            rendered: rendered[other]!,
          });
          if (otherFields.state === 'published') await publishDirectly(trx, row.id, other, { nowIso, quiet, cut });
        }
        // A post created unpublished stays so, whatever went live above.
        if (status !== 'published') await trx.updateTable('posts').set({ status, published_at: publishedAt }).where('id', '=', row.id).execute();

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
      });
    },

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
      renderBody(fields.body, locale).then((rendered) => write(db, async (trx) => {
        const post = await trx.selectFrom('posts').select(['id']).where('id', '=', postId).executeTakeFirst();
        if (!post) throw new AppError('NOT_FOUND', `There is no post ${postId}.`);
        if (options.basedOnRevisionId !== null) {
          await assertSourceRevision(trx, postId, locale, options.basedOnRevisionId);
        }
        const nowIso = toIsoTimestamp(options.now ?? new Date());
        const translation = await writeTranslation(trx, postId, locale, fields, {
          basedOnRevisionId: options.basedOnRevisionId,
          nowIso,
          rendered,
        });
        if (options.state === 'published') await publishDirectly(trx, postId, locale, { nowIso, cut: cutBlocksOf({ [locale]: fields }, { [locale]: rendered }) });
        else if (options.state === 'draft') await unpublishDirectly(trx, postId, locale, { nowIso });
        await trx
          .updateTable('posts')
          .set((eb) => ({ version: eb('version', '+', 1), updated_at: nowIso }))
          .where('id', '=', postId)
          .execute();
        await reindexPost(trx, postId);
        return translation;
      })),

    /**
     * Stores a rendering made after the fact (a text saved before renders were stored, or
     * by an older pipeline) on a draft or a live text, unless that text has changed since.
     */
    storeRendering: async (table: 'draft' | 'live', translationId: number, revisionId: number, rendered: RenderedDocument): Promise<boolean> => {
      const columns = { ...renderColumns(rendered), reading_minutes: rendered.readingMinutes };
      const updated =
        table === 'draft'
          ? await db.updateTable('post_translations').set(columns).where('id', '=', translationId).where('revision_id', '=', revisionId).executeTakeFirst()
          : await db.updateTable('live_translations').set(columns).where('translation_id', '=', translationId).where('revision_id', '=', revisionId).executeTakeFirst();
      if (table === 'live') {
        // A draft sharing this rendering (shared-rendering.ts) is as fresh as it now, and reads
        // its derived excerpt from it (a copy an older version left is emptied).
        const shared = { derived_excerpt: null, render_version: rendered.renderVersion, reading_minutes: rendered.readingMinutes };
        await db.updateTable('post_translations').set(shared).where('id', '=', translationId).where('revision_id', '=', revisionId).where('html', 'is', null).execute();
      }
      return Number(updated.numUpdatedRows) > 0;
    },

    /** Brings a post's search entries up to date with its stored plain text. */
    reindexPost: (postId: number): Promise<void> => write(db, (trx) => reindexPost(trx, postId)),

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
