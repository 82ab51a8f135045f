#!/usr/bin/env node
// A soak: a production server on SQLite under a steady mix of reading (pages, the parallel
// view, feeds, made-up addresses that 404), search with ever-new queries, and Studio
// writes (autosaves, publishes, uploads) for a long while. Memory, open files and the
// page cache must stay flat: the figures are sampled from the server itself
// (/api/v1/internal/stats) and printed at the start, along the way and at the end.
//   node bench/soak.mjs [--minutes 30] [--rate 20]
import { randomBytes } from 'node:crypto';
import { spawnSync } from 'node:child_process';
import { createRequire } from 'node:module';
import { writeFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { build, cleanUp, root, serve, stop } from './lib.mjs';

const require = createRequire(import.meta.url);
const sharp = require('sharp');
const { chromium } = require('playwright-core');

const arg = (name, fallback) => Number(process.argv[process.argv.indexOf(name) + 1]) || fallback;
const minutes = arg('--minutes', 30);
const rate = arg('--rate', 20);
const distDir = '.next-bench-soak';
const dataDir = `${root}bench/.data/soak`;
const port = 3441;
const base = `http://127.0.0.1:${port}`;
const password = 'soak bench passphrase';

rmSync(dataDir, { recursive: true, force: true });
const created = spawnSync(process.execPath, [`${root}node_modules/tsx/dist/cli.mjs`, 'src/cli/duet.ts', 'create-user', 'soak@bench.test', 'owner', 'Soak'], {
  cwd: root,
  env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '', DUET_PASSWORD: password, LOG_LEVEL: 'error' },
  stdio: 'inherit',
});
if (created.status !== 0) process.exit(1);
// The token the server's internal routes accept (it reads the file; made here first).
const token = randomBytes(24).toString('base64url');
writeFileSync(join(dataDir, 'revalidate.token'), token, { mode: 0o600 });
console.log('building…');
build(distDir);
const server = await serve(distDir, port, { DATA_DIR: dataDir, DATABASE_URL: '', PORT: String(port) });

const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: ['--no-sandbox', '--disable-background-networking', '--disable-component-update', '--disable-sync'] });
const page = await browser.newPage({ baseURL: base });
await page.goto('/en/studio/login');
await page.getByLabel('E-mail address').fill('soak@bench.test');
await page.getByLabel('Password').fill(password);
await page.getByRole('button', { name: 'Sign in' }).click();
await page.waitForURL(/\/en\/studio$/);
await page.getByLabel('Title', { exact: true }).fill('Soak post');
await page.getByLabel('Written in').selectOption('en');
await page.getByRole('button', { name: 'Create draft' }).click();
await page.waitForURL(/\/studio\/posts\/\d+$/);
const postId = Number(new URL(page.url()).pathname.split('/').pop());
const slug = (await page.locator('#en-address strong').innerText());
const cookie = (await page.context().cookies()).map((c) => `${c.name}=${c.value}`).join('; ');
await browser.close();
const studio = { cookie, origin: base };
let revision = (await (await fetch(`${base}/api/v1/studio/posts/${postId}/revisions?locale=en`, { headers: studio })).json()).revisions[0].id;

const stats = async () => (await (await fetch(`${base}/api/v1/internal/stats`, { headers: { authorization: `Bearer ${token}` } })).json());
const pages = ['/en', '/zh', '/en/posts/why-publish-in-two-languages', '/zh/posts/wei-shenme-yong-liang-zhong-yuyan-chuban', '/en/posts/why-publish-in-two-languages/parallel', '/en/tags', '/zh/archive', '/en/feed.xml', '/zh/atom.xml', '/sitemap.xml'];
const words = ['tea', 'language', '出版', '茶', 'translation', 'server', '城市', 'poem', 'search', 'font'];
const counts = { reads: 0, notFound: 0, searches: 0, saves: 0, publishes: 0, uploads: 0, errors: 0 };

async function read(path, expect = 200) {
  const res = await fetch(base + path, { headers: { cookie: path.startsWith('/zh') ? 'NEXT_LOCALE=zh' : 'NEXT_LOCALE=en' } });
  await res.arrayBuffer();
  if (res.status !== expect) counts.errors += 1;
}

