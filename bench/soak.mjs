#!/usr/bin/env node
// A soak: a production server on SQLite under a steady mix of reading (pages, the parallel
// view, feeds, made-up addresses that 404), search with ever-new queries, and Studio
// writes (autosaves, publishes, uploads) for a long while. Memory, open files and the
// page cache must stay flat: the figures are sampled from the server itself
// (/api/v1/internal/stats, and /proc for its resident memory by kind) and printed at the
// start, along the way and at the end. Every answer that is not the one asked for is
// counted by status and kind of request, with a sample, and said to be expected or not.
//   node bench/soak.mjs [--minutes 30] [--rate 20] [--port 3441] [--sample-seconds 60]
//                       [--out samples.jsonl] [--dist .next-dir-already-built]
// --out appends one JSON line per sample as it is taken (a long soak can be read while it
// runs); --dist serves a build made beforehand and keeps it (no build, no clean-up).
// The server inherits this process's environment: `MALLOC_ARENA_MAX=2 node bench/soak.mjs`
// measures the server with that setting.
import { randomBytes } from 'node:crypto';
import { spawnSync } from 'node:child_process';
import { createRequire } from 'node:module';
import { appendFileSync, existsSync, readFileSync, writeFileSync, rmSync } from 'node:fs';
import { loadavg } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { build, cleanUp, root, serve, stop } from './lib.mjs';

const require = createRequire(import.meta.url);
const sharp = require('sharp');
const { chromium } = require('playwright-core');

const option = (name) => (process.argv.includes(name) ? process.argv[process.argv.indexOf(name) + 1] : undefined);
const arg = (name, fallback) => Number(option(name)) || fallback;
const minutes = arg('--minutes', 30);
const rate = arg('--rate', 20);
const port = arg('--port', 3441);
const sampleMs = arg('--sample-seconds', 60) * 1000;
const out = option('--out');
const prebuilt = option('--dist');
const distDir = prebuilt ?? '.next-bench-soak';
const dataDir = `${root}bench/.data/soak-${port}`;
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
if (prebuilt) {
  if (!existsSync(join(root, prebuilt, 'BUILD_ID'))) throw new Error(`--dist ${prebuilt}: no build there`);
} else {
  console.log('building…');
  build(distDir);
}
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
const counts = { reads: 0, notFound: 0, searches: 0, saves: 0, publishes: 0, uploads: 0 };

/**
 * Answers other than the one a request asks for that the soak provokes itself, and why
 * (none so far: autosaves queue, so they never name a stale revision, which the soak
 * used to count as unexpected 409s). Anything not listed is unexplained: a fault of the
 * server to look into, and the soak exits with 1.
 */
const explained = [
  // { family: 'search', status: 429, why: 'a throttle on searches' },
];
/** `family status` → how many answers of each status each kind of request got. */
const answers = new Map();
/** `family status` → answers other than the one asked for: how many, why if known, one sample. */
const unexpected = new Map();

function count(family, status) {
  const key = `${family}\t${status}`;
  answers.set(key, (answers.get(key) ?? 0) + 1);
}

function note(family, method, path, status, body) {
  const key = `${status} ${family}`;
  const known = unexpected.get(key);
  if (known) {
    known.count += 1;
    return;
  }
  const reason = explained.find((e) => e.family === family && e.status === status);
  unexpected.set(key, { status, family, count: 1, why: reason?.why ?? null, sample: `${method} ${path} → ${String(body).replace(/\s+/g, ' ').slice(0, 240)}` });
}

/** Fetches and reads the whole answer; a refused connection counts as status 0. */
async function call(family, path, init = {}, expect = (status) => status >= 200 && status < 300) {
  let res;
  try {
    res = await fetch(base + path, init);
  } catch (error) {
    count(family, 0);
    note(family, init.method ?? 'GET', path, 0, error instanceof Error ? `${error.message} ${error.cause?.code ?? ''}` : error);
    return null;
  }
  count(family, res.status);
  if (expect(res.status)) return res;
  note(family, init.method ?? 'GET', path, res.status, await res.text().catch(() => ''));
  return null;
}

