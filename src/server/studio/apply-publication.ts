// One publication action on one language, as the Studio's API asks it: which permission
// it needs (publishing anew, updating what is live, scheduling, unpublishing, discarding,
// reviewing), the repository call, and whether readers' pages must be revalidated.
import type { Action } from '@/core/auth/permissions';
import type { PublishInput } from '@/core/studio/post-inputs';
import type { PublishingRepository, PublishingResult } from '@/db/repositories/publishing-repository';
import type { StudioPost } from '@/db/repositories/studio-repository';

/** The permission an action needs on this post: publishing over a live text is an update. */
export function permissionFor(input: PublishInput, post: StudioPost): Action {
  switch (input.action) {
    case 'publish':
    case 'schedule':
      return post.languages[input.locale]?.live ? 'post.update' : 'post.publish';
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

export function applyPublication(repo: PublishingRepository, input: PublishInput, postId: number, userId: string): Promise<PublishingResult> {
  const { locale } = input;
  switch (input.action) {
    case 'publish':
      return repo.publish(postId, locale, userId);
    case 'schedule':
      return repo.schedule(postId, locale, new Date(input.publishAt));
    case 'cancel-schedule':
      return repo.cancelSchedule(postId, locale);
    case 'unpublish':
      return repo.unpublish(postId, locale);
    case 'discard':
      return repo.discardChanges(postId, locale, userId);
    case 'submit-review':
      return repo.submitForReview(postId, locale, userId, input.note);
    case 'approve':
      return repo.approveReview(postId, locale, userId);
    case 'return':
      return repo.returnReview(postId, locale, userId, input.note);
  }
}
