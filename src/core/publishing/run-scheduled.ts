// The scheduler's run for one due text: the revision pinned when it was scheduled goes
// live, whatever was saved since. A text another scheduler already published (no longer
// due) is left alone, so several instances publish it once.
import { checkGoingLive, goingLiveEvents } from './going-live';
import { nothingToDo, type Plan, type Step, type TextState } from './text-state';

export function runScheduled(state: TextState, input: { now: Date }): Plan {
  const { draft } = state;
  if (!draft.publishAt || Date.parse(draft.publishAt) > input.now.getTime()) return nothingToDo;
  const revisionId = draft.scheduledRevisionId ?? draft.revisionId;
  const render = checkGoingLive(state, revisionId);
  if (render) return render;
  const steps: Step[] = [{ do: 'clear-schedule' }, { do: 'go-live', revisionId }];
  const events = goingLiveEvents(state, revisionId, 'schedule');
  if (state.review?.state === 'pending') {
    steps.push({ do: 'close-review', reviewId: state.review.id, outcome: 'approved', decidedBy: null });
    events.push({ postId: state.postId, locale: state.locale, type: 'review-approved', revisionId });
  }
  return { kind: 'apply', steps, events };
}
