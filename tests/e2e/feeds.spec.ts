// The feeds of each language over HTTP: RSS, Atom, JSON Feed and the podcast, parsed by a
// real XML parser, checked for what each format requires, the right language, absolute
// URLs only, and enclosures whose length is the file's real size.
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { XMLParser, XMLValidator } from 'fast-xml-parser';

const locales = ['zh', 'en'] as const;
type Locale = (typeof locales)[number];

const contentTypes = {
  'feed.xml': 'application/rss+xml; charset=utf-8',
  'atom.xml': 'application/atom+xml; charset=utf-8',
  'feed.json': 'application/feed+json; charset=utf-8',
  'podcast.xml': 'application/rss+xml; charset=utf-8',
} as const;

const parser = new XMLParser({
  ignoreAttributes: false,
  attributeNamePrefix: '@',
  parseTagValue: false,
  isArray: (name, jpath) => ['item', 'entry', 'category', 'dc:creator', 'author'].includes(name) || (name === 'link' && String(jpath).startsWith('feed.')),
});

const han = /\p{Script=Han}/u;

/* eslint-disable @typescript-eslint/no-explicit-any -- parsed documents are checked by shape */
async function fetchFeed(request: APIRequestContext, locale: Locale, file: keyof typeof contentTypes): Promise<any> {
  const res = await request.get(`/${locale}/${file}`, { maxRedirects: 0 });
  expect(res.status()).toBe(200);
  expect(res.headers()['content-type']).toBe(contentTypes[file]);
  expect(res.headers()['cache-control']).toBe('public, max-age=300');
  const body = await res.text();
  if (file === 'feed.json') return JSON.parse(body);
  expect(XMLValidator.validate(body)).toBe(true);
  return parser.parse(body);
}

/** Every URL a document holds: link-like fields, and href/src inside HTML content. */
function collectUrls(value: unknown, key = '', into: string[] = []): string[] {
  if (Array.isArray(value)) value.forEach((v) => collectUrls(v, key, into));
  else if (value && typeof value === 'object') Object.entries(value).forEach(([k, v]) => collectUrls(v, k, into));
  else if (typeof value === 'string') {
    if (/^(@href|@url|@uri|link|url|uri|icon|image|home_page_url|feed_url|comments|docs)$/.test(key)) into.push(value);
    if (/^(content:encoded|content_html|content)$/.test(key)) {
      for (const m of value.matchAll(/\s(?:href|src|poster|cite)="([^"]*)"/g)) into.push(m[1]!.replace(/&amp;/g, '&'));
    }
  }
  return into;
}

function expectAbsolute(urls: string[], origin: string) {
  expect(urls.length).toBeGreaterThan(0);
  for (const url of urls) {
    expect(url, url).toMatch(/^(https?:\/\/|mailto:)/);
    if (!url.startsWith('mailto:') && new URL(url).hostname === new URL(origin).hostname) expect(url.startsWith(origin), url).toBe(true);
  }
}

/** Titles in the feed's own language: Chinese titles all hold Han characters, English none. */
function expectLanguage(titles: string[], locale: Locale) {
  expect(titles.length).toBeGreaterThan(0);
  for (const title of titles) expect(han.test(title), title).toBe(locale === 'zh');
}

