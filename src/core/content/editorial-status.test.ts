import { describe, expect, it } from 'vitest';
import { editorialStatus, type EditorialTranslation } from './editorial-status';

const t = (over: Partial<EditorialTranslation>): EditorialTranslation => ({
  state: 'published',
  publishAt: null,
  revisionId: 10,
  basedOnRevisionId: null,
  ...over,
});

describe('editorialStatus', () => {
  it.each([
    ['missing', undefined, t({}), false],
    ['draft', t({ state: 'draft' }), t({}), false],
    ['scheduled', t({ state: 'draft', publishAt: '2030-01-01T00:00:00.000Z' }), t({}), false],
    ['published', t({}), undefined, true],
    ['published', t({ basedOnRevisionId: 10 }), t({ revisionId: 10 }), false],
    ['outdated', t({ basedOnRevisionId: 9 }), t({ revisionId: 10 }), false],
    ['draft', t({ state: 'draft', basedOnRevisionId: 9 }), t({ revisionId: 10 }), false],
  ] as const)('%s', (expected, translation, source, isSource) => {
    expect(editorialStatus(translation, source, isSource)).toBe(expected);
  });
});
