// What a reading page costs before a reader sees a word: the Latin web fonts are asked for
// from the <head> at low priority, once each, from addresses cached for a year; the
// scripts carry no interface messages (only the error views' few words).
import { readFileSync } from 'node:fs';
import { expect, test } from '@playwright/test';

const preloads = JSON.parse(readFileSync('src/generated/latin-fonts/preload.json', 'utf8')) as string[];
const katex = JSON.parse(readFileSync('src/generated/katex/manifest.json', 'utf8')) as { css: string };
const en = JSON.parse(readFileSync('messages/en.json', 'utf8')) as { site: { description: string }; nav: { parallel: string } };
const zh = JSON.parse(readFileSync('messages/zh.json', 'utf8')) as { site: { description: string } };

for (const path of ['/zh', '/en/posts/the-time-it-takes-to-drink-tea']) {
  test(`${path}: the three Latin cores are preloaded at low priority and fetched once each`, async ({ page }) => {
    const fetched: string[] = [];
    page.on('request', (request) => {
      if (request.resourceType() === 'font') fetched.push(new URL(request.url()).pathname);
    });
    await page.goto(path);
    await page.waitForLoadState('networkidle');
    const links = await page.locator('head link[rel="preload"][as="font"]').evaluateAll((nodes) =>
      nodes.map((node) => ({ href: node.getAttribute('href'), priority: node.getAttribute('fetchpriority'), crossOrigin: node.getAttribute('crossorigin') })),
    );
    expect(links).toEqual(preloads.map((href) => ({ href, priority: 'low', crossOrigin: '' })));
    // The stylesheet's @font-face uses the preloaded response: no second request for a core.
    for (const href of preloads) expect(fetched.filter((url) => url === href), fetched.join('\n')).toHaveLength(1);
  });
}

test('a Latin font file is immutable at its address, and an unknown one is a 404', { tag: '@requests' }, async ({ request }) => {
  const font = await request.get(preloads[0]!);
  expect(font.status()).toBe(200);
  expect(font.headers()['content-type']).toBe('font/woff2');
  expect(font.headers()['cache-control']).toBe('public, max-age=31536000, immutable');
  expect((await font.body()).subarray(0, 4).toString('latin1')).toBe('wOF2');
  expect((await request.get('/fonts/latin/inter-latin-core-wght-normal.0000000000.woff2')).status()).toBe(404);
  expect((await request.get('/fonts/latin/..%2F..%2Fpackage.json')).status()).toBe(404);
});

test('a reading page ships no interface messages in its scripts', async ({ page }) => {
  const scripts: Promise<string>[] = [];
  page.on('response', (response) => {
    if (response.request().resourceType() === 'script') scripts.push(response.text().catch(() => ''));
  });
  await page.goto('/en/posts/the-time-it-takes-to-drink-tea');
  await page.waitForLoadState('networkidle');
  const code = (await Promise.all(scripts)).join('\n');
  expect(code.length).toBeGreaterThan(0);
  for (const message of [en.site.description, en.nav.parallel, zh.site.description]) expect(code).not.toContain(message);
});

test('a page without math neither links nor fetches KaTeX', async ({ page }) => {
  const fetched: string[] = [];
  page.on('request', (request) => fetched.push(new URL(request.url()).pathname));
  await page.goto('/en/posts/the-time-it-takes-to-drink-tea');
  await page.waitForLoadState('networkidle');
  await expect(page.locator('link[href*="/fonts/katex/"]')).toHaveCount(0);
  expect(fetched.filter((path) => path.startsWith('/fonts/katex/'))).toEqual([]);
});

test("KaTeX's stylesheet and fonts are served from the package, immutable, and point only at each other", { tag: '@requests' }, async ({ request }) => {
  const css = await request.get(katex.css);
  expect(css.status()).toBe(200);
  expect(css.headers()['content-type']).toBe('text/css; charset=utf-8');
  expect(css.headers()['cache-control']).toBe('public, max-age=31536000, immutable');
  const text = await css.text();
  const fonts = [...text.matchAll(/url\(([^)]+)\)/g)].map((match) => match[1]!);
  expect(fonts.length).toBeGreaterThanOrEqual(20);
  for (const href of fonts) expect(href).toMatch(/^\/fonts\/katex\/KaTeX_[\w-]+\.[0-9a-f]{10}\.woff2$/);
  const font = await request.get(fonts[0]!);
  expect(font.headers()['content-type']).toBe('font/woff2');
  expect((await font.body()).subarray(0, 4).toString('latin1')).toBe('wOF2');
  expect((await request.get('/fonts/katex/katex.0000000000.css')).status()).toBe(404);
  expect((await request.get('/fonts/katex/..%2F..%2Fpackage.json')).status()).toBe(404);
});
