import { describe, expect, it } from 'vitest';
import { editorialStatus, type LanguageState } from './editorial-status';

const state = (over: { draft?: Partial<LanguageState['draft']>; live?: LanguageState['live']; review?: LanguageState['review'] } = {}): LanguageState => ({
  draft: { revisionId: 10, basedOnRevisionId: null, publishAt: null, ...over.draft },
  live: over.live === undefined ? { revisionId: 10, basedOnRevisionId: null } : over.live,
  review: over.review ?? null,
});

describe('editorialStatus', () => {
  it.each([
    ['missing', undefined, null, false],
    ['draft', state({ live: null }), null, true],
    ['published', state(), null, true],
    ['changes', state({ draft: { revisionId: 12 } }), null, true],
    ['scheduled', state({ draft: { revisionId: 12, publishAt: '2030-01-01T00:00:00.000Z' } }), null, true],
    ['review', state({ draft: { revisionId: 12 }, review: { state: 'pending' } }), null, false],
    ['changes', state({ draft: { revisionId: 12 }, review: { state: 'returned' } }), null, false],
    // Outdated only against the live source: a newer source draft flags nothing.
    ['published', state({ live: { revisionId: 10, basedOnRevisionId: 5 } }), { revisionId: 5 }, false],
    ['outdated', state({ live: { revisionId: 10, basedOnRevisionId: 5 }, draft: { basedOnRevisionId: 5 } }), { revisionId: 7 }, false],
    // The draft caught up (edited, or marked up to date): it waits to be published.
    ['changes', state({ live: { revisionId: 10, basedOnRevisionId: 5 }, draft: { basedOnRevisionId: 7 } }), { revisionId: 7 }, false],
    ['published', state({ live: { revisionId: 10, basedOnRevisionId: 8 } }), { revisionId: 7 }, false],
    // A draft never published cannot be outdated for readers.
    ['draft', state({ live: null, draft: { basedOnRevisionId: 5 } }), { revisionId: 7 }, false],
  ] as const)('%s', (expected, language, sourceLive, isSource) => {
    expect(editorialStatus(language, sourceLive, isSource)).toBe(expected);
  });
});
