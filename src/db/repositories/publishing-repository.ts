// Everything that changes what readers see of one language, and the review requests that
// lead there: publish (the first time) or update (again) from the draft, unpublish,
// schedule a publication or an update of a pinned revision, discard the draft's changes,
// submit a draft for review, approve it (which publishes the revision submitted) or send
// it back with a note. Each returns the post as the Studio sees it; the caller revalidates
// when `changedLive` says readers' pages changed.
import type { Kysely, Transaction } from 'kysely';
import { AppError } from '@/core/errors/app-error';
import type { Renderer } from '@/core/markdown/render-document';
import type { Locale } from '@/i18n/routing';
import { mapDatabaseError } from '../map-database-error';
import type { Database } from '../schema';
import { goLive, goOffline } from './live-translation';
import { toIsoTimestamp } from './map-rows';
import { reindexPost } from './search-index';
import { isPostgresTrx, loadStudioPost, type StudioPost } from './studio-repository';

/** A scheduled text that could not be published this time (it stays scheduled). */
export interface DueFailure {
  /** Null when the run failed before it could claim a text. */
  translationId: number | null;
  postId: number | null;
  error: unknown;
}

export interface PublishingResult {
  post: StudioPost;
  /** True when what readers see changed: the caller revalidates the pages. */
  changedLive: boolean;
}

/** One transaction per action; inside a caller's transaction (an import) it joins that one. */
async function write<T>(db: Kysely<Database>, work: (trx: Transaction<Database>) => Promise<T>): Promise<T> {
  try {
    return db.isTransaction ? await work(db as Transaction<Database>) : await db.transaction().execute(work);
  } catch (error) {
    throw mapDatabaseError(error);
  }
}

async function translationOf(trx: Kysely<Database>, postId: number, locale: Locale) {
  const row = await trx.selectFrom('post_translations').select(['id', 'revision_id', 'post_id']).where('post_id', '=', postId).where('locale', '=', locale).executeTakeFirst();
  if (!row || row.revision_id === null) throw new AppError('NOT_FOUND', 'There is no such translation.', { fields: { locale: ['Write this language first.'] } });
  return { id: row.id, revisionId: row.revision_id };
}

/** Closes the open review request of a translation, if any, with an outcome. */
async function closeReview(trx: Transaction<Database>, translationId: number, outcome: 'approved' | 'withdrawn', userId: string | null, nowIso: string): Promise<void> {
  await trx
    .updateTable('review_requests')
    .set({ state: outcome, decided_by: userId, decided_at: nowIso })
    .where('translation_id', '=', translationId)
    .where('state', '=', 'pending')
    .execute();
}

