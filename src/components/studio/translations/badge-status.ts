// The badge colour of a Translations view state: the posts list's, by the nearest status.
import type { TranslationStatus } from '@/core/content/types';
import type { BoardState } from '@/core/translation/board';

export const badgeStatus: Record<BoardState, TranslationStatus> = { missing: 'missing', outdated: 'outdated', review: 'review', draft: 'draft', current: 'published' };
