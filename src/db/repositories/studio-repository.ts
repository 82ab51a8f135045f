// What the Studio reads and writes beyond the reader's repository: the posts list with
// each language's editorial status, drafts saved with a revision check (a stale save is a
// conflict, never a silent overwrite), revisions, publishing per language, and the
// scheduler's query for translations that are due.
import { sql, type Kysely, type Transaction } from 'kysely';
import { editorialStatus, type EditorialTranslation } from '@/core/content/editorial-status';
import type { Post, Revision, Translation, TranslationStatus } from '@/core/content/types';
import { AppError } from '@/core/errors/app-error';
import type { PostMetaInput } from '@/core/studio/post-inputs';
import { locales, otherLocale, type Locale } from '@/i18n/routing';
import { mapDatabaseError } from '../map-database-error';
import type { Database } from '../schema';
import { loadPosts } from './load-posts';
import { toIsoTimestamp, toTranslation } from './map-rows';
import { reindexPost } from './search-index';
import { assertSourceRevision, writeTranslation, type TranslationFields } from './write-translation';

export interface StudioTranslationSummary extends EditorialTranslation {
  title: string;
  slug: string;
  updatedAt: string;
}

export interface StudioPostSummary {
  id: number;
  kind: string;
  sourceLocale: Locale;
  ownerUserId: string | null;
  updatedAt: string;
  translations: Partial<Record<Locale, StudioTranslationSummary>>;
  status: Record<Locale, TranslationStatus>;
}

export interface StudioListOptions {
  q?: string;
  /** Only posts where some language has this status. */
  status?: TranslationStatus;
  /** Only posts whose translation (the non-source language) has this status. */
  translation?: TranslationStatus;
  page: number;
  pageSize: number;
}

export interface StudioPost extends Post {
  ownerUserId: string | null;
  publishAt: Partial<Record<Locale, string | null>>;
  status: Post['status'];
  editorial: Record<Locale, TranslationStatus>;
}