export function createPublishingRepository(db: Kysely<Database>, render?: Renderer) {
  /** The rendering of a revision that is not the current draft (whose rendering is stored). */
  async function renderRevision(source: Kysely<Database>, revisionId: number, draftRevisionId: number, locale: Locale) {
    if (revisionId === draftRevisionId) return undefined;
    if (!render) throw new Error('This publishing repository was made without a renderer, so it cannot publish an older revision.');
    // Read through the caller's transaction: on SQLite a second connection would wait for it.
    const revision = await source.selectFrom('revisions').select('body').where('id', '=', revisionId).executeTakeFirst();
    if (!revision) throw new AppError('NOT_FOUND', 'There is no such revision.');
    return { id: revisionId, rendered: await render({ markdown: revision.body, locale }) };
  }

  async function finish(trx: Transaction<Database>, postId: number, changedLive: boolean, nowIso: string): Promise<PublishingResult> {
    await trx.updateTable('posts').set((eb) => ({ version: eb('version', '+', 1), updated_at: nowIso })).where('id', '=', postId).execute();
    if (changedLive) await reindexPost(trx, postId);
    return { post: (await loadStudioPost(trx, postId))!, changedLive };
  }

  return {
    /** Publishes the current draft: the first publication, or an update of the live text. */
    publish: (postId: number, locale: Locale, userId: string | null, now = new Date()) =>
      write(db, async (trx) => {
        const nowIso = toIsoTimestamp(now);
        const translation = await translationOf(trx, postId, locale);
        await goLive(trx, translation.id, { nowIso });
        await trx.updateTable('post_translations').set({ publish_at: null, scheduled_revision_id: null }).where('id', '=', translation.id).execute();
        await closeReview(trx, translation.id, 'approved', userId, nowIso);
        return finish(trx, postId, true, nowIso);
      }),

    unpublish: (postId: number, locale: Locale, now = new Date()) =>
      write(db, async (trx) => {
        const translation = await translationOf(trx, postId, locale);
        await goOffline(trx, translation.id, now);
        await trx.updateTable('post_translations').set({ publish_at: null, scheduled_revision_id: null }).where('id', '=', translation.id).execute();
        return finish(trx, postId, true, toIsoTimestamp(now));
      }),

    /** Publishes (or updates) at `at` the draft as it is now: later edits wait for another publish. */
    schedule: (postId: number, locale: Locale, at: Date, now = new Date()) =>
      write(db, async (trx) => {
        const translation = await translationOf(trx, postId, locale);
        await trx
          .updateTable('post_translations')
          .set({ publish_at: toIsoTimestamp(at), scheduled_revision_id: translation.revisionId })
          .where('id', '=', translation.id)
          .execute();
        return finish(trx, postId, false, toIsoTimestamp(now));
      }),

    cancelSchedule: (postId: number, locale: Locale, now = new Date()) =>
      write(db, async (trx) => {
        const translation = await translationOf(trx, postId, locale);
        await trx.updateTable('post_translations').set({ publish_at: null, scheduled_revision_id: null }).where('id', '=', translation.id).execute();
        return finish(trx, postId, false, toIsoTimestamp(now));
      }),

    /**
     * Throws away the draft's unpublished changes: the draft is the live revision again,
     * and what was discarded stays in the history as the revision it was saved as.
     */
    discardChanges: (postId: number, locale: Locale, userId: string | null, now = new Date()) =>
      write(db, async (trx) => {
        const nowIso = toIsoTimestamp(now);
        const translation = await translationOf(trx, postId, locale);
        const live = await trx.selectFrom('live_translations').selectAll().where('translation_id', '=', translation.id).executeTakeFirst();
        if (!live) throw new AppError('CONFLICT', 'This text is not published, so there is no live version to go back to.', { reason: 'not-published' });
        // The draft becomes the live revision again; the discarded text stays in the history.
        await trx
          .updateTable('post_translations')
          .set({
            revision_id: live.revision_id,
            based_on_revision_id: live.based_on_revision_id,
            slug: live.slug,
            title: live.title,
            excerpt: live.excerpt,
            body: live.body,
            seo_title: live.seo_title,
            seo_description: live.seo_description,
            reading_minutes: live.reading_minutes,
            html: live.html,
            blocks: live.blocks,
            body_text: live.body_text,
            derived_excerpt: live.derived_excerpt,
            render_version: live.render_version,
            updated_at: nowIso,
          })
          .where('id', '=', translation.id)
          .execute();
        await trx.updateTable('post_translations').set({ publish_at: null, scheduled_revision_id: null }).where('id', '=', translation.id).execute();
        await closeReview(trx, translation.id, 'withdrawn', userId, nowIso);
        return finish(trx, postId, false, nowIso);
      }),

    /** Asks someone allowed to publish to publish the draft as it is now. */
    submitForReview: (postId: number, locale: Locale, userId: string, note: string, now = new Date()) =>
      write(db, async (trx) => {
        const nowIso = toIsoTimestamp(now);
        const translation = await translationOf(trx, postId, locale);
        await closeReview(trx, translation.id, 'withdrawn', userId, nowIso);
        await trx
          .insertInto('review_requests')
          .values({ translation_id: translation.id, revision_id: translation.revisionId, requested_by: userId, requested_at: nowIso, note, state: 'pending', decision_note: '' })
          .execute();
        return finish(trx, postId, false, nowIso);
      }),

    /** Publishes exactly the revision that was submitted, and tells the person who asked. */
    approveReview: async (postId: number, locale: Locale, userId: string, now = new Date()) => {
      const pending = await db
        .selectFrom('review_requests as r')
        .innerJoin('post_translations as t', 't.id', 'r.translation_id')
        .select(['r.id', 'r.revision_id', 't.id as translation_id', 't.revision_id as draft_revision_id'])
        .where('t.post_id', '=', postId)
        .where('t.locale', '=', locale)
        .where('r.state', '=', 'pending')
        .executeTakeFirst();
      if (!pending) throw new AppError('CONFLICT', 'There is no review request waiting for this language.', { reason: 'no-review' });
      const revision = await renderRevision(db, pending.revision_id, pending.draft_revision_id ?? -1, locale);
      return write(db, async (trx) => {
        const nowIso = toIsoTimestamp(now);
        await goLive(trx, pending.translation_id, { nowIso, revision });
        await trx.updateTable('review_requests').set({ state: 'approved', decided_by: userId, decided_at: nowIso }).where('id', '=', pending.id).where('state', '=', 'pending').execute();
        await trx.updateTable('post_translations').set({ publish_at: null, scheduled_revision_id: null }).where('id', '=', pending.translation_id).execute();
        return finish(trx, postId, true, nowIso);
      });
    },

    /** Sends the request back, with a note the person who asked will see. */
    returnReview: (postId: number, locale: Locale, userId: string, note: string, now = new Date()) =>
      write(db, async (trx) => {
        const nowIso = toIsoTimestamp(now);
        const translation = await translationOf(trx, postId, locale);
        const updated = await trx
          .updateTable('review_requests')
          .set({ state: 'returned', decided_by: userId, decided_at: nowIso, decision_note: note })
          .where('translation_id', '=', translation.id)
          .where('state', '=', 'pending')
          .executeTakeFirst();
        if (Number(updated.numUpdatedRows) === 0) throw new AppError('CONFLICT', 'There is no review request waiting for this language.', { reason: 'no-review' });
        return finish(trx, postId, false, nowIso);
      }),

    /**
     * Publishes every scheduled text that is due, one per transaction: the row is claimed
     * (read with FOR UPDATE SKIP LOCKED on PostgreSQL, then its schedule cleared) inside
     * the transaction that publishes it, so however many schedulers share the database,
     * each due text is published once, by one of them, and a crash before the commit
     * leaves it scheduled. Returns the posts whose readers' pages changed.
     *
     * Without `onFailure` the first failure is thrown, as from any other action. With it,
     * nothing is thrown: a text that fails (its transaction rolled back, so it stays due
     * for the next run) is reported and passed over, and the others are still published
     * and returned, so the caller revalidates for them; a failure before any text was
     * claimed (the database unreachable) is reported and ends the run.
     */
    publishDue: async (now = new Date(), onFailure?: (failure: DueFailure) => void): Promise<number[]> => {
      const nowIso = toIsoTimestamp(now);
      const published = new Set<number>();
      const passedOver: number[] = [];
      for (;;) {
        let claimed: { translationId: number; postId: number } | null = null;
        let postId: number | null;
        try {
          postId = await write(db, async (trx) => {
            // RETURNING would give the cleared columns, so the row is read (and on PostgreSQL
            // locked, skipping rows another scheduler holds) before it is claimed.
            const next = trx
              .selectFrom('post_translations')
              .select(['id', 'post_id', 'locale', 'revision_id', 'scheduled_revision_id'])
              .where('publish_at', 'is not', null)
              .where('publish_at', '<=', nowIso)
              .$if(passedOver.length > 0, (qb) => qb.where('id', 'not in', passedOver))
              .orderBy('publish_at')
              .limit(1);
            const due = await (isPostgresTrx(trx) ? next.forUpdate().skipLocked() : next).executeTakeFirst();
            if (!due) return null;
            claimed = { translationId: due.id, postId: due.post_id };
            const cleared = await trx.updateTable('post_translations').set({ publish_at: null, scheduled_revision_id: null }).where('id', '=', due.id).where('publish_at', 'is not', null).executeTakeFirst();
            if (Number(cleared.numUpdatedRows) === 0) return null;
            const revision = await renderRevision(trx, due.scheduled_revision_id ?? due.revision_id!, due.revision_id ?? -1, due.locale as Locale);
            await goLive(trx, due.id, { nowIso, revision, trigger: 'schedule' });
            await closeReview(trx, due.id, 'approved', null, nowIso);
            await reindexPost(trx, due.post_id);
            return due.post_id;
          });
        } catch (error) {
          if (!onFailure) throw error;
          const failed = claimed as { translationId: number; postId: number } | null;
          onFailure({ translationId: failed?.translationId ?? null, postId: failed?.postId ?? null, error });
          if (!failed) break;
          passedOver.push(failed.translationId);
          continue;
        }
        if (postId === null) break;
        published.add(postId);
      }
      return [...published];
    },

    /** The next time a scheduled text falls due, if any (only after `after`, when given). */
    nextDue: async (after?: Date): Promise<Date | null> => {
      const row = await db
        .selectFrom('post_translations')
        .select((eb) => eb.fn.min('publish_at').as('next'))
        .where('publish_at', 'is not', null)
        .$if(after !== undefined, (qb) => qb.where('publish_at', '>', toIsoTimestamp(after!)))
        .executeTakeFirst();
      return row?.next ? new Date(row.next) : null;
    },

    /** How many review requests are waiting (the Studio's navigation shows it). */
    countPendingReviews: async (): Promise<number> => {
      const row = await db.selectFrom('review_requests').select((eb) => eb.fn.countAll().as('n')).where('state', '=', 'pending').executeTakeFirstOrThrow();
      return Number(row.n);
    },
  };
}

export type PublishingRepository = ReturnType<typeof createPublishingRepository>;
