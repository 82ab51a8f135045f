// Schedule: the draft as it is now goes live at a set time (later edits wait for another
// publish); cancelling forgets the time. The scheduler's own run is run-scheduled.ts.
import { checkGoingLive } from './going-live';
import { draftMoved } from './refusals';
import { nothingToDo, type Plan, type TextState } from './text-state';

export interface ScheduleText {
  /** ISO time, in the future (checked by the input's schema against the server's clock). */
  publishAt: string;
  revisionId?: number;
}

export function scheduleText(state: TextState, input: ScheduleText): Plan {
  const { draft } = state;
  if (input.revisionId !== undefined && input.revisionId !== draft.revisionId) throw draftMoved(state, input.revisionId);
  // What will go out is known now: refused now, not at three in the morning.
  const render = checkGoingLive(state, draft.revisionId);
  if (render) return render;
  if (draft.publishAt === input.publishAt && draft.scheduledRevisionId === draft.revisionId) return nothingToDo;
  return {
    kind: 'apply',
    steps: [{ do: 'schedule', publishAt: input.publishAt, revisionId: draft.revisionId }],
    events: [{ postId: state.postId, locale: state.locale, type: 'scheduled', revisionId: draft.revisionId, publishAt: input.publishAt }],
  };
}

export function cancelSchedule(state: TextState): Plan {
  if (!state.draft.publishAt) return nothingToDo;
  return { kind: 'apply', steps: [{ do: 'clear-schedule' }], events: [{ postId: state.postId, locale: state.locale, type: 'schedule-cancelled' }] };
}