async function read(family, path, status = 200) {
  const res = await call(family, path, { headers: { cookie: path.startsWith('/zh') ? 'NEXT_LOCALE=zh' : 'NEXT_LOCALE=en' } }, (s) => s === status);
  await res?.arrayBuffer();
}

// A writer's autosaves follow one another: each names the revision the last one made, so
// two in flight at once would be a conflict (409) the soak made itself. They queue here.
let saving = Promise.resolve();
function save(n) {
  const run = async () => {
    const body = `Edit ${n}: ${'A sentence of the soak. '.repeat(40)}`;
    const res = await call('save', `/api/v1/studio/posts/${postId}/translations/en`, {
      method: 'PUT',
      headers: { ...studio, 'content-type': 'application/json' },
      body: JSON.stringify({ postId, locale: 'en', title: 'Soak post', slug, excerpt: '', body, expectedRevisionId: revision, basedOnRevisionId: null }),
    });
    if (res) revision = (await res.json()).translation.revisionId;
  };
  saving = saving.then(run, run);
  return saving;
}

async function tick(n) {
  const roll = n % 20;
  if (roll < 12) {
    await read('page', pages[n % pages.length]);
    counts.reads += 1;
  } else if (roll < 15) {
    await read('made-up address', `/en/posts/made-up-${randomBytes(6).toString('hex')}`, 404);
    counts.notFound += 1;
  } else if (roll < 18) {
    const q = `${words[n % words.length]} ${randomBytes(2).toString('hex')}`;
    await read('search', `/${n % 2 ? 'zh' : 'en'}/search?q=${encodeURIComponent(q)}`);
    counts.searches += 1;
  } else if (n % 200 === 19) {
    const png = await sharp({ create: { width: 320, height: 200, channels: 3, background: { r: n % 255, g: (n >> 8) % 255, b: 9 } } }).png().toBuffer();
    await (await call('upload', `/api/v1/studio/media?name=soak-${n}.png&kind=image`, { method: 'POST', headers: { ...studio, 'content-type': 'image/png' }, body: png }))?.arrayBuffer();
    counts.uploads += 1;
  } else if (n % 100 === 18) {
    // After the saves queued so far: a publish names the revision they made.
    await saving;
    await (await call('publish', `/api/v1/studio/posts/${postId}/publication`, { method: 'POST', headers: { ...studio, 'content-type': 'application/json' }, body: JSON.stringify({ postId, locale: 'en', action: 'publish' }) }))?.arrayBuffer();
    counts.publishes += 1;
  } else {
    await save(n);
    counts.saves += 1;
  }
}

/** The server's resident memory by kind, from /proc (this machine only; null elsewhere). */
function residentMemory(pid) {
  try {
    const status = readFileSync(`/proc/${pid}/status`, 'utf8');
    const kb = (name) => Number(new RegExp(`^${name}:\\s+(\\d+) kB`, 'm').exec(status)?.[1] ?? NaN) * 1024;
    return { rssAnon: kb('RssAnon'), rssFile: kb('RssFile'), hwm: kb('VmHWM'), threads: Number(/^Threads:\s+(\d+)/m.exec(status)?.[1]) };
  } catch {
    return null;
  }
}

const samples = [];
const mb = (b) => (b / 2 ** 20).toFixed(0);
const sample = async (label) => {
  const s = await stats();
  const proc = residentMemory(s.pid);
  const workers = s.renderWorkers ?? {};
  const last = {
    label,
    at: new Date().toISOString(),
    load: loadavg()[0],
    rss: s.memory.rss,
    heap: s.memory.heapUsed,
    heapTotal: s.memory.heapTotal,
    external: s.memory.external,
    arrayBuffers: s.memory.arrayBuffers,
    rssAnon: proc?.rssAnon,
    rssFile: proc?.rssFile,
    threads: proc?.threads,
    workers: workers.workers,
    workersHeap: workers.heapUsed,
    // Processes of their own since 2026-11-29: their memory is not in the server's RSS.
    workersRss: workers.rss,
    files: s.openFiles,
    cacheEntries: s.cache.entries,
    cacheBytes: s.cache.bytes,
    compressedBytes: s.compression?.bytes,
    compressedRetained: s.compression?.retainedBytes,
    compressedEntries: s.compression?.entries,
    compressedMisses: s.compression?.misses,
    sharpCacheBytes: s.sharp?.cacheBytes,
  };
  samples.push(last);
  if (out) appendFileSync(out, `${JSON.stringify(last)}\n`);
  console.log(
    `${label.padEnd(8)} rss ${mb(last.rss)} MB (anon ${mb(last.rssAnon ?? 0)}), heap ${mb(last.heap)} of ${mb(last.heapTotal ?? 0)} MB, external ${mb(last.external)} MB (array buffers ${mb(last.arrayBuffers ?? 0)}), ` +
      `workers ${last.workers ?? '?'} heap ${mb(last.workersHeap ?? 0)} MB rss ${mb(last.workersRss ?? 0)} MB, open files ${last.files}, page cache ${last.cacheEntries} / ${mb(last.cacheBytes)} MB, ` +
      `compressed ${last.compressedEntries ?? '?'} / ${mb(last.compressedBytes ?? 0)} MB, load ${last.load.toFixed(1)}`,
  );
};

