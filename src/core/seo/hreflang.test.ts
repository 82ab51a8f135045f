import { describe, expect, it } from 'vitest';
import { hreflangAlternates } from './hreflang';

describe('hreflangAlternates', () => {
  it('names both versions and the default language (zh) as x-default', () => {
    expect(hreflangAlternates({ en: '/en/posts/b', zh: '/zh/posts/a' })).toEqual({ zh: '/zh/posts/a', en: '/en/posts/b', 'x-default': '/zh/posts/a' });
  });

  it('offers no x-default when a language is missing', () => {
    expect(hreflangAlternates({ zh: '/zh/posts/a' })).toEqual({ zh: '/zh/posts/a' });
    expect(hreflangAlternates({ en: '/en/posts/b', zh: '' })).toEqual({ en: '/en/posts/b' });
  });
});
