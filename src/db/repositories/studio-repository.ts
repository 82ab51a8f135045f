// What the Studio reads and writes of its drafts: the posts list with each language's
// status, drafts saved with a revision check (a stale save is a conflict, never a silent
// overwrite), revisions, and the details a post shares across languages. Nothing here
// changes what readers see: publishing is publishing-repository.ts.
import type { Kysely } from 'kysely';
import { slugify } from '@/core/content/slugify';
import type { Post, Revision, Translation, TranslationStatus } from '@/core/content/types';
import { AppError } from '@/core/errors/app-error';
import { emptyDocument, type Renderer } from '@/core/markdown/render-document';
import type { PostMetaInput } from '@/core/studio/post-inputs';
import { locales, type Locale } from '@/core/locales';
import { isPostgres } from '../dialect';
import type { Database } from '../schema';
import { unpackText, unpackTextAsync } from '../stored-text';
import { inTransaction as write } from '../transaction';
import { moveReviewToDraft } from '../publishing/review-follows-draft';
import { draftBody, liveBody } from './live-body';
import { loadPosts } from './load-posts';
import { toIsoTimestamp, toTranslation, translationColumns } from './map-rows';
import { writePostMeta } from './post-meta';
import { listStudioPosts, type StudioListOptions } from './studio-list';
import { loadLanguageStates, statusOfLanguages, type StudioLanguages } from './studio-states';
import { isSlugTaken, uniqueSlug } from './unique-slug';
import { assertSourceRevision, writeTranslation, type TranslationFields } from './write-translation';

export type { StudioLanguage, StudioLanguages, StudioReview } from './studio-states';
export type { StudioListOptions, StudioPostSummary } from './studio-list';

export interface StudioPost extends Post {
  ownerUserId: string | null;
  languages: StudioLanguages;
  editorial: Record<Locale, TranslationStatus>;
  publishAt: Partial<Record<Locale, string | null>>;
}

export class RevisionConflictError extends AppError {
  constructor(readonly current: Translation) {
    super('CONFLICT', 'Someone saved this translation after you opened it. Compare the two versions before saving again.', {
      fields: { expectedRevisionId: ['This is not the latest version any more.'] },
      reason: 'revision-conflict',
    });
  }
}

export interface DraftSave {
  fields: TranslationFields;
  /** The revision the editor started from; null when creating the translation. */
  expectedRevisionId: number | null;
  /** For a translation: the source revision it was made from (kept as is when omitted). */
  basedOnRevisionId?: number | null;
  userId: string | null;
  now?: Date;
}


export async function loadStudioPost(executor: Kysely<Database>, id: number): Promise<StudioPost | null> {
  const row = await executor.selectFrom('posts').selectAll().where('id', '=', id).executeTakeFirst();
  if (!row) return null;
  const [[post], states] = await Promise.all([loadPosts(executor, [row], { includeDrafts: true }), loadLanguageStates(executor, [id])]);
  const languages = states.get(id) ?? {};
  return {
    ...post!,
    ownerUserId: row.owner_user_id,
    languages,
    editorial: statusOfLanguages(post!.sourceLocale, languages),
    publishAt: Object.fromEntries(locales.map((l) => [l, languages[l]?.draft.publishAt ?? null])),
  };
}

/**
 * The source revision a translation is made from by default: the source as readers see
 * it when it is published (a translator works from what is public), else its draft.
 */
async function sourceBase(trx: Kysely<Database>, postId: number, sourceLocale: string): Promise<number | null> {
  const live = await trx.selectFrom('live_translations').select('revision_id').where('post_id', '=', postId).where('locale', '=', sourceLocale).executeTakeFirst();
  if (live) return live.revision_id;
  const draft = await trx.selectFrom('post_translations').select('revision_id').where('post_id', '=', postId).where('locale', '=', sourceLocale).executeTakeFirst();
  return draft?.revision_id ?? null;
}

/**
 * `render` turns a saved body into what readers will see, before the save's transaction
 * begins; a text it refuses (RenderTimeoutError) is not saved. Servers pass the worker
 * pool (server/render), tests the renderer itself; reading needs none.
 */
