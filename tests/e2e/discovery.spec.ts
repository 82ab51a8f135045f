// What search engines and browsers find on their own: the sitemap (every page in both
// languages, x-default, tags and authors), hreflang that two versions agree on (articles
// and the parallel view), robots.txt read by a real matcher, one h1 and no skipped
// heading level on every page type, and /favicon.ico. Heads and headings are read from the
// served markup (helpers/served-html.ts), which is what a crawler reads.
import { XMLParser } from 'fast-xml-parser';
import robotsParser from 'robots-parser';
import sharp from 'sharp';
import { expect, test, type APIRequestContext } from '@playwright/test';
import { readIcoDirectory } from '../../src/core/media/ico';
import { fetchPage, headingLevels, headLinks } from './helpers/served-html';
import { latestRevision, newDraft, ownerPage } from './helpers/studio';

const article = { zh: '/zh/posts/wei-shenme-yong-liang-zhong-yuyan-chuban', en: '/en/posts/why-publish-in-two-languages' };

/** Pages that exist in both languages, by type. */
const bilingual: Record<string, { zh: string; en: string }> = {
  home: { zh: '/zh', en: '/en' },
  article,
  parallel: { zh: `${article.zh}/parallel`, en: `${article.en}/parallel` },
  'static page': { zh: '/zh/guanyu-women', en: '/en/about' },
  tags: { zh: '/zh/tags', en: '/en/tags' },
  tag: { zh: '/zh/tags/paiban', en: '/en/tags/typography' },
  author: { zh: '/zh/authors/lin-yue', en: '/en/authors/lin-yue' },
  archive: { zh: '/zh/archive', en: '/en/archive' },
  'page 2': { zh: '/zh/page/2', en: '/en/page/2' },
  search: { zh: '/zh/search', en: '/en/search' },
};

/** hreflang → path of a page's <link rel=alternate> tags, and its canonical path, as served. */
async function linksOf(request: APIRequestContext, path: string) {
  const page = await fetchPage(request, path);
  expect(page.status, path).toBe(200);
  const { alternates, canonical } = headLinks(page);
  expect(canonical, path).toHaveLength(1);
  return { alternates, canonical: canonical[0] };
}

test.describe('hreflang', () => {
  for (const [type, paths] of Object.entries(bilingual)) {
    test(`${type}: both versions name each other, themselves, the Traditional variant and x-default (the Chinese one)`, { tag: '@requests' }, async ({ request }) => {
      const expected = { zh: paths.zh, 'zh-Hant': paths.zh.replace(/^\/zh/, '/zh/hant'), en: paths.en, 'x-default': paths.zh };
      for (const locale of ['zh', 'en'] as const) {
        const { alternates, canonical } = await linksOf(request, paths[locale]);
        expect(alternates, paths[locale]).toEqual(expected);
        expect(canonical).toBe(paths[locale]);
      }
    });
  }

  test('a text in one language names only that version, and no x-default', { tag: '@requests' }, async ({ request }) => {
    for (const path of ['/zh/posts/chunjie-suibi', '/en/posts/chunjie-suibi']) {
      const { alternates, canonical } = await linksOf(request, path);
      expect(alternates).toEqual({ zh: '/zh/posts/chunjie-suibi', 'zh-Hant': '/zh/hant/posts/chunjie-suibi' });
      expect(canonical).toBe('/zh/posts/chunjie-suibi');
    }
  });
});

test('the sitemap lists every page in each language with reciprocal alternates and x-default', { tag: '@requests' }, async ({ request }) => {
  const res = await request.get('/sitemap.xml');
  expect(res.headers()['content-type']).toContain('application/xml');
  const parsed = new XMLParser({ ignoreAttributes: false, isArray: (name) => name === 'url' || name === 'xhtml:link' }).parse(await res.text());
  const entries = new Map<string, Record<string, string>>();
  for (const url of parsed.urlset.url as Array<{ loc: string; 'xhtml:link': Array<Record<string, string>> }>) {
    const links = Object.fromEntries(url['xhtml:link'].map((l) => [l['@_hreflang'], new URL(l['@_href']!).pathname]));
    entries.set(new URL(url.loc).pathname, links);
  }
  for (const paths of Object.values(bilingual).filter((p) => p !== bilingual.parallel && p !== bilingual.search && p !== bilingual['page 2'])) {
    for (const locale of ['zh', 'en'] as const) {
      expect(entries.get(paths[locale]), paths[locale]).toEqual({ zh: paths.zh, en: paths.en, 'x-default': paths.zh });
    }
  }
  expect(entries.get('/en/authors/sam-porter')).toMatchObject({ 'x-default': '/zh/authors/sam-porter' });
  expect(entries.get('/zh/posts/chunjie-suibi')).toEqual({ zh: '/zh/posts/chunjie-suibi' });
  expect(entries.has('/en/posts/chunjie-suibi')).toBe(false);

  for (const [path, links] of entries) {
    const { 'x-default': xDefault, ...versions } = links;
    expect(Object.values(versions), `${path} names itself`).toContain(path);
    // Every version it names is listed too, naming the same set.
    for (const other of Object.values(versions)) expect(entries.get(other), `${path} → ${other}`).toEqual(links);
    expect(xDefault, path).toBe(versions.zh && versions.en ? versions.zh : undefined);
  }
  // Every address answers the page itself, not a redirect or an error.
  for (const path of entries.keys()) {
    expect((await request.get(path, { maxRedirects: 0 })).status(), path).toBe(200);
  }
});

