#!/usr/bin/env node
// The smoke test's second half (tests/smoke/fresh-install.sh starts the server): wait for
// the fresh install to answer, read a post and /api/health, then spend SMOKE_SECONDS on
// mixed reading and Studio saves and prove the server is still alive and right at the end.
import { spawnSync } from 'node:child_process';
import { createRequire } from 'node:module';
import { setTimeout as sleep } from 'node:timers/promises';

const require = createRequire(`${process.cwd()}/`);
const { chromium } = require('playwright-core');
const port = Number(process.env.SMOKE_PORT ?? 3160);
const seconds = Number(process.env.SMOKE_SECONDS ?? 60);
const serverPid = Number(process.env.SMOKE_SERVER_PID);
const base = `http://127.0.0.1:${port}`;
const account = { email: 'smoke@duet.test', password: 'smoke test passphrase' };

function isServerAlive() {
  try {
    process.kill(serverPid, 0);
    return true;
  } catch {
    return false;
  }
}

function fail(message) {
  console.error(`smoke: FAILED: ${message}`);
  process.exit(1);
}

async function get(path, expected = 200) {
  const res = await fetch(base + path, { headers: { cookie: 'NEXT_LOCALE=en' }, redirect: 'manual' });
  const text = await res.text();
  if (res.status !== expected) fail(`GET ${path} answered ${res.status}, not ${expected}`);
  return text;
}

// 1. The first start builds the site: allow it several minutes, but notice a crash at once.
const startedAt = Date.now();
for (;;) {
  if (!isServerAlive()) fail('npm start exited before the server answered');
  try {
    if ((await fetch(`${base}/api/health`)).ok) break;
  } catch {}
  if (Date.now() - startedAt > 10 * 60_000) fail('no answer from /api/health within 10 minutes');
  await sleep(1000);
}
console.log(`smoke: npm start answered after ${((Date.now() - startedAt) / 1000).toFixed(0)} s (build included)`);

const health = JSON.parse(await get('/api/health'));
if (health.status !== 'ok' || health.db !== 'ok') fail(`/api/health said ${JSON.stringify(health)}`);
const post = await get('/en/posts/why-publish-in-two-languages');
if (!post.includes('<h1')) fail('the demo post has no headline');
await get('/zh');

// 2. An owner made offline by the CLI, signed in through the Studio's own form.
const created = spawnSync('npm', ['run', '--silent', 'duet', '--', 'create-user', account.email, 'owner', 'Smoke'], {
  env: { ...process.env, DATA_DIR: process.env.SMOKE_DATA_DIR, DUET_PASSWORD: account.password, LOG_LEVEL: 'warn' },
  stdio: 'inherit',
});
if (created.status !== 0) fail('npm run duet -- create-user failed');

const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
});
const counts = { reads: 0, saves: 0, publishes: 0 };
try {
  const page = await browser.newPage({ baseURL: base });
  await page.goto('/en/studio/login');
  await page.getByLabel('E-mail address').fill(account.email);
  await page.getByLabel('Password').fill(account.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.waitForURL(/\/en\/studio$/);
  await page.getByLabel('Title', { exact: true }).fill('Smoke test post');
  await page.getByLabel('Written in').selectOption('en');
  await page.getByRole('button', { name: 'Create draft' }).click();
  await page.waitForURL(/\/studio\/posts\/\d+$/);
  const postId = Number(new URL(page.url()).pathname.split('/').pop());
  const slug = (await page.locator('#en-address strong').innerText());
  const headers = { origin: base };
  let revision = (await (await page.request.get(`/api/v1/studio/posts/${postId}/revisions?locale=en`)).json()).revisions[0].id;

  const save = async (title) => {
    const res = await page.request.put(`/api/v1/studio/posts/${postId}/translations/en`, {
      headers,
      data: { postId, locale: 'en', title, slug, excerpt: '', body: `${title}.\n\n${'A sentence to read. '.repeat(40)}`, expectedRevisionId: revision, basedOnRevisionId: null },
    });
    if (res.status() !== 200) fail(`save answered ${res.status()}: ${await res.text()}`);
    revision = (await res.json()).translation.revisionId;
    counts.saves++;
  };
  const publish = async () => {
    const res = await page.request.post(`/api/v1/studio/posts/${postId}/publication`, { headers, data: { postId, locale: 'en', action: 'publish' } });
    if (!res.ok()) fail(`publish answered ${res.status()}: ${await res.text()}`);
    counts.publishes++;
  };
  const reads = ['/en', '/zh', '/zh/posts/wei-shenme-yong-liang-zhong-yuyan-chuban', '/en/posts/why-publish-in-two-languages/parallel', '/zh/search?q=出版', '/en/feed.xml', '/sitemap.xml'];

  let title = '';
  const deadline = Date.now() + seconds * 1000;
  for (let i = 1; Date.now() < deadline; i++) {
    title = `Smoke test post, edit ${i}`;
    await save(title);
    if (i % 5 === 1) await publish();
    for (const path of reads) {
      await get(encodeURI(path));
      counts.reads++;
    }
    if (!isServerAlive()) fail(`the server died after ${counts.reads} reads and ${counts.saves} saves`);
  }
  await publish();
  const final = await get(`/en/posts/${slug}`);
  if (!final.includes(title)) fail('the last published title is not on the post page');
} finally {
  await browser.close();
}

await sleep(2000);
if (!isServerAlive()) fail('the server died at the end of the run');
await get('/api/health');
console.log(`smoke: ok on Node ${process.version}: ${counts.reads} reads, ${counts.saves} saves, ${counts.publishes} publishes in ${seconds} s; server alive`);
