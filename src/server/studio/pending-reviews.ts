// How many review requests wait, for the Studio's header: only those who may publish
// anyone's text (`post.review`) see the count; for everyone else it is null.
import { can, type Actor } from '@/core/auth/permissions';
import { getDatabase } from '@/db/client';
import { createPublishingRepository } from '@/db/repositories/publishing-repository';

export async function countPendingReviewsFor(actor: Actor | null): Promise<number | null> {
  if (!actor || !can(actor, 'post.review')) return null;
  return createPublishingRepository(getDatabase()).countPendingReviews();
}
