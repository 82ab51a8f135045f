// The status an editor sees for one language of a post in the Studio. A language has a
// working draft and, once published, a live version readers see; the two differ until
// someone allowed to publish updates the live one. Review requests and schedules are
// part of the draft's story; "outdated" is about readers: the live translation was made
// from an older version of the live source.
import { isOutdated } from './translation-status';
import type { TranslationStatus } from './types';

export type ReviewState = 'pending' | 'approved' | 'returned' | 'withdrawn';

export interface LanguageState {
  draft: { revisionId: number; basedOnRevisionId: number | null; publishAt: string | null };
  live: { revisionId: number; basedOnRevisionId: number | null } | null;
  /** The latest review request about this language, if any. */
  review: { state: ReviewState } | null;
}

/**
 * One status per language, most pressing first: waiting for review, scheduled, live but
 * behind its source, live with unpublished changes, live, draft.
 */
export function editorialStatus(language: LanguageState | undefined, sourceLive: { revisionId: number } | null, isSource: boolean): TranslationStatus {
  if (!language) return 'missing';
  if (language.review?.state === 'pending') return 'review';
  if (language.draft.publishAt) return 'scheduled';
  if (!language.live) return 'draft';
  // Behind its source for readers; once the draft has caught up, what is left is to publish it.
  if (!isSource && isOutdated(language.live, sourceLive)) return isOutdated(language.draft, sourceLive) ? 'outdated' : 'changes';
  if (language.draft.revisionId !== language.live.revisionId) return 'changes';
  return 'published';
}

export const translationStatuses: readonly TranslationStatus[] = ['missing', 'draft', 'review', 'scheduled', 'changes', 'published', 'outdated'];