export function createStudioRepository(db: Kysely<Database>, render?: Renderer) {
  const repository = {
    getStudioPost: (id: number) => loadStudioPost(db, id),

    /** The posts list: filtered, sorted and paged in SQL (studio-list.ts); `refreshLimit` bounds the stale rows it refreshes first. */
    listStudioPosts: (options: StudioListOptions, refreshLimit?: number) => listStudioPosts(db, options, refreshLimit),

    /** A new draft post owned by `userId`, bylined to their author profile; its slug comes from its title. */
    createDraftPost: (input: { sourceLocale: Locale; title: string; userId: string; authorId: number | null; now?: Date }) =>
      write(db, async (trx) => {
        const nowIso = toIsoTimestamp(input.now ?? new Date());
        const slug = await uniqueSlug(trx, input.sourceLocale, slugify(input.title, input.sourceLocale), null);
        const post = await trx
          .insertInto('posts')
          .values({
            kind: 'post',
            status: 'draft',
            featured: 0,
            published_at: null,
            source_locale: input.sourceLocale,
            version: 1,
            cover_media_id: null,
            owner_user_id: input.userId,
            created_at: nowIso,
            updated_at: nowIso,
          })
          .returning('id')
          .executeTakeFirstOrThrow();
        await writeTranslation(trx, post.id, input.sourceLocale, { slug, title: input.title, excerpt: '', body: '' }, {
          basedOnRevisionId: null,
          nowIso,
          authorUserId: input.userId,
          rendered: emptyDocument,
        });
        if (input.authorId !== null) await trx.insertInto('post_authors').values({ post_id: post.id, author_id: input.authorId, position: 0 }).execute();
        return post.id;
      }),

    /**
     * Saves one language's draft as a new revision, unless someone else saved since
     * `expectedRevisionId`: then RevisionConflictError carries their version. An empty
     * slug is made from the title. Readers see nothing of it until it is published.
     */
    saveDraft: async (postId: number, locale: Locale, save: DraftSave) => {
      if (!render) throw new Error('This Studio repository was made without a renderer, so it cannot save texts.');
      const rendered = await render({ markdown: save.fields.body, locale });
      return write(db, async (trx) => {
        const post = await trx.selectFrom('posts').select(['id', 'source_locale']).where('id', '=', postId).executeTakeFirst();
        if (!post) throw new AppError('NOT_FOUND', `There is no post ${postId}.`);
        // Row lock on PostgreSQL so two saves of one translation queue instead of racing;
        // SQLite serialises writers already.
        const current = await trx
          .selectFrom('post_translations')
          .select(translationColumns).select(draftBody().as('body'))
          .where('post_id', '=', postId)
          .where('locale', '=', locale)
          .$call((qb) => (isPostgres(trx) ? qb.forUpdate() : qb))
          .executeTakeFirst();
        if ((current?.revision_id ?? null) !== save.expectedRevisionId) {
          if (current) throw new RevisionConflictError(toTranslation(current));
          throw new AppError('CONFLICT', 'This translation does not exist any more.', { fields: { expectedRevisionId: ['Reload the editor.'] } });
        }
        let basedOn: number | null;
        if (locale === post.source_locale) basedOn = null;
        // A base only moves forward: an editor tab opened before the translation caught up
        // (or was marked up to date) must not make it outdated again by saving.
        else if (save.basedOnRevisionId !== undefined && save.basedOnRevisionId !== null) basedOn = Math.max(save.basedOnRevisionId, current?.based_on_revision_id ?? 0);
        else if (current) basedOn = current.based_on_revision_id;
        else basedOn = await sourceBase(trx, postId, post.source_locale);
        if (basedOn !== null) await assertSourceRevision(trx, postId, locale, basedOn);

        // An empty slug follows the title until the text is first published; after that
        // its address stays, so a new title never breaks the links readers have.
        const live = current && !save.fields.slug.trim() ? await trx.selectFrom('live_translations').select('slug').where('post_id', '=', postId).where('locale', '=', locale).executeTakeFirst() : undefined;
        const slug = save.fields.slug.trim() || live?.slug || (await uniqueSlug(trx, locale, slugify(save.fields.title, locale), postId));
        const fields = { ...save.fields, slug };
        if (await isSlugTaken(trx, locale, fields.slug, postId)) {
          throw new AppError('CONFLICT', 'Another post already uses this slug in this language.', {
            fields: { slug: ['Another post already uses this address: choose another slug.'] },
            reason: 'slug-taken',
          });
        }
        const nowIso = toIsoTimestamp(save.now ?? new Date());
        const translation = await writeTranslation(trx, postId, locale, fields, { basedOnRevisionId: basedOn, nowIso, authorUserId: save.userId, rendered });
        await moveReviewToDraft(trx, translation.id, translation.revisionId, nowIso);
        await trx.updateTable('posts').set((eb) => ({ version: eb('version', '+', 1), updated_at: nowIso })).where('id', '=', postId).execute();
        return translation;
      });
    },

    /**
     * Records that the translation has caught up with the source as readers see it: a new
     * revision of the same text, made from the source's live revision. It is a change to
     * the draft like any other (readers' "outdated" notice goes once it is published), and
     * a 409 when someone saved since `expectedRevisionId`.
     */
    markUpToDate: async (postId: number, locale: Locale, options: { expectedRevisionId: number; userId: string | null; now?: Date }) => {
      const post = await db.selectFrom('posts').select('source_locale').where('id', '=', postId).executeTakeFirst();
      if (!post) throw new AppError('NOT_FOUND', `There is no post ${postId}.`);
      if (post.source_locale === locale) throw new AppError('VALIDATION', 'The source language cannot be out of date.', { fields: { locale: ['This is the source language.'] } });
      const current = await db.selectFrom('post_translations').select(translationColumns).select(draftBody().as('body')).where('post_id', '=', postId).where('locale', '=', locale).executeTakeFirst();
      if (!current || current.revision_id === null) throw new AppError('NOT_FOUND', 'There is no such translation.');
      const base = await sourceBase(db, postId, post.source_locale);
      const text = toTranslation(current);
      if (base === null || (text.basedOnRevisionId ?? 0) >= base) {
        if (text.revisionId !== options.expectedRevisionId) throw new RevisionConflictError(text);
        return text;
      }
      return repository.saveDraft(postId, locale, {
        fields: { slug: text.slug, title: text.title, excerpt: text.excerpt, body: text.body, seoTitle: text.seoTitle, seoDescription: text.seoDescription },
        expectedRevisionId: options.expectedRevisionId,
        basedOnRevisionId: base,
        userId: options.userId,
        now: options.now,
      });
    },

    listRevisions: async (postId: number, locale: Locale): Promise<Array<Revision & { authorName: string | null }>> => {
      const rows = await db
        .selectFrom('revisions')
        .innerJoin('post_translations', 'post_translations.id', 'revisions.translation_id')
        .leftJoin('auth_users', 'auth_users.id', 'revisions.author_user_id')
        .select(['revisions.id', 'revisions.translation_id', 'revisions.title', 'revisions.excerpt', 'revisions.body', 'revisions.created_at', 'auth_users.name as author_name'])
        .where('post_translations.post_id', '=', postId)
        .where('post_translations.locale', '=', locale)
        .orderBy('revisions.id', 'desc')
        .limit(200)
        .execute();
      return Promise.all(rows.map(async (r) => ({ id: r.id, translationId: r.translation_id, title: r.title, excerpt: r.excerpt, body: await unpackTextAsync(r.body), createdAt: r.created_at, authorName: r.author_name })));
    },

    getRevision: async (revisionId: number): Promise<(Revision & { postId: number; locale: Locale }) | null> => {
      const r = await db
        .selectFrom('revisions')
        .innerJoin('post_translations', 'post_translations.id', 'revisions.translation_id')
        .select(['revisions.id', 'revisions.translation_id', 'revisions.title', 'revisions.excerpt', 'revisions.body', 'revisions.created_at', 'post_translations.post_id', 'post_translations.locale'])
        .where('revisions.id', '=', revisionId)
        .executeTakeFirst();
      return r ? { id: r.id, translationId: r.translation_id, title: r.title, excerpt: r.excerpt, body: unpackText(r.body), createdAt: r.created_at, postId: r.post_id, locale: r.locale as Locale } : null;
    },

    /** What readers see of each language of a post now (to compare a draft with). */
    getLiveTexts: async (postId: number): Promise<Partial<Record<Locale, { title: string; body: string }>>> => {
      const rows = await db.selectFrom('live_translations').select(['locale', 'title']).select(liveBody().as('body')).where('post_id', '=', postId).execute();
      return Object.fromEntries(rows.map((r) => [r.locale, { title: r.title, body: unpackText(r.body) }]));
    },

    /** Tags, cover, featured, narrations, video and subtitles (post-meta.ts). */
    updatePostMeta: (postId: number, meta: PostMetaInput, now = new Date()) =>
      write(db, async (trx) => {
        await writePostMeta(trx, postId, meta, now);
        return loadStudioPost(trx, postId);
      }),

    deletePost: (postId: number) =>
      write(db, async (trx) => {
        const deleted = await trx.deleteFrom('posts').where('id', '=', postId).executeTakeFirst();
        if (Number(deleted.numDeletedRows) === 0) throw new AppError('NOT_FOUND', `There is no post ${postId}.`);
      }),
  };
  return repository;
}

export type StudioRepository = ReturnType<typeof createStudioRepository>;
