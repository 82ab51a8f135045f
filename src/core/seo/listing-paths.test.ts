import { describe, expect, it } from 'vitest';
import { authorPaths, tagPaths } from './listing-paths';

describe('listing paths', () => {
  it('a tag lives at its own slug in each language', () => {
    expect(tagPaths({ zh: { name: '排版', slug: 'paiban' }, en: { name: 'Typography', slug: 'typography' } })).toEqual({
      zh: '/zh/tags/paiban',
      en: '/en/tags/typography',
    });
  });

  it('a tag named in one language reads under that slug in the other', () => {
    expect(tagPaths({ zh: { name: '随笔', slug: 'suibi' } })).toEqual({ zh: '/zh/tags/suibi', en: '/en/tags/suibi' });
    expect(tagPaths({})).toEqual({});
  });

  it('an author has the same handle in both languages', () => {
    expect(authorPaths('lin-yue')).toEqual({ zh: '/zh/authors/lin-yue', en: '/en/authors/lin-yue' });
  });
});
