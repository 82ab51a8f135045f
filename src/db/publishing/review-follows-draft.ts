// A pending review request follows the draft (core/publishing/submit-for-review.ts): a
// save after submitting moves the request to the new revision, inside the save's own
// transaction, so a reviewer never approves the text as it was before a fix.
import type { Transaction } from 'kysely';
import type { Database } from '../schema';

export async function moveReviewToDraft(trx: Transaction<Database>, translationId: number, revisionId: number, nowIso: string): Promise<void> {
  await trx
    .updateTable('review_requests')
    .set({ revision_id: revisionId, changed_at: nowIso })
    .where('translation_id', '=', translationId)
    .where('state', '=', 'pending')
    .where('revision_id', '<>', revisionId)
    .execute();
}