for (const locale of locales) {
  test.describe(`${locale} feeds`, { tag: '@requests' }, () => {
    test('RSS 2.0', async ({ request, baseURL }) => {
      const { rss } = await fetchFeed(request, locale, 'feed.xml');
      expect(rss['@version']).toBe('2.0');
      const { channel } = rss;
      expect(channel.title).toBe(locale === 'zh' ? '双声' : 'Duet Magazine');
      expect(channel.link).toBe(`${baseURL}/${locale}`);
      expect(channel.description).toMatch(locale === 'zh' ? han : /bilingual magazine/);
      const items: any[] = channel.item;
      expect(items.length).toBeGreaterThanOrEqual(10);
      expect(items.length).toBeLessThanOrEqual(20);
      for (const item of items) {
        expect(item.link).toMatch(new RegExp(`^${baseURL}/${locale}/posts/`));
        expect(item.guid['#text']).toBe(item.link);
        expect(new Date(item.pubDate).getTime()).not.toBeNaN();
        expect(item['content:encoded'].length).toBeGreaterThan(item.description.length);
      }
      expectLanguage(items.map((i) => i.title), locale);
      // Newest first, and only posts that exist in the feed's language.
      const dates = items.map((i) => new Date(i.pubDate).getTime());
      expect([...dates].sort((a, b) => b - a)).toEqual(dates);
      const links = items.map((i) => new URL(i.link).pathname);
      if (locale === 'zh') expect(links).toContain('/zh/posts/chunjie-suibi');
      else expect(links.some((l) => l.includes('chunjie'))).toBe(false);
      expectAbsolute(collectUrls(rss), baseURL!);
    });

    test('Atom 1.0', async ({ request, baseURL }) => {
      const { feed } = await fetchFeed(request, locale, 'atom.xml');
      expect(feed['@xmlns']).toBe('http://www.w3.org/2005/Atom');
      expect(feed.id).toBe(`${baseURL}/${locale}`);
      expect(feed.title['#text']).toBeTruthy();
      expect(new Date(feed.updated).getTime()).not.toBeNaN();
      const entries: any[] = feed.entry;
      expect(entries.length).toBeGreaterThanOrEqual(10);
      for (const entry of entries) {
        expect(entry.id).toMatch(new RegExp(`^${baseURL}/${locale}/posts/`));
        expect(new Date(entry.updated).getTime()).not.toBeNaN();
        expect(entry.link.find((l: any) => l['@rel'] === 'alternate')['@href']).toBe(entry.id);
        expect(entry.content['@type']).toBe('html');
      }
      expectLanguage(entries.map((e) => e.title['#text']), locale);
      expectAbsolute(collectUrls(feed), baseURL!);
    });

    test('JSON Feed 1.1', async ({ request, baseURL }) => {
      const feed = await fetchFeed(request, locale, 'feed.json');
      expect(feed.version).toBe('https://jsonfeed.org/version/1.1');
      expect(feed.feed_url).toBe(`${baseURL}/${locale}/feed.json`);
      expect(feed.language).toBe(locale === 'zh' ? 'zh-CN' : 'en');
      expect(feed.items.length).toBeGreaterThanOrEqual(10);
      for (const item of feed.items) {
        expect(item.id).toBe(item.url);
        expect(item.content_html).toContain('<p>');
        expect(item.authors?.[0]?.name).toBeTruthy();
      }
      expectLanguage(feed.items.map((i: any) => i.title), locale);
      expectAbsolute(collectUrls(feed), baseURL!);
    });

    test('podcast: iTunes tags, and enclosures as long as the real files', async ({ request, baseURL }) => {
      const { rss } = await fetchFeed(request, locale, 'podcast.xml');
      expect(rss['@xmlns:itunes']).toBe('http://www.itunes.com/dtds/podcast-1.0.dtd');
      const { channel } = rss;
      expect(channel.language).toBe(locale === 'zh' ? 'zh-CN' : 'en');
      expect(channel['itunes:author']).toBeTruthy();
      expect(channel['itunes:explicit']).toBe('false');
      expect(channel['itunes:category']['@text']).toBeTruthy();
      // Apple Podcasts: 1400 to 3000 px square, JPEG or PNG (site-identity.spec.ts reads its pixels).
      const image = await request.head(channel['itunes:image']['@href']);
      expect(image.status()).toBe(200);
      expect(['image/jpeg', 'image/png']).toContain(image.headers()['content-type']);
      const items: any[] = channel.item;
      const tea = items.find((i) => i.link.includes(locale === 'zh' ? 'yi-bei-cha' : 'the-time-it-takes-to-drink-tea'));
      expect(tea, 'the narrated demo post').toBeDefined();
      expect(tea.title).toBe(locale === 'zh' ? '一杯茶的时间' : 'The Time It Takes to Drink Tea');
      // demo/media/media.json: 37.776 s in Chinese, 26.52 s in English.
      expect(tea['itunes:duration']).toBe(locale === 'zh' ? '00:00:38' : '00:00:27');
      for (const item of items) {
        expect(item.guid).toMatchObject({ '@isPermaLink': 'false' });
        expect(item.guid['#text']).toMatch(/^duet-narration-\d+$/);
        expect(new Date(item.pubDate).getTime()).not.toBeNaN();
        expect(item['itunes:duration']).toMatch(/^\d{2,}:\d{2}:\d{2}$/);
        expect(item['itunes:explicit']).toBe('false');
        const { '@url': url, '@length': length, '@type': type } = item.enclosure;
        expect(url).toMatch(new RegExp(`^${baseURL}/audios/.+\\.${locale}\\.[0-9a-f]+\\.mp3$`));
        expect(type).toBe('audio/mpeg');
        // Podcast apps ask HEAD or a range for the size: both answers carry Content-Length
        // (Next drops it from route handlers; src/server-entry/content-length.ts puts it back).
        const file = await request.head(url);
        expect(file.status()).toBe(200);
        expect(file.headers()['content-type']).toBe(type);
        expect(file.headers()['content-length']).toBe(length);
        const range = await request.head(url, { headers: { range: 'bytes=0-0' } });
        expect(range.status()).toBe(206);
        expect(range.headers()['content-range']).toBe(`bytes 0-0/${length}`);
        expect(range.headers()['content-length']).toBe('1');
        const part = await request.get(url, { headers: { range: 'bytes=100-199' } });
        expect(part.status()).toBe(206);
        expect(part.headers()['content-length']).toBe('100');
        expect((await part.body()).length).toBe(100);
        expect((await (await request.get(url)).body()).length).toBe(Number(length));
      }
      expectAbsolute(collectUrls(rss), baseURL!);
    });
  });
}

