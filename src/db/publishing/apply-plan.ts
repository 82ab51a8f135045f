// Applies a publishing plan (core/publishing) inside the transaction that re-read the
// state it was made from: each step in order, the post's version, the search index when
// readers' view changed, and the durable side of the events (webhook deliveries, the
// newsletter sends that waited for the text to go live), so all
// of it commits together or not at all.
import { sql, type Transaction } from 'kysely';
import { AppError } from '@/core/errors/app-error';
import type { RenderedDocument } from '@/core/markdown/render-document';
import { changesWhatReadersSee, type PublishingEvent } from '@/core/publishing/events';
import type { Plan, Step, TextState } from '@/core/publishing/text-state';
import type { Database } from '../schema';
import type { StoredText } from '../stored-text';
import { goLive, goOffline } from '../repositories/live-translation';
import { pickTranslationText } from '../repositories/map-rows';
import { sharedRenderColumns } from '../repositories/shared-rendering';
import type { CutBlocks } from '../repositories/translation-memory-store';
import { reindexPost } from '../repositories/search-index';
import { recordWebhookEvents } from '../repositories/webhook-outbox';
import { recordFediverseEvents } from '../repositories/fediverse-outbox';
import { followSendsOnEvents } from '../newsletters/newsletter-sends';

export interface ApplyOptions {
  nowIso: string;
  /** The rendering of a revision that is not the draft's current one, when the plan publishes it. */
  rendered?: { id: number; rendered: RenderedDocument };
  /** The post's texts already cut into Markdown blocks, for the translation memory (run-publication.ts). */
  cut?: CutBlocks;
  /** An import tells no one: no webhook deliveries. */
  quiet?: boolean;
}

/** The state moved between the read and this write (another instance, another tab). */
function stateMoved(what: string): AppError {
  return new AppError('CONFLICT', `Someone else changed this text's ${what} at the same moment; look again and retry.`, { reason: 'state-moved' });
}

async function applyStep(trx: Transaction<Database>, state: TextState, step: Step, options: ApplyOptions): Promise<void> {
  const { translationId } = state;
  switch (step.do) {
    case 'go-live': {
      const older = step.revisionId !== state.draft.revisionId;
      if (older && options.rendered?.id !== step.revisionId) throw new Error(`Revision ${step.revisionId} goes live without its rendering.`);
      await goLive(trx, translationId, { nowIso: options.nowIso, revision: older ? options.rendered : undefined, cut: options.cut });
      return;
    }
    case 'go-offline':
      await goOffline(trx, translationId, options.cut);
      return;
    case 'schedule':
      await trx.updateTable('post_translations').set({ publish_at: step.publishAt, scheduled_revision_id: step.revisionId }).where('id', '=', translationId).execute();
      return;
    case 'clear-schedule': {
      const cleared = await trx
        .updateTable('post_translations')
        .set({ publish_at: null, scheduled_revision_id: null })
        .where('id', '=', translationId)
        .where('publish_at', 'is not', null)
        .executeTakeFirst();
      if (Number(cleared.numUpdatedRows) === 0) throw stateMoved('schedule');
      return;
    }
    case 'reset-draft-to-live':
      await resetDraftToLive(trx, translationId, options.nowIso);
      return;
    case 'open-review':
      await trx
        .insertInto('review_requests')
        .values({
          translation_id: translationId,
          revision_id: step.revisionId,
          submitted_revision_id: step.revisionId,
          changed_at: null,
          requested_by: step.requestedBy,
          requested_at: options.nowIso,
          note: step.note,
          state: 'pending',
          decision_note: '',
        })
        .execute();
      return;
    case 'close-review': {
      const closed = await trx
        .updateTable('review_requests')
        .set({ state: step.outcome, decided_by: step.decidedBy, decided_at: options.nowIso, ...(step.note !== undefined ? { decision_note: step.note } : {}) })
        .where('id', '=', step.reviewId)
        .where('state', '=', 'pending')
        .executeTakeFirst();
      if (Number(closed.numUpdatedRows) === 0) throw stateMoved('review request');
      return;
    }
  }
}

/** The draft becomes the live revision again; the discarded text stays in the history. */
async function resetDraftToLive(trx: Transaction<Database>, translationId: number, nowIso: string): Promise<void> {
  const live = await trx
    .selectFrom('live_translations')
    .select(['revision_id', 'based_on_revision_id', 'slug', 'title', 'excerpt', 'seo_title', 'seo_description', 'reading_minutes', 'render_version'])
    .where('translation_id', '=', translationId)
    .executeTakeFirstOrThrow();
  await trx
    .updateTable('post_translations')
    .set({
      revision_id: live.revision_id,
      based_on_revision_id: live.based_on_revision_id,
      ...pickTranslationText({ ...live, body: '' }),
      // The body: the live row's own column as stored: '' (its revision's Markdown, now the draft's
      // revision too) or the text it keeps (live-body.ts), so the draft reads the same.
      body: sql<StoredText>`(select l.body from live_translations l where l.translation_id = ${translationId})`,
      reading_minutes: live.reading_minutes,
      // The live text's rendering is the draft's again, shared rather than copied.
      ...sharedRenderColumns,
      render_version: live.render_version,
      updated_at: nowIso,
    })
    .where('id', '=', translationId)
    .execute();
}

/** Applies every step, then what follows from the events; returns the events. */
export async function applyPlan(trx: Transaction<Database>, state: TextState, plan: Extract<Plan, { kind: 'apply' }>, options: ApplyOptions): Promise<PublishingEvent[]> {
  if (plan.steps.length === 0) return plan.events;
  for (const step of plan.steps) await applyStep(trx, state, step, options);
  await trx.updateTable('posts').set((eb) => ({ version: eb('version', '+', 1), updated_at: options.nowIso })).where('id', '=', state.postId).execute();
  if (changesWhatReadersSee(plan.events)) await reindexPost(trx, state.postId);
  if (!options.quiet) {
    await recordWebhookEvents(trx, plan.events, new Date(options.nowIso));
    await recordFediverseEvents(trx, plan.events, new Date(options.nowIso));
    await followSendsOnEvents(trx, plan.events, options.nowIso);
  }
  return plan.events;
}
