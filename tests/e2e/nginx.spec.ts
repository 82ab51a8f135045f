// deploy/nginx.conf, run by Debian's nginx in front of the production build: reading pages
// come from its one-second cache, per language and encoding; the Studio, the API and
// anything carrying a session go straight through and are never kept; no cached answer
// carries a cookie; a language switch reaches Duet; a publish shows within a second;
// built files are kept a year; its access log holds no key and no invite token. Mandatory
// in CI; elsewhere skipped loudly without nginx.
import { readFileSync } from 'node:fs';
import { expect, test, type APIRequestContext } from '@playwright/test';
import { latestRevision, newDraft, ownerPage } from './helpers/studio';
import { testPorts } from '../ports';
import { nginxBinary, startNginx, type RunningNginx } from './helpers/nginx';

test.describe.configure({ mode: 'serial' });
let nginx: RunningNginx;

test.beforeAll(async ({ baseURL }) => {
  if (!nginxBinary) {
    if (process.env.CI === 'true') throw new Error('CI: nginx is required for the reverse-proxy suite (apt-get install nginx).');
    console.warn('\n  SKIPPED: the nginx suite needs nginx (apt-get install nginx). CI runs it.\n');
    test.skip(true, 'nginx is not installed');
  }
  nginx = await startNginx(new URL(baseURL!), testPorts.nginx);
});
test.afterAll(async () => nginx?.stop());

const via = (path: string) => `${nginx.url}${path}`;

async function twice(request: APIRequestContext, path: string, headers: Record<string, string> = {}) {
  const first = await request.get(via(path), { headers });
  const second = await request.get(via(path), { headers });
  return [first, second] as const;
}

test('reading pages come from the cache, each in its own language, and carry no cookie', async ({ request }) => {
  for (const [path, lang] of [['/en', 'en'], ['/zh', 'zh'], ['/en/posts/why-publish-in-two-languages', 'en']] as const) {
    const [first, second] = await twice(request, path, { 'accept-language': lang === 'en' ? 'zh-CN' : 'en' });
    expect(first.status(), path).toBe(200);
    expect(second.headers()['x-duet-cache'], path).toBe('HIT');
    expect(await second.text(), path).toContain(`<html lang="${lang}"`);
    for (const answer of [first, second]) expect(answer.headers()['set-cookie'], path).toBeUndefined();
  }
});

test('each encoding is its own cached copy: Brotli, gzip and none', async ({ request }) => {
  const path = '/en/archive';
  for (const [accept, encoding] of [['gzip, deflate, br', 'br'], ['gzip', 'gzip'], ['identity', undefined]] as const) {
    const [, second] = await twice(request, path, { 'accept-encoding': accept });
    expect(second.headers()['x-duet-cache'], accept).toBe('HIT');
    expect(second.headers()['content-encoding'], accept).toBe(encoding);
    expect(await second.text(), accept).toContain('<html lang="en"');
  }
});

test('the Studio, a session and the API go straight through and are never kept', async ({ request }) => {
  const [, studio] = await twice(request, '/en/studio/login');
  expect(studio.headers()['x-duet-cache']).toBeUndefined();
  const [, signedIn] = await twice(request, '/en', { cookie: 'duet.session_token=someone; NEXT_LOCALE=en' });
  expect(signedIn.headers()['x-duet-cache']).toBe('BYPASS');
  const [, api] = await twice(request, '/api/health');
  expect(api.headers()['x-duet-cache']).toBeUndefined();
  const write = await request.post(via('/api/v1/preferences/locale'), { headers: { origin: nginx.url }, data: { locale: 'en' } });
  expect(write.status()).toBe(200);
  expect(write.headers()['set-cookie']).toContain('NEXT_LOCALE=en');
});

