// Locale routing: redirects of unprefixed paths, and the paths that are never touched.
import { expect, test } from '@playwright/test';
import { fetchPage, headLinks } from './helpers/served-html';

test.describe('unprefixed page paths redirect (307, query kept)', { tag: '@requests' }, () => {
  const cases: Array<{ path: string; headers: Record<string, string>; to: string; why: string }> = [
    { path: '/', headers: {}, to: '/zh', why: 'nothing known: default zh' },
    { path: '/', headers: { 'accept-language': 'en-US,en;q=0.9' }, to: '/en', why: 'Accept-Language' },
    { path: '/', headers: { 'accept-language': 'de-DE,en;q=0.5' }, to: '/en', why: 'best supported language' },
    { path: '/', headers: { 'accept-language': 'en-US', cookie: 'NEXT_LOCALE=zh' }, to: '/zh', why: 'cookie beats Accept-Language' },
    { path: '/about?x=1&y=%E4%B8%AD', headers: { cookie: 'NEXT_LOCALE=en' }, to: '/en/about?x=1&y=%E4%B8%AD', why: 'query kept' },
    { path: '/posts/hello', headers: { 'accept-language': 'zh-CN' }, to: '/zh/posts/hello', why: 'deep path' },
  ];
  for (const c of cases) {
    test(`${c.path} → ${c.to} (${c.why})`, async ({ request }) => {
      const res = await request.get(c.path, { headers: c.headers, maxRedirects: 0 });
      expect(res.status()).toBe(307);
      expect(new URL(res.headers()['location']!, 'http://x').pathname + new URL(res.headers()['location']!, 'http://x').search).toBe(c.to);
      expect(res.headers()['vary']).toContain('Accept-Language');
    });
  }
});

test.describe('paths that are never prefixed or redirected', { tag: '@requests' }, () => {
  for (const path of ['/api/health', '/robots.txt', '/sitemap.xml', '/manifest.webmanifest', '/static/icon-192.png', '/icon.svg']) {
    test(`${path} answers 200 in place`, async ({ request }) => {
      const res = await request.get(path, { maxRedirects: 0 });
      expect(res.status()).toBe(200);
    });
  }
  for (const path of ['/images/none.webp', '/audios/none.mp3', '/videos/none.webm', '/fonts/none.woff2', '/static/none.css', '/favicon-none.ico', '/api/none', '/_next/static/none.js']) {
    test(`${path} is not redirected`, async ({ request }) => {
      const res = await request.get(path, { maxRedirects: 0 });
      expect(res.status()).toBe(404);
      expect(res.headers()['location']).toBeUndefined();
    });
  }
});

test('prefixed pages have lang, canonical and hreflang alternates with x-default', { tag: '@requests' }, async ({ request }) => {
  for (const locale of ['zh', 'en'] as const) {
    const page = await fetchPage(request, `/${locale}/archive`);
    expect(page.elements.find((e) => e.tagName === 'html')?.properties.lang).toBe(locale);
    const { alternates, canonical } = headLinks(page);
    expect(canonical).toEqual([`/${locale}/archive`]);
    expect(alternates).toEqual({ zh: '/zh/archive', 'zh-Hant': '/zh/hant/archive', en: '/en/archive', 'x-default': '/zh/archive' });
  }
});

test('sitemap lists both languages with xhtml:link alternates; robots points to it', { tag: '@requests' }, async ({ request }) => {
  const xml = await (await request.get('/sitemap.xml')).text();
  expect(xml).toContain('xmlns:xhtml="http://www.w3.org/1999/xhtml"');
  expect(xml).toMatch(/<loc>[^<]*\/zh\/guanyu-women<\/loc>/);
  expect(xml).toMatch(/<loc>[^<]*\/en\/about<\/loc>/);
  expect(xml).toMatch(/<xhtml:link rel="alternate" hreflang="en" href="[^"]*\/en\/about"/);
  expect(xml).toMatch(/<loc>[^<]*\/en\/posts\/why-publish-in-two-languages<\/loc>/);
  // A Chinese-only article has no English alternate.
  const chunjie = xml.split('<url>').find((u) => u.includes('/zh/posts/chunjie-suibi</loc>'))!;
  expect(chunjie).not.toContain('hreflang="en"');
  const robots = await (await request.get('/robots.txt')).text();
  expect(robots).toMatch(/Sitemap: http[^\n]*\/sitemap\.xml/);
  expect(robots).toContain('Disallow: /zh/studio');
});

test('manifest names the site in the default language, with icons and theme colour', { tag: '@requests' }, async ({ request }) => {
  const manifest = await (await request.get('/manifest.webmanifest')).json();
  expect(manifest.name).toContain('双声');
  expect(manifest.lang).toBe('zh');
  expect(manifest.theme_color).toMatch(/^#[0-9a-f]{6}$/i);
  expect(manifest.icons.map((i: { sizes: string }) => i.sizes)).toEqual(expect.arrayContaining(['192x192', '512x512']));
  for (const icon of manifest.icons) expect((await request.get(icon.src)).status()).toBe(200);
});