async function tick(n) {
  const roll = n % 20;
  if (roll < 12) {
    await read(pages[n % pages.length]);
    counts.reads += 1;
  } else if (roll < 15) {
    await read(`/en/posts/made-up-${randomBytes(6).toString('hex')}`, 404);
    counts.notFound += 1;
  } else if (roll < 18) {
    const q = `${words[n % words.length]} ${randomBytes(2).toString('hex')}`;
    await read(`/${n % 2 ? 'zh' : 'en'}/search?q=${encodeURIComponent(q)}`);
    counts.searches += 1;
  } else if (n % 200 === 19) {
    const png = await sharp({ create: { width: 320, height: 200, channels: 3, background: { r: n % 255, g: (n >> 8) % 255, b: 9 } } }).png().toBuffer();
    const res = await fetch(`${base}/api/v1/studio/media?name=soak-${n}.png&kind=image`, { method: 'POST', headers: { ...studio, 'content-type': 'image/png' }, body: png });
    if (!res.ok) counts.errors += 1;
    counts.uploads += 1;
  } else if (n % 100 === 18) {
    const res = await fetch(`${base}/api/v1/studio/posts/${postId}/publication`, { method: 'POST', headers: { ...studio, 'content-type': 'application/json' }, body: JSON.stringify({ postId, locale: 'en', action: 'publish' }) });
    if (!res.ok) counts.errors += 1;
    counts.publishes += 1;
  } else {
    const body = `Edit ${n}: ${'A sentence of the soak. '.repeat(40)}`;
    const res = await fetch(`${base}/api/v1/studio/posts/${postId}/translations/en`, {
      method: 'PUT',
      headers: { ...studio, 'content-type': 'application/json' },
      body: JSON.stringify({ postId, locale: 'en', title: 'Soak post', slug, excerpt: '', body, expectedRevisionId: revision, basedOnRevisionId: null }),
    });
    if (res.ok) revision = (await res.json()).translation.revisionId;
    else counts.errors += 1;
    counts.saves += 1;
  }
}

const samples = [];
const sample = async (label) => {
  const s = await stats();
  samples.push({ label, rss: s.memory.rss, heap: s.memory.heapUsed, files: s.openFiles, cacheEntries: s.cache.entries, cacheBytes: s.cache.bytes });
  const last = samples.at(-1);
  console.log(`${label.padEnd(8)} rss ${(last.rss / 2 ** 20).toFixed(0)} MB, heap ${(last.heap / 2 ** 20).toFixed(0)} MB, open files ${last.files}, cache ${last.cacheEntries} entries / ${(last.cacheBytes / 2 ** 20).toFixed(1)} MB`);
};

// Warm up, then measure from a settled start.
for (let n = 0; n < 400; n++) await tick(n);
await sample('start');
const started = Date.now();
const end = started + minutes * 60_000;
let n = 400;
let nextSample = started + 60_000;
while (Date.now() < end) {
  const t0 = Date.now();
  await Promise.all(Array.from({ length: rate }, () => tick(n++)));
  if (Date.now() >= nextSample) {
    await sample(`${Math.round((Date.now() - started) / 60_000)} min`);
    nextSample += 60_000;
  }
  await sleep(Math.max(0, 1000 - (Date.now() - t0)));
}
await sample('end');
await stop(server);
cleanUp([distDir]);

const first = samples[0];
const last = samples.at(-1);
const mb = (b) => (b / 2 ** 20).toFixed(0);
console.log(`\n${minutes} min at ${rate} requests/s: ${counts.reads} page reads, ${counts.notFound} made-up addresses, ${counts.searches} searches, ${counts.saves} saves, ${counts.publishes} publishes, ${counts.uploads} uploads; ${counts.errors} unexpected answers`);
console.log(`rss ${mb(first.rss)} → ${mb(last.rss)} MB (max ${mb(Math.max(...samples.map((s) => s.rss)))}), open files ${first.files} → ${last.files}, cache ${mb(first.cacheBytes)} → ${mb(last.cacheBytes)} MB (${first.cacheEntries} → ${last.cacheEntries} entries)`);