test('HEAD answers like GET without a body; an unknown language is a 404', { tag: '@requests' }, async ({ request }) => {
  const head = await request.head('/zh/feed.xml');
  expect(head.status()).toBe(200);
  expect(head.headers()['content-type']).toBe(contentTypes['feed.xml']);
  expect(await head.body()).toHaveLength(0);
  expect((await request.get('/fr/feed.xml')).status()).toBe(404);
});

/** Readers whose cookie or browser language is not the feed's. */
const readers: Record<string, string>[] = [{ cookie: 'NEXT_LOCALE=en', 'accept-language': 'en' }, { 'accept-language': 'en-GB' }];

test('the proxy never redirects a feed, whatever the reader’s language', { tag: '@requests' }, async ({ request }) => {
  for (const headers of readers) {
    const res = await request.get('/zh/feed.xml', { headers, maxRedirects: 0 });
    expect(res.status()).toBe(200);
    expect(res.headers()['content-type']).toBe(contentTypes['feed.xml']);
  }
});

// The proxy runs for /zh/… when the reader's cookie or browser says English; on a feed it
// must not set NEXT_LOCALE (a publicly cached response, and no language choice).
test('a feed response never sets the language cookie', { tag: '@requests' }, async ({ request }) => {
  for (const headers of readers) {
    const res = await request.get('/zh/feed.xml', { headers, maxRedirects: 0 });
    expect(res.headers()['set-cookie']).toBeUndefined();
  }
});

async function feedLinksIn(page: Page, path: string) {
  await page.goto(path);
  return page.locator('head link[rel=alternate][type]').evaluateAll((els) =>
    els.map((l) => ({ type: l.getAttribute('type'), href: l.getAttribute('href'), title: l.getAttribute('title') })),
  );
}

function expectFeedLinks(links: Array<{ type: string | null; href: string | null; title: string | null }>, locale: Locale, baseURL: string) {
  expect(links).toEqual([
    { type: 'application/rss+xml', href: `${baseURL}/${locale}/feed.xml`, title: expect.stringContaining('RSS') },
    { type: 'application/rss+xml', href: `${baseURL}/${locale}/podcast.xml`, title: expect.any(String) },
    { type: 'application/atom+xml', href: `${baseURL}/${locale}/atom.xml`, title: expect.stringContaining('Atom') },
    { type: 'application/feed+json', href: `${baseURL}/${locale}/feed.json`, title: expect.stringContaining('JSON Feed') },
  ]);
}

for (const locale of locales) {
  test(`the layout links the ${locale} feeds in the head of a page without alternates of its own`, async ({ page, baseURL }) => {
    expectFeedLinks(await feedLinksIn(page, `/${locale}/no-such-page-at-all`), locale, baseURL!);
  });

  // A page that sets its own `alternates` replaces the layout's (Next merges metadata one
  // key at a time) and must pass feedLinks(locale) along: see server/feeds/feed-links.ts.
  test(`the home page and articles link the ${locale} feeds in their head`, async ({ page, baseURL }) => {
    for (const path of [`/${locale}`, `/${locale}/posts/chunjie-suibi`, `/${locale}/archive`, `/${locale}/tags`]) {
      expectFeedLinks(await feedLinksIn(page, path), locale, baseURL!);
    }
  });
}
