// Send back: the reviewer returns the request with a note the writer will see.
import { noPendingReview } from './refusals';
import type { Plan, TextState } from './text-state';

export function returnReview(state: TextState, input: { actorId: string; note: string }): Plan {
  if (state.review?.state !== 'pending') throw noPendingReview(state);
  return {
    kind: 'apply',
    steps: [{ do: 'close-review', reviewId: state.review.id, outcome: 'returned', decidedBy: input.actorId, note: input.note }],
    events: [{ postId: state.postId, locale: state.locale, type: 'review-returned' }],
  };
}
