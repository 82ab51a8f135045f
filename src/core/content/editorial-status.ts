// The status an editor sees for one language of a post in the Studio. Unlike the
// reader's view (translation-status.ts) it knows about schedules: a draft with a
// publication time is "scheduled" until the scheduler publishes it.
import { isOutdated } from './translation-status';
import type { TranslationStatus } from './types';

export interface EditorialTranslation {
  state: 'draft' | 'published';
  publishAt: string | null;
  revisionId: number;
  basedOnRevisionId: number | null;
}

export function editorialStatus(
  translation: EditorialTranslation | undefined,
  source: EditorialTranslation | undefined,
  isSource: boolean,
): TranslationStatus {
  if (!translation) return 'missing';
  if (translation.state === 'draft') return translation.publishAt ? 'scheduled' : 'draft';
  if (!isSource && isOutdated(translation, source?.revisionId)) return 'outdated';
  return 'published';
}

export const translationStatuses: readonly TranslationStatus[] = ['missing', 'draft', 'scheduled', 'published', 'outdated'];