test('robots.txt keeps crawlers out of the Studio and the API only', { tag: '@requests' }, async ({ request, baseURL }) => {
  const text = await (await request.get('/robots.txt')).text();
  const robots = robotsParser(`${baseURL}/robots.txt`, text);
  expect(robots.getSitemaps()).toEqual([expect.stringMatching(/\/sitemap\.xml$/)]);
  for (const path of ['/zh/studio', '/en/studio', '/en/studio?x=1', '/zh/studio/login', '/en/studio/posts/3', '/api/v1/search?q=a', '/api']) {
    expect(robots.isAllowed(baseURL + path, 'Googlebot'), path).toBe(false);
  }
  for (const path of ['/zh', '/en/posts/studio-tour', '/en/studio-tour', '/zh/studios', '/en/tags/studio-notes', '/zh/tags/studio', '/en/about', '/sitemap.xml']) {
    expect(robots.isAllowed(baseURL + path, 'Googlebot'), path).toBe(true);
  }
});

test.describe('headings', () => {
  const pages: Record<string, { zh: string; en: string }> = {
    ...bilingual,
    search: { zh: `/zh/search?q=${encodeURIComponent('出版')}`, en: '/en/search?q=publish' },
    'article with code': { zh: '/zh/posts/zhongyingwen-hunpai-kongge-biaodian-duanhang', en: '/en/posts/mixing-chinese-and-english-text' },
    'not found': { zh: '/zh/no/such/page', en: '/en/no/such/page' },
    'studio sign-in': { zh: '/zh/studio/login', en: '/en/studio/login' },
  };

  test.beforeAll(async ({ browser, baseURL }) => {
    // The sign-in page shows once the site has an owner (before that it sends you to setup).
    await (await ownerPage(browser, baseURL!)).context().close();
  });

  for (const [type, paths] of Object.entries(pages)) {
    test(`${type}: one h1, no level skipped`, { tag: '@requests' }, async ({ request }) => {
      for (const locale of ['zh', 'en'] as const) {
        const page = await fetchPage(request, paths[locale]);
        expect(page.pathname).toBe(paths[locale].split('?')[0]);
        const levels = headingLevels(page);
        expect(levels[0], paths[locale]).toBe(1);
        expect(levels.filter((l) => l === 1), paths[locale]).toHaveLength(1);
        levels.forEach((level, i) => {
          if (i > 0) expect(level, `${paths[locale]}: heading ${i + 1} of ${levels.join(',')}`).toBeLessThanOrEqual(levels[i - 1]! + 1);
        });
        // aria-label names an element only where its role allows one; a paragraph has none.
        expect(page.elements.filter((e) => e.tagName === 'p' && e.properties.ariaLabel !== undefined), paths[locale]).toEqual([]);
      }
    });
  }
});

test('/favicon.ico is the site icon at 16, 32 and 48 pixels, cached long', { tag: '@requests' }, async ({ request }) => {
  const res = await request.get('/favicon.ico', { maxRedirects: 0 });
  expect(res.status()).toBe(200);
  expect(res.headers()['content-type']).toBe('image/x-icon');
  const maxAge = Number(/max-age=(\d+)/.exec(res.headers()['cache-control'] ?? '')?.[1]);
  expect(maxAge).toBeGreaterThanOrEqual(7 * 24 * 3600);
  const bytes = new Uint8Array(await res.body());
  const directory = readIcoDirectory(bytes);
  expect(directory?.map((e) => e.size)).toEqual([16, 32, 48]);
  for (const entry of directory!) {
    const meta = await sharp(bytes.slice(entry.offset, entry.offset + entry.length)).metadata();
    expect(meta).toMatchObject({ format: 'png', width: entry.size, height: entry.size });
  }
  const again = await request.get('/favicon.ico', { headers: { 'if-none-match': res.headers()['etag']! } });
  expect(again.status()).toBe(304);
});

test('the sitemap answered from its cache shows a post once it is published, and drops it once it is unpublished', async ({ browser, baseURL }) => {
  const page = await ownerPage(browser, baseURL!);
  const origin = { origin: new URL(baseURL!).origin };
  const slug = `sitemap-follows-${Date.now()}`;
  const sitemapHas = async () => (await (await page.request.get('/sitemap.xml')).text()).includes(`/en/posts/${slug}<`);
  const postId = await newDraft(page, `Sitemap follows ${slug}`);
  const before = await latestRevision(page, postId, 'en');
  const saved = await page.request.put(`/api/v1/studio/posts/${postId}/translations/en`, {
    headers: origin,
    data: { postId, locale: 'en', title: `Sitemap follows ${slug}`, slug, excerpt: '', body: 'A text for the sitemap.', expectedRevisionId: before.id, basedOnRevisionId: null },
  });
  expect(saved.status(), await saved.text()).toBe(200);
  // Asked twice: the second answer comes from the cache, and a draft is in neither.
  expect(await sitemapHas()).toBe(false);
  expect(await sitemapHas()).toBe(false);
  const publication = (action: string) => page.request.post(`/api/v1/studio/posts/${postId}/publication`, { headers: origin, data: { postId, locale: 'en', action } });
  expect((await publication('publish')).ok()).toBe(true);
  expect(await sitemapHas()).toBe(true);
  expect((await publication('unpublish')).ok()).toBe(true);
  expect(await sitemapHas()).toBe(false);
  await page.context().close();
});
