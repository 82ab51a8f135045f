// Publish: the draft goes live now, for the first time or as an update of what readers
// see. A pending review request is settled by it (approved: what it asked for is live),
// and a schedule gives way to it.
import { checkGoingLive, goingLiveEvents } from './going-live';
import { draftMoved } from './refusals';
import { nothingToDo, type Plan, type Step, type TextState } from './text-state';

export interface PublishText {
  actorId: string | null;
  /** The draft revision the person was shown; refused when someone saved since. */
  revisionId?: number;
}

export function publishText(state: TextState, input: PublishText): Plan {
  const { draft } = state;
  if (input.revisionId !== undefined && input.revisionId !== draft.revisionId) throw draftMoved(state, input.revisionId);
  const pending = state.review?.state === 'pending' ? state.review : null;
  // Already live as it is, nothing waiting: a second click changes nothing.
  if (state.live?.revisionId === draft.revisionId && !draft.publishAt && !pending) return nothingToDo;
  const render = checkGoingLive(state, draft.revisionId);
  if (render) return render;
  const steps: Step[] = [{ do: 'go-live', revisionId: draft.revisionId }];
  if (draft.publishAt) steps.push({ do: 'clear-schedule' });
  const events = goingLiveEvents(state, draft.revisionId, 'person');
  if (pending) {
    steps.push({ do: 'close-review', reviewId: pending.id, outcome: 'approved', decidedBy: input.actorId });
    events.push({ postId: state.postId, locale: state.locale, type: 'review-approved', revisionId: draft.revisionId });
  }
  return { kind: 'apply', steps, events };
}
