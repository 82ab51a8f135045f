// Submit: someone who may not publish asks someone who may to publish the draft. The
// request then follows the draft: later saves move it to their revision (the reviewer sees
// what changed since it was submitted), so what is approved is the text as it is, never
// a stale one. Submitting again replaces the request, with its new note.
import { checkGoingLive } from './going-live';
import type { PublishingEvent } from './events';
import type { Plan, Step, TextState } from './text-state';

export function submitForReview(state: TextState, input: { actorId: string; note: string }): Plan {
  // A reviewer could not publish it either: say so to the person who can fix it.
  const render = checkGoingLive(state, state.draft.revisionId);
  if (render) return render;
  const about = { postId: state.postId, locale: state.locale };
  const steps: Step[] = [];
  const events: PublishingEvent[] = [];
  if (state.review?.state === 'pending') {
    steps.push({ do: 'close-review', reviewId: state.review.id, outcome: 'withdrawn', decidedBy: input.actorId });
    events.push({ ...about, type: 'review-withdrawn' });
  }
  steps.push({ do: 'open-review', revisionId: state.draft.revisionId, note: input.note, requestedBy: input.actorId });
  events.push({ ...about, type: 'review-submitted', revisionId: state.draft.revisionId });
  return { kind: 'apply', steps, events };
}