// Warm up, then measure from a settled start.
for (let n = 0; n < 400; n++) await tick(n);
await saving;
await sample('start');
const started = Date.now();
const end = started + minutes * 60_000;
let n = 400;
let nextSample = started + sampleMs;
while (Date.now() < end) {
  const t0 = Date.now();
  await Promise.all(Array.from({ length: rate }, () => tick(n++)));
  if (Date.now() >= nextSample) {
    await sample(`${((Date.now() - started) / 60_000).toFixed(sampleMs < 60_000 ? 1 : 0)} min`);
    nextSample += sampleMs;
  }
  await sleep(Math.max(0, 1000 - (Date.now() - t0)));
}
await saving;
await sample('end');
await stop(server);
if (!prebuilt) cleanUp([distDir]);

const first = samples[0];
const last = samples.at(-1);
const rows = [...unexpected.values()].sort((a, b) => b.count - a.count);
const unexplained = rows.filter((r) => !r.why).reduce((total, r) => total + r.count, 0);
const expected = rows.filter((r) => r.why).reduce((total, r) => total + r.count, 0);
console.log(`\n${minutes} min at ${rate} requests/s: ${counts.reads} page reads, ${counts.notFound} made-up addresses, ${counts.searches} searches, ${counts.saves} saves, ${counts.publishes} publishes, ${counts.uploads} uploads`);
console.log('answers by kind of request (made-up addresses ask for a 404):');
for (const [key, total] of [...answers].sort()) {
  const [family, status] = key.split('\t');
  console.log(`  ${family.padEnd(16)} ${String(status === '0' ? 'no answer' : status).padEnd(9)} ${String(total).padStart(7)}`);
}
console.log(`answers other than the one asked for: ${unexplained} unexplained, ${expected} expected${rows.length ? ':' : ''}`);
for (const r of rows) console.log(`  ${String(r.count).padStart(6)} × ${r.status || 'no answer'} ${r.family}: ${r.why ? `expected, ${r.why}` : 'UNEXPLAINED'}\n           e.g. ${r.sample}`);
const perMinute = (key) => ((last[key] - first[key]) / 2 ** 20 / Math.max(1e-9, (Date.parse(last.at) - Date.parse(first.at)) / 60_000)).toFixed(1);
console.log(`rss ${mb(first.rss)} → ${mb(last.rss)} MB (max ${mb(Math.max(...samples.map((s) => s.rss)))}, ${perMinute('rss')} MB/min), heap ${mb(first.heap)} → ${mb(last.heap)} MB, array buffers ${mb(first.arrayBuffers ?? 0)} → ${mb(last.arrayBuffers ?? 0)} MB, workers' heap ${mb(first.workersHeap ?? 0)} → ${mb(last.workersHeap ?? 0)} MB`);
console.log(`open files ${first.files} → ${last.files}, page cache ${mb(first.cacheBytes)} → ${mb(last.cacheBytes)} MB (${first.cacheEntries} → ${last.cacheEntries} entries), compressed answers ${mb(first.compressedBytes ?? 0)} → ${mb(last.compressedBytes ?? 0)} MB`);
if (unexplained > 0) process.exitCode = 1;
