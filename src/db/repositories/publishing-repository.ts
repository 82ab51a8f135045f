// Everything that changes what readers see of one language, and the review requests that
// lead there, as the Studio, the Admin API and the scheduler call it. Each action is a use
// case of core/publishing (a pure plan from the language's state) run by
// db/publishing/run-publication.ts: planned, re-read and applied in one transaction. Each
// returns the post as the Studio sees it and the events saying what changed; the caller
// hands those to server/after-publication.ts.
import type { Kysely } from 'kysely';
import type { Renderer } from '@/core/markdown/render-document';
import { approveReview } from '@/core/publishing/approve-review';
import { discardChanges } from '@/core/publishing/discard-changes';
import type { PublishingEvent } from '@/core/publishing/events';
import { planPublication } from '@/core/publishing/plan-publication';
import { publishText } from '@/core/publishing/publish-text';
import { returnReview } from '@/core/publishing/return-review';
import { runScheduled } from '@/core/publishing/run-scheduled';
import { cancelSchedule, scheduleText } from '@/core/publishing/schedule-text';
import { submitForReview } from '@/core/publishing/submit-for-review';
import { unpublishText } from '@/core/publishing/unpublish-text';
import type { PublishInput } from '@/core/studio/post-inputs';
import type { Locale } from '@/core/locales';
import { isPostgres } from '../dialect';
import { cutPostTexts, planAndApply, renderRevision, runPublication, type Planner, type PublishingDeps } from '../publishing/run-publication';
import { readTextState } from '../publishing/read-text-state';
import { requestNewsletterSend } from '../newsletters/newsletter-sends';
import type { Database } from '../schema';
import { inTransaction } from '../transaction';
import { toIsoTimestamp } from './map-rows';
import { loadStudioPost, type StudioPost } from './studio-repository';

/** A scheduled text that could not be published this time (it stays scheduled). */
export interface DueFailure {
  /** Null when the run failed before it could claim a text. */
  translationId: number | null;
  postId: number | null;
  error: unknown;
}

export interface PublishingResult {
  post: StudioPost;
  /** What changed: server/after-publication.ts turns it into revalidation and deliveries. */
  events: PublishingEvent[];
}

export interface DueRun {
  /** The posts whose readers' pages changed. */
  postIds: number[];
  events: PublishingEvent[];
}

