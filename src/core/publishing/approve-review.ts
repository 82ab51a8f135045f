// Approve: the reviewer publishes exactly the revision they were shown. If the request was
// settled meanwhile (sent back, withdrawn, approved by someone else) or now asks for
// another revision (the writer saved again), nothing is published: 409 with both states.
import { checkGoingLive, goingLiveEvents } from './going-live';
import { AppError } from '@/core/errors/app-error';
import { noPendingReview, reviewSnapshot } from './refusals';
import type { Plan, Step, TextState } from './text-state';

export interface ApproveReview {
  actorId: string;
  /** The revision the reviewer was shown. */
  revisionId: number;
}

export function approveReview(state: TextState, input: ApproveReview): Plan {
  const review = state.review;
  if (!review || review.state !== 'pending') throw noPendingReview(state, input.revisionId);
  if (review.revisionId !== input.revisionId) {
    throw new AppError('CONFLICT', 'The text was changed after you opened it: look at the new version before approving it.', {
      reason: 'review-changed',
      details: { shown: { revisionId: input.revisionId }, current: reviewSnapshot(state) },
    });
  }
  const render = checkGoingLive(state, review.revisionId);
  if (render) return render;
  const steps: Step[] = [{ do: 'go-live', revisionId: review.revisionId }];
  if (state.draft.publishAt) steps.push({ do: 'clear-schedule' });
  steps.push({ do: 'close-review', reviewId: review.id, outcome: 'approved', decidedBy: input.actorId });
  return {
    kind: 'apply',
    steps,
    events: [...goingLiveEvents(state, review.revisionId, 'person'), { postId: state.postId, locale: state.locale, type: 'review-approved', revisionId: review.revisionId }],
  };
}
