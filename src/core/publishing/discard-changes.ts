// Discard: the draft's unpublished changes are thrown away (they stay in the history) and
// the draft is the live text again; a schedule or a review request about them goes too.
import { notPublished } from './refusals';
import type { PublishingEvent } from './events';
import type { Plan, Step, TextState } from './text-state';

export function discardChanges(state: TextState, input: { actorId: string | null }): Plan {
  if (!state.live) throw notPublished();
  const about = { postId: state.postId, locale: state.locale };
  const steps: Step[] = [{ do: 'reset-draft-to-live' }];
  const events: PublishingEvent[] = [{ ...about, type: 'discarded' }];
  if (state.draft.publishAt) {
    steps.push({ do: 'clear-schedule' });
    events.push({ ...about, type: 'schedule-cancelled' });
  }
  if (state.review?.state === 'pending') {
    steps.push({ do: 'close-review', reviewId: state.review.id, outcome: 'withdrawn', decidedBy: input.actorId });
    events.push({ ...about, type: 'review-withdrawn' });
  }
  return { kind: 'apply', steps, events };
}