export function createPublishingRepository(db: Kysely<Database>, render?: Renderer, options: Pick<PublishingDeps, 'siteOrigin' | 'cut'> = {}) {
  const deps: PublishingDeps = { render, siteOrigin: options.siteOrigin, cut: options.cut };
  const run = (postId: number, locale: Locale, planner: Planner, now = new Date()): Promise<PublishingResult> =>
    runPublication(db, deps, { postId, locale }, planner, async (trx, events) => ({ post: (await loadStudioPost(trx, postId))!, events }), now);

  /** One due text, claimed in its own transaction: returns its post and events, or null when none is left. */
  async function publishOneDue(nowIso: string, passedOver: number[], claimed: { current: { translationId: number; postId: number } | null }) {
    return inTransaction(db, async (trx) => {
      // Read (and on PostgreSQL locked, skipping rows another scheduler holds) before it is claimed.
      const next = trx
        .selectFrom('post_translations')
        .select(['id', 'post_id', 'locale'])
        .where('publish_at', 'is not', null)
        .where('publish_at', '<=', nowIso)
        .$if(passedOver.length > 0, (qb) => qb.where('id', 'not in', passedOver))
        .orderBy('publish_at')
        .limit(1);
      const due = await (isPostgres(trx) ? next.forUpdate().skipLocked() : next).executeTakeFirst();
      if (!due) return null;
      claimed.current = { translationId: due.id, postId: due.post_id };
      const target = { postId: due.post_id, locale: due.locale as Locale };
      const planner: Planner = (state) => runScheduled(state, { now: new Date(nowIso) });
      // The pinned revision is rendered inside the claim: no other scheduler can take it meanwhile.
      const state = await readTextState(trx, target.postId, target.locale, { lock: true, siteOrigin: deps.siteOrigin });
      const first = state ? planner(state) : null;
      const rendered = first?.kind === 'render' ? await renderRevision(trx, deps.render, first.revisionId, target.locale) : undefined;
      const cut = first ? await cutPostTexts(trx, deps, target.postId, first) : undefined;
      const { events } = await planAndApply(trx, target, planner, { siteOrigin: deps.siteOrigin, rendered, cut, nowIso });
      return { postId: due.post_id, events };
    });
  }

  /**
   * Publishes every scheduled text that is due, one per transaction: the row is claimed
   * (read with FOR UPDATE SKIP LOCKED on PostgreSQL, then its schedule cleared) inside
   * the transaction that publishes it, so however many schedulers share the database,
   * each due text is published once, by one of them, and a crash before the commit
   * leaves it scheduled.
   *
   * Without `onFailure` the first failure is thrown, as from any other action. With it,
   * nothing is thrown: a text that fails (its transaction rolled back, so it stays due
   * for the next run) is reported and passed over, and the others are still published
   * and returned, so the caller revalidates for them; a failure before any text was
   * claimed (the database unreachable) is reported and ends the run.
   */
  async function runDue(now = new Date(), onFailure?: (failure: DueFailure) => void): Promise<DueRun> {
    const nowIso = toIsoTimestamp(now);
    const published = new Set<number>();
    const events: PublishingEvent[] = [];
    const passedOver: number[] = [];
    for (;;) {
      const claimed: { current: { translationId: number; postId: number } | null } = { current: null };
      let done: { postId: number; events: PublishingEvent[] } | null;
      try {
        done = await publishOneDue(nowIso, passedOver, claimed);
      } catch (error) {
        if (!onFailure) throw error;
        onFailure({ translationId: claimed.current?.translationId ?? null, postId: claimed.current?.postId ?? null, error });
        if (!claimed.current) break;
        passedOver.push(claimed.current.translationId);
        continue;
      }
      if (done === null) break;
      events.push(...done.events);
      if (done.events.length > 0) published.add(done.postId);
    }
    return { postIds: [...published], events };
  }

  return {
    /**
     * One publication action as a person asked it (the Studio's route, the Admin API); a
     * publish or schedule naming a newsletter also records its send.
     */
    act: (input: PublishInput, actorId: string, now = new Date()): Promise<PublishingResult> =>
      runPublication(
        db,
        deps,
        input,
        (state) => planPublication(state, input, actorId),
        async (trx, events) => {
          // In the publication's transaction: a send refused (already sent, no such newsletter) publishes nothing.
          if ((input.action === 'publish' || input.action === 'schedule') && input.newsletter !== undefined) {
            const when = input.action === 'publish' ? 'now' : 'when-live';
            await requestNewsletterSend(trx, { postId: input.postId, locale: input.locale, newsletter: input.newsletter, when, actorId, nowIso: now.toISOString() });
          }
          return { post: (await loadStudioPost(trx, input.postId))!, events };
        },
        now,
      ),

    /** Publishes the current draft: the first publication, or an update of the live text. */
    publish: (postId: number, locale: Locale, userId: string | null, now = new Date()) => run(postId, locale, (state) => publishText(state, { actorId: userId }), now),

    unpublish: (postId: number, locale: Locale, now = new Date()) => run(postId, locale, unpublishText, now),

    /** Publishes (or updates) at `at` the draft as it is now: later edits wait for another publish. */
    schedule: (postId: number, locale: Locale, at: Date, now = new Date()) => run(postId, locale, (state) => scheduleText(state, { publishAt: toIsoTimestamp(at) }), now),

    cancelSchedule: (postId: number, locale: Locale, now = new Date()) => run(postId, locale, cancelSchedule, now),

    /** Throws away the draft's unpublished changes: the draft is the live revision again. */
    discardChanges: (postId: number, locale: Locale, userId: string | null, now = new Date()) => run(postId, locale, (state) => discardChanges(state, { actorId: userId }), now),

    /** Asks someone allowed to publish to publish the draft; the request follows later saves. */
    submitForReview: (postId: number, locale: Locale, userId: string, note: string, now = new Date()) => run(postId, locale, (state) => submitForReview(state, { actorId: userId, note }), now),

    /** Publishes exactly `revisionId`, the revision the reviewer was shown, or refuses (409) if the request moved. */
    approveReview: (postId: number, locale: Locale, userId: string, revisionId: number, now = new Date()) =>
      run(postId, locale, (state) => approveReview(state, { actorId: userId, revisionId }), now),

    /** Sends the request back, with a note the person who asked will see. */
    returnReview: (postId: number, locale: Locale, userId: string, note: string, now = new Date()) => run(postId, locale, (state) => returnReview(state, { actorId: userId, note }), now),

    runDue,

    /** The posts a due run published (see runDue). */
    publishDue: async (now = new Date(), onFailure?: (failure: DueFailure) => void): Promise<number[]> => (await runDue(now, onFailure)).postIds,

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