export class RevisionConflictError extends AppError {
  constructor(readonly current: Translation) {
    super('CONFLICT', 'Someone saved this translation after you opened it. Compare the two versions before saving again.', {
      fields: { expectedRevisionId: ['This is not the latest version any more.'] },
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

async function write<T>(db: Kysely<Database>, work: (trx: Transaction<Database>) => Promise<T>): Promise<T> {
  try {
    return await db.transaction().execute(work);
  } catch (error) {
    throw mapDatabaseError(error);
  }
}

function summarise(rows: Array<{ post_id: number; locale: string; title: string; slug: string; state: string; publish_at: string | null; revision_id: number | null; based_on_revision_id: number | null; updated_at: string }>) {
  const byPost = new Map<number, Partial<Record<Locale, StudioTranslationSummary>>>();
  for (const r of rows) {
    const entry = byPost.get(r.post_id) ?? {};
    entry[r.locale as Locale] = {
      title: r.title,
      slug: r.slug,
      state: r.state === 'published' ? 'published' : 'draft',
      publishAt: r.publish_at,
      revisionId: r.revision_id ?? 0,
      basedOnRevisionId: r.based_on_revision_id,
      updatedAt: r.updated_at,
    };
    byPost.set(r.post_id, entry);
  }
  return byPost;
}

function statusOf(sourceLocale: Locale, translations: Partial<Record<Locale, StudioTranslationSummary>>): Record<Locale, TranslationStatus> {
  const source = translations[sourceLocale];
  return Object.fromEntries(
    locales.map((l) => [l, editorialStatus(translations[l], source, l === sourceLocale)]),
  ) as Record<Locale, TranslationStatus>;
}

export function createStudioRepository(db: Kysely<Database>) {
  async function loadStudioPost(executor: Kysely<Database>, id: number): Promise<StudioPost | null> {
    const row = await executor.selectFrom('posts').selectAll().where('id', '=', id).executeTakeFirst();
    if (!row) return null;
    const [post] = await loadPosts(executor, [row], { includeDrafts: true });
    const translations = await executor
      .selectFrom('post_translations')
      .select(['post_id', 'locale', 'title', 'slug', 'state', 'publish_at', 'revision_id', 'based_on_revision_id', 'updated_at'])
      .where('post_id', '=', id)
      .execute();
    const summary = summarise(translations).get(id) ?? {};
    return {
      ...post!,
      ownerUserId: row.owner_user_id,
      publishAt: Object.fromEntries(locales.map((l) => [l, summary[l]?.publishAt ?? null])),
      editorial: statusOf(post!.sourceLocale, summary),
    };
  }

  return {
    getStudioPost: (id: number) => loadStudioPost(db, id),

    /**
     * The posts list. Filters by status apply to the light summary rows in memory, so
     * a site of tens of thousands of posts still answers in a few dozen milliseconds.
     */
    async listStudioPosts(options: StudioListOptions): Promise<{ items: StudioPostSummary[]; total: number }> {
      let query = db
        .selectFrom('posts')
        .select(['posts.id', 'posts.kind', 'posts.source_locale', 'posts.owner_user_id', 'posts.updated_at'])
        .orderBy('posts.updated_at', 'desc')
        .orderBy('posts.id', 'desc');
      const q = options.q?.trim();
      if (q) {
        const pattern = `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
        query = query.where((eb) =>
          eb.exists(
            eb
              .selectFrom('post_translations as pt')
              .select(sql`1`.as('one'))
              .whereRef('pt.post_id', '=', 'posts.id')
              .where(sql<boolean>`lower(pt.title) like lower(${pattern}) escape '\\'`),
          ),
        );
      }
      const posts = await query.execute();
      const ids = posts.map((p) => p.id);
      const rows = ids.length === 0
        ? []
        : await db
            .selectFrom('post_translations')
            .select(['post_id', 'locale', 'title', 'slug', 'state', 'publish_at', 'revision_id', 'based_on_revision_id', 'updated_at'])
            .$if(ids.length <= 5000, (qb) => qb.where('post_id', 'in', ids))
            .execute();
      const byPost = summarise(rows);
      const all: StudioPostSummary[] = posts.map((p) => {
        const translations = byPost.get(p.id) ?? {};
        const sourceLocale = p.source_locale as Locale;
        return {
          id: p.id,
          kind: p.kind,
          sourceLocale,
          ownerUserId: p.owner_user_id,
          updatedAt: p.updated_at,
          translations,
          status: statusOf(sourceLocale, translations),
        };
      });
      const filtered = all.filter(
        (p) =>
          (!options.status || locales.some((l) => p.status[l] === options.status)) &&
          (!options.translation || p.status[otherLocale(p.sourceLocale)] === options.translation),
      );
      const start = (options.page - 1) * options.pageSize;
      return { items: filtered.slice(start, start + options.pageSize), total: filtered.length };
    },

    /** A new draft post owned by `userId`, bylined to their author profile. */
    createDraftPost: (input: { sourceLocale: Locale; title: string; slug: string; userId: string; authorId: number | null; now?: Date }) =>
      write(db, async (trx) => {
        const nowIso = toIsoTimestamp(input.now ?? new Date());
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
        await writeTranslation(trx, post.id, input.sourceLocale, { slug: input.slug, title: input.title, excerpt: '', body: '' }, {
          basedOnRevisionId: null,
          state: 'draft',
          nowIso,
          authorUserId: input.userId,
        });
        if (input.authorId !== null) {
          await trx.insertInto('post_authors').values({ post_id: post.id, author_id: input.authorId, position: 0 }).execute();
        }
        return post.id;
      }),

    /**
     * Saves one language as a new revision, unless someone else saved since
     * `expectedRevisionId`: then RevisionConflictError carries their version.
     */
    saveDraft: (postId: number, locale: Locale, save: DraftSave) =>
      write(db, async (trx) => {
        const post = await trx.selectFrom('posts').select(['id', 'source_locale']).where('id', '=', postId).executeTakeFirst();
        if (!post) throw new AppError('NOT_FOUND', `There is no post ${postId}.`);
        // Row lock on PostgreSQL so two saves of one translation queue instead of racing;
        // SQLite serialises writers already.
        const current = await trx
          .selectFrom('post_translations')
          .selectAll()
          .where('post_id', '=', postId)
          .where('locale', '=', locale)
          .$call((qb) => (isPostgresTrx(trx) ? qb.forUpdate() : qb))
          .executeTakeFirst();
        if ((current?.revision_id ?? null) !== save.expectedRevisionId) {
          if (current) throw new RevisionConflictError(toTranslation(current));
          throw new AppError('CONFLICT', 'This translation does not exist any more.', { fields: { expectedRevisionId: ['Reload the editor.'] } });
        }
        let basedOn: number | null;
        if (locale === post.source_locale) basedOn = null;
        else if (save.basedOnRevisionId !== undefined) basedOn = save.basedOnRevisionId;
        else if (current) basedOn = current.based_on_revision_id;
        else {
          const source = await trx.selectFrom('post_translations').select('revision_id').where('post_id', '=', postId).where('locale', '=', post.source_locale).executeTakeFirst();
          basedOn = source?.revision_id ?? null;
        }
        if (basedOn !== null) await assertSourceRevision(trx, postId, locale, basedOn);
        const nowIso = toIsoTimestamp(save.now ?? new Date());
        const translation = await writeTranslation(trx, postId, locale, save.fields, {
          basedOnRevisionId: basedOn,
          state: undefined,
          nowIso,
          authorUserId: save.userId,
        });
        await trx.updateTable('posts').set((eb) => ({ version: eb('version', '+', 1), updated_at: nowIso })).where('id', '=', postId).execute();
        await reindexPost(trx, postId);
        return translation;
      }),

    /** Records that the translation has caught up with the source's current revision. */
    markUpToDate: (postId: number, locale: Locale) =>
      write(db, async (trx) => {
        const post = await trx.selectFrom('posts').select('source_locale').where('id', '=', postId).executeTakeFirst();
        if (!post) throw new AppError('NOT_FOUND', `There is no post ${postId}.`);
        if (post.source_locale === locale) throw new AppError('VALIDATION', 'The source language cannot be out of date.', { fields: { locale: ['This is the source language.'] } });
        const source = await trx.selectFrom('post_translations').select('revision_id').where('post_id', '=', postId).where('locale', '=', post.source_locale).executeTakeFirstOrThrow();
        const updated = await trx
          .updateTable('post_translations')
          .set({ based_on_revision_id: source.revision_id })
          .where('post_id', '=', postId)
          .where('locale', '=', locale)
          .executeTakeFirst();
        if (Number(updated.numUpdatedRows) === 0) throw new AppError('NOT_FOUND', 'There is no such translation.');
      }),

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
      return rows.map((r) => ({ id: r.id, translationId: r.translation_id, title: r.title, excerpt: r.excerpt, body: r.body, createdAt: r.created_at, authorName: r.author_name }));
    },

    getRevision: async (revisionId: number): Promise<(Revision & { postId: number; locale: Locale }) | null> => {
      const r = await db
        .selectFrom('revisions')
        .innerJoin('post_translations', 'post_translations.id', 'revisions.translation_id')
        .select(['revisions.id', 'revisions.translation_id', 'revisions.title', 'revisions.excerpt', 'revisions.body', 'revisions.created_at', 'post_translations.post_id', 'post_translations.locale'])
        .where('revisions.id', '=', revisionId)
        .executeTakeFirst();
      return r ? { id: r.id, translationId: r.translation_id, title: r.title, excerpt: r.excerpt, body: r.body, createdAt: r.created_at, postId: r.post_id, locale: r.locale as Locale } : null;
    },

    /** Publish now, schedule for later, or take one language off the site. */
    setPublication: (postId: number, locale: Locale, change: { action: 'publish' | 'unpublish' } | { action: 'schedule'; at: Date }, now = new Date()) =>
      write(db, async (trx) => {
        const nowIso = toIsoTimestamp(now);
        const translation = await trx.selectFrom('post_translations').select(['id']).where('post_id', '=', postId).where('locale', '=', locale).executeTakeFirst();
        if (!translation) throw new AppError('NOT_FOUND', 'There is no such translation to publish.', { fields: { locale: ['Write this language first.'] } });
        if (change.action === 'schedule') {
          await trx.updateTable('post_translations').set({ state: 'draft', publish_at: toIsoTimestamp(change.at) }).where('id', '=', translation.id).execute();
        } else if (change.action === 'publish') {
          await publishTranslation(trx, postId, translation.id, nowIso);
        } else {
          await trx.updateTable('post_translations').set({ state: 'draft', publish_at: null }).where('id', '=', translation.id).execute();
          const live = await trx.selectFrom('post_translations').select('id').where('post_id', '=', postId).where('state', '=', 'published').executeTakeFirst();
          if (!live) await trx.updateTable('posts').set({ status: 'draft' }).where('id', '=', postId).execute();
        }
        await trx.updateTable('posts').set((eb) => ({ version: eb('version', '+', 1), updated_at: nowIso })).where('id', '=', postId).execute();
        await reindexPost(trx, postId);
        return loadStudioPost(trx, postId);
      }),

    /** Publishes every scheduled translation that is due; returns the posts touched. */
    publishDue: (now = new Date()) =>
      write(db, async (trx) => {
        const nowIso = toIsoTimestamp(now);
        const due = await trx.selectFrom('post_translations').select(['id', 'post_id']).where('publish_at', 'is not', null).where('publish_at', '<=', nowIso).where('state', '=', 'draft').execute();
        for (const t of due) {
          await publishTranslation(trx, t.post_id, t.id, nowIso);
          await reindexPost(trx, t.post_id);
        }
        return [...new Set(due.map((t) => t.post_id))];
      }),

    /** The next time a scheduled translation falls due, if any. */
    nextDue: async (): Promise<Date | null> => {
      const row = await db.selectFrom('post_translations').select((eb) => eb.fn.min('publish_at').as('next')).where('state', '=', 'draft').where('publish_at', 'is not', null).executeTakeFirst();
      return row?.next ? new Date(row.next) : null;
    },

    /**
     * What a post shares across its languages: tags, cover, featured, narrations, video
     * and subtitles. Ids must name media of the right kind and existing tags.
     */
    updatePostMeta: (postId: number, meta: PostMetaInput, now = new Date()) =>
      write(db, async (trx) => {
        const post = await trx.selectFrom('posts').select('id').where('id', '=', postId).executeTakeFirst();
        if (!post) throw new AppError('NOT_FOUND', `There is no post ${postId}.`);
        const wanted: Array<[string, number | null | undefined, string]> = [
          ['coverMediaId', meta.coverMediaId, 'image'],
          ['videoMediaId', meta.videoMediaId, 'video'],
          ...locales.map((l): [string, number | null | undefined, string] => [`narration.${l}`, meta.narration[l], 'audio']),
          ...locales.map((l): [string, number | null | undefined, string] => [`subtitleMediaIds.${l}`, meta.subtitleMediaIds[l], 'subtitle']),
        ];
        const ids = wanted.map(([, id]) => id).filter((id): id is number => typeof id === 'number');
        const kinds = new Map(
          ids.length ? (await trx.selectFrom('media').select(['id', 'kind']).where('id', 'in', ids).execute()).map((m) => [m.id, m.kind]) : [],
        );
        const fields: Record<string, string[]> = {};
        for (const [field, id, kind] of wanted) {
          if (typeof id === 'number' && kinds.get(id) !== kind) fields[field] = [`Must be the id of an uploaded ${kind} file.`];
        }
        if (meta.tagIds.length) {
          const found = await trx.selectFrom('tags').select('id').where('id', 'in', meta.tagIds).execute();
          if (found.length !== meta.tagIds.length) fields.tagIds = ['Names a tag that does not exist.'];
        }
        if (Object.keys(fields).length) throw new AppError('VALIDATION', 'Some of the post details name things that do not exist.', { fields });

        await trx
          .updateTable('posts')
          .set((eb) => ({ cover_media_id: meta.coverMediaId, featured: meta.featured ? 1 : 0, version: eb('version', '+', 1), updated_at: toIsoTimestamp(now) }))
          .where('id', '=', postId)
          .execute();
        await trx.deleteFrom('post_tags').where('post_id', '=', postId).execute();
        if (meta.tagIds.length) await trx.insertInto('post_tags').values(meta.tagIds.map((tag_id) => ({ post_id: postId, tag_id }))).execute();
        await trx.deleteFrom('post_media').where('post_id', '=', postId).where('role', 'in', ['narration', 'video', 'subtitle']).execute();
        const rows: Array<{ post_id: number; media_id: number; role: string; locale: string | null }> = [];
        if (meta.videoMediaId != null) rows.push({ post_id: postId, media_id: meta.videoMediaId, role: 'video', locale: null });
        for (const l of locales) {
          const narration = meta.narration[l];
          if (narration != null) rows.push({ post_id: postId, media_id: narration, role: 'narration', locale: l });
          const subtitle = meta.subtitleMediaIds[l];
          if (subtitle != null) rows.push({ post_id: postId, media_id: subtitle, role: 'subtitle', locale: l });
        }
        if (rows.length) await trx.insertInto('post_media').values(rows).execute();
        await reindexPost(trx, postId);
        return loadStudioPost(trx, postId);
      }),

    deletePost: (postId: number) =>
      write(db, async (trx) => {
        const deleted = await trx.deleteFrom('posts').where('id', '=', postId).executeTakeFirst();
        if (Number(deleted.numDeletedRows) === 0) throw new AppError('NOT_FOUND', `There is no post ${postId}.`);
      }),
  };
}

async function publishTranslation(trx: Transaction<Database>, postId: number, translationId: number, nowIso: string): Promise<void> {
  await trx.updateTable('post_translations').set({ state: 'published', publish_at: null }).where('id', '=', translationId).execute();
  await trx
    .updateTable('posts')
    .set((eb) => ({ status: 'published', published_at: eb.fn.coalesce('published_at', sql.lit(nowIso)) }))
    .where('id', '=', postId)
    .execute();
}

function isPostgresTrx(trx: Transaction<Database>): boolean {
  return sql`${0}`.compile(trx).sql === '$1';
}

export type StudioRepository = ReturnType<typeof createStudioRepository>;
