import { XMLParser, XMLValidator } from 'fast-xml-parser';
import { describe, expect, it } from 'vitest';
import { sitemapIndex, urlEntries, urlsetClose, urlsetOpen } from './sitemap-xml';

describe('sitemap XML', () => {
  it('lists each version with all alternates, escaped', () => {
    const xml = urlsetOpen + urlEntries({ zh: 'https://x/zh/a?b=1&c=2', en: 'https://x/en/a' }, '2026-01-01T00:00:00.000Z') + urlsetClose;
    expect(XMLValidator.validate(xml)).toBe(true);
    const parsed = new XMLParser({ ignoreAttributes: false }).parse(xml);
    expect(parsed.urlset.url).toHaveLength(2);
    expect(parsed.urlset.url[0].loc).toBe('https://x/zh/a?b=1&c=2');
    expect(parsed.urlset.url[1]['xhtml:link']).toHaveLength(3);
  });

  it('names the default language (zh) as x-default only when both versions exist', () => {
    const parse = (xml: string) => new XMLParser({ ignoreAttributes: false, isArray: (name) => name === 'url' || name === 'xhtml:link' }).parse(urlsetOpen + xml + urlsetClose);
    const both = parse(urlEntries({ en: 'https://x/en/b', zh: 'https://x/zh/a' }));
    for (const url of both.urlset.url) {
      const links = Object.fromEntries(url['xhtml:link'].map((l: Record<string, string>) => [l['@_hreflang'], l['@_href']]));
      expect(links).toEqual({ zh: 'https://x/zh/a', en: 'https://x/en/b', 'x-default': 'https://x/zh/a' });
    }
    const one = parse(urlEntries({ en: 'https://x/en/b' }));
    expect(one.urlset.url).toHaveLength(1);
    expect(one.urlset.url[0]['xhtml:link'].map((l: Record<string, string>) => l['@_hreflang'])).toEqual(['en']);
  });

  it('an empty sitemap and an index are valid', () => {
    expect(XMLValidator.validate(urlsetOpen + urlsetClose)).toBe(true);
    const index = sitemapIndex([{ url: 'https://x/sitemaps/0.xml', lastModified: '2026-01-01' }, { url: 'https://x/sitemaps/1.xml' }]);
    expect(XMLValidator.validate(index)).toBe(true);
    expect(new XMLParser().parse(index).sitemapindex.sitemap).toHaveLength(2);
  });
});
