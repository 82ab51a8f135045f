// The refusals publishing shares, each with the stable reason the Studio words in the
// writer's language.
import { AppError } from '@/core/errors/app-error';
import type { TextState } from './text-state';

export function noPendingReview(state: TextState, shownRevisionId?: number): AppError {
  return new AppError('CONFLICT', 'There is no review request waiting for this language: it was approved, sent back or withdrawn meanwhile.', {
    reason: 'no-review',
    details: { shown: shownRevisionId === undefined ? null : { revisionId: shownRevisionId }, current: reviewSnapshot(state) },
  });
}

/** The draft moved on since the person acting was shown it (someone saved meanwhile). */
export function draftMoved(state: TextState, shownRevisionId: number): AppError {
  return new AppError('CONFLICT', 'The draft changed since you looked at it: look at the new version before publishing it.', {
    reason: 'draft-changed',
    fields: { revisionId: ['Not the current draft any more.'] },
    details: { shown: { revisionId: shownRevisionId }, current: { revisionId: state.draft.revisionId } },
  });
}

export function reviewSnapshot(state: TextState) {
  return state.review ? { state: state.review.state, revisionId: state.review.revisionId, submittedRevisionId: state.review.submittedRevisionId } : null;
}

export function notPublished(): AppError {
  return new AppError('CONFLICT', 'This text is not published, so there is no live version to go back to.', { reason: 'not-published' });
}