test('the access log holds no key sent as ?key= and no invite token, in the address or the Referer', async ({ request }) => {
  const key = `duet_c_${'K'.repeat(43)}`;
  const token = 'T0ken-of-an-invite-link-that-must-stay-secret';
  expect((await request.get(via(`/api/v1/content/posts?lang=en&key=${key}`))).status()).toBe(401);
  await request.get(via(`/en/studio/invite/${token}`), { maxRedirects: 0 });
  await request.get(via('/en/studio/login'), { headers: { referer: `${nginx.url}/en/studio/invite/${token}` } });
  await expect(async () => {
    const log = readFileSync(nginx.accessLog, 'utf8');
    expect(log).toContain('GET /api/v1/content/posts?[redacted] ');
    expect(log).toContain('GET /en/studio/invite/[redacted] ');
    expect(log).toContain(`"${nginx.url}/en/studio/invite/[redacted]"`);
    expect(log).not.toContain(key);
    expect(log).not.toContain(token);
  }).toPass({ timeout: 5_000 });
});

test('a reader switching language reaches Duet and gets the cookie; the next reader gets the shared page', async ({ playwright }) => {
  // A reader of its own: no cookie from the other tests.
  const reader = await playwright.request.newContext();
  await twice(reader, '/zh/tags');
  const switching = await reader.get(via('/zh/tags'), { headers: { referer: via('/en/tags'), 'sec-fetch-site': 'same-origin', 'sec-fetch-dest': 'document' } });
  expect(switching.headers()['x-duet-cache']).toBe('BYPASS');
  expect(switching.headers()['set-cookie']).toMatch(/^NEXT_LOCALE=zh;/);
  const next = await reader.get(via('/zh/tags'));
  expect(next.headers()['x-duet-cache']).toBe('HIT');
  expect(next.headers()['set-cookie']).toBeUndefined();
  await reader.dispose();
});

test('built scripts are kept a year and come from the cache', async ({ request }) => {
  const html = await (await request.get(via('/en'))).text();
  const script = /<script src="(\/_next\/static\/[^"]+\.js)"/.exec(html)?.[1];
  expect(script).toBeTruthy();
  const [, second] = await twice(request, script!, { 'accept-encoding': 'br' });
  expect(second.headers()['x-duet-cache']).toBe('HIT');
  expect(second.headers()['cache-control']).toContain('immutable');
  expect(second.headers()['content-encoding']).toBe('br');
});

test('a publish through the proxy is what readers get through it within a second', async ({ browser }) => {
  test.setTimeout(90_000);
  const page = await ownerPage(browser, nginx.url);
  const run = Date.now().toString(36);
  const postId = await newDraft(page, `Proxied ${run}`);
  const origin = { origin: nginx.url };
  const slug = `proxied-${run}`;
  const save = async (title: string) => {
    const base = await latestRevision(page, postId, 'en');
    const saved = await page.request.put(`/api/v1/studio/posts/${postId}/translations/en`, {
      headers: origin,
      data: { postId, locale: 'en', title, slug, excerpt: '', body: `${title}, through nginx.`, expectedRevisionId: base.id, basedOnRevisionId: null },
    });
    expect(saved.status()).toBe(200);
    expect((await page.request.post(`/api/v1/studio/posts/${postId}/publication`, { headers: origin, data: { postId, locale: 'en', action: 'publish' } })).ok()).toBe(true);
  };
  const reader = await browser.newContext();
  const read = async () => (await reader.request.get(via(`/en/posts/${slug}`))).text();

  await save(`First ${run}`);
  await expect.poll(read, { timeout: 5_000 }).toContain(`First ${run}`);
  await read();
  await save(`Second ${run}`);
  const published = Date.now();
  await expect.poll(read, { timeout: 5_000, intervals: [50] }).toContain(`Second ${run}`);
  const waited = Date.now() - published;
  console.log(`publish visible through nginx after ${waited} ms`);
  // The cache keeps a page one second; with a render and a poll, well under three.
  expect(waited).toBeLessThan(3_000);
  await reader.close();
  await page.context().close();
});
