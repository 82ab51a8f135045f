// One publication action on one language, as a person (or a program acting for one) asks
// it: the permission it needs on this post and the use case that plans it. The Studio's
// route and the Admin API both come here, through server/studio/publication.ts.
import type { Action } from '@/core/auth/permissions';
import type { PublishInput } from '@/core/studio/post-inputs';
import { approveReview } from './approve-review';
import { discardChanges } from './discard-changes';
import { publishText } from './publish-text';
import { returnReview } from './return-review';
import { cancelSchedule, scheduleText } from './schedule-text';
import { submitForReview } from './submit-for-review';
import type { Plan, TextState } from './text-state';
import { unpublishText } from './unpublish-text';

/** The permission an action needs: publishing over a live text is an update. */
export function permissionFor(input: PublishInput, isLive: boolean): Action {
  switch (input.action) {
    case 'publish':
    case 'schedule':
      return isLive ? 'post.update' : 'post.publish';
    case 'cancel-schedule':
    case 'unpublish':
      return 'post.publish';
    case 'discard':
      return 'post.discard';
    case 'submit-review':
      return 'post.submit-review';
    case 'approve':
    case 'return':
      return 'post.review';
  }
}

export function planPublication(state: TextState, input: PublishInput, actorId: string): Plan {
  switch (input.action) {
    case 'publish':
      return publishText(state, { actorId, revisionId: input.revisionId });
    case 'schedule':
      return scheduleText(state, { publishAt: new Date(input.publishAt).toISOString(), revisionId: input.revisionId });
    case 'cancel-schedule':
      return cancelSchedule(state);
    case 'unpublish':
      return unpublishText(state);
    case 'discard':
      return discardChanges(state, { actorId });
    case 'submit-review':
      return submitForReview(state, { actorId, note: input.note });
    case 'approve':
      return approveReview(state, { actorId, revisionId: input.revisionId });
    case 'return':
      return returnReview(state, { actorId, note: input.note });
  }
}
