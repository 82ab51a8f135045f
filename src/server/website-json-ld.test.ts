import { afterEach, describe, expect, it, vi } from 'vitest';
import { websiteJsonLd } from './website-json-ld';

describe('websiteJsonLd', () => {
  afterEach(() => vi.unstubAllEnvs());

  it('describes the site with a SearchAction on the locale search page', () => {
    vi.stubEnv('SITE_URL', 'https://duet.example');
    const data = JSON.parse(websiteJsonLd({ locale: 'zh', name: '双声', description: '双语杂志' }));
    expect(data).toEqual({
      '@context': 'https://schema.org',
      '@type': 'WebSite',
      name: '双声',
      description: '双语杂志',
      url: 'https://duet.example/zh',
      inLanguage: 'zh-CN',
      potentialAction: {
        '@type': 'SearchAction',
        target: { '@type': 'EntryPoint', urlTemplate: 'https://duet.example/zh/search?q={search_term_string}' },
        'query-input': 'required name=search_term_string',
      },
    });
  });

  it('is safe inside a script element', () => {
    vi.stubEnv('SITE_URL', 'https://duet.example');
    expect(websiteJsonLd({ locale: 'en', name: '</script><script>alert(1)' })).not.toContain('</script>');
  });
});
