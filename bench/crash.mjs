#!/usr/bin/env node
// What survives `kill -9`: a production server on SQLite takes a burst of Studio writes
// (autosaves, publishes, uploads) and is killed at a random moment, N times. After each
// restart, every write the server had answered 200/201 must be there: the revision with
// its exact text, the published state, the media row with a file whose bytes hash to its
// name, served whole; no half-written file served; the search index holding exactly the
// published translations.
//   node bench/crash.mjs [--runs 20] [--workers 6]
import { createHash, randomBytes } from 'node:crypto';
import { spawn, spawnSync } from 'node:child_process';
import { createRequire } from 'node:module';
import { readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { build, cleanUp, root } from './lib.mjs';

const require = createRequire(import.meta.url);
const Database = require('better-sqlite3');
const sharp = require('sharp');
const { chromium } = require('playwright-core');

const arg = (name, fallback) => Number(process.argv[process.argv.indexOf(name) + 1]) || fallback;
const runs = arg('--runs', 20);
const workers = arg('--workers', 6);
const distDir = '.next-bench-crash';
const dataDir = `${root}bench/.data/crash`;
const port = 3431;
const base = `http://127.0.0.1:${port}`;
const password = 'crash bench passphrase';

function startServer() {
  return spawn(process.execPath, [`${root}node_modules/next/dist/bin/next`, 'start', '-p', String(port)], {
    cwd: root,
    env: { ...process.env, NEXT_TELEMETRY_DISABLED: '1', NEXT_DIST_DIR: distDir, DATA_DIR: dataDir, DATABASE_URL: '', LOG_LEVEL: 'error', PORT: String(port) },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
}

async function waitUp(child) {
  for (let i = 0; i < 600; i++) {
    if (child.exitCode !== null) throw new Error('the server exited while starting');
    try {
      if ((await fetch(`${base}/api/health`)).ok) return;
    } catch {}
    await sleep(100);
  }
  throw new Error('the server did not start');
}

async function kill9(child) {
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGKILL');
  await exited;
}

rmSync(dataDir, { recursive: true, force: true });
const created = spawnSync(process.execPath, [`${root}node_modules/tsx/dist/cli.mjs`, 'src/cli/duet.ts', 'create-user', 'crash@bench.test', 'owner', 'Crash'], {
  cwd: root,
  env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '', DUET_PASSWORD: password, LOG_LEVEL: 'error' },
  stdio: 'inherit',
});
if (created.status !== 0) process.exit(1);
console.log('building…');
build(distDir);

let server = startServer();
await waitUp(server);
// Sign in once through the Studio's form; the session survives restarts (it is in the database).
const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: ['--no-sandbox', '--disable-background-networking', '--disable-component-update', '--disable-sync'] });
const page = await browser.newPage({ baseURL: base });
await page.goto('/en/studio/login');
await page.getByLabel('E-mail address').fill('crash@bench.test');
await page.getByLabel('Password').fill(password);
await page.getByRole('button', { name: 'Sign in' }).click();
await page.waitForURL(/\/en\/studio$/);
const cookie = (await page.context().cookies()).map((c) => `${c.name}=${c.value}`).join('; ');
const headers = { cookie, origin: base };

// One post per worker, started from the Studio's own form.
const posts = [];
for (let i = 0; i < workers; i++) {
  await page.goto('/en/studio');
  await page.getByLabel('Title', { exact: true }).fill(`Crash post ${i}`);
  await page.getByLabel('Written in').selectOption('en');
  await page.getByRole('button', { name: 'Create draft' }).click();
  await page.waitForURL(/\/studio\/posts\/\d+$/);
  posts.push({ id: Number(new URL(page.url()).pathname.split('/').pop()), slug: (await page.locator('#en-address strong').innerText()), revision: null });
}
await browser.close();

async function api(method, path, body) {
  const res = await fetch(base + path, { method, headers: { ...headers, 'content-type': 'application/json' }, body: body === undefined ? undefined : JSON.stringify(body) });
  return { status: res.status, json: await res.json().catch(() => null) };
}

for (const post of posts) post.revision = (await api('GET', `/api/v1/studio/posts/${post.id}/revisions?locale=en`)).json.revisions[0].id;

const totals = { checked: 0, lost: 0, saves: 0, publishes: 0, uploads: 0, refusedOrCut: 0 };

for (let run = 1; run <= runs; run++) {
  const acknowledged = [];
  let stop = false;
  const burst = posts.map(async (post, w) => {
    for (let n = 0; !stop; n++) {
      const choice = n % 5;
      try {
        if (choice === 4) {
          const png = await sharp({ create: { width: 64, height: 48, channels: 3, background: { r: run * 10, g: w * 30, b: n % 255 } } }).png().toBuffer();
          const res = await fetch(`${base}/api/v1/studio/media?name=crash-${run}-${w}-${n}.png&kind=image`, { method: 'POST', headers: { ...headers, 'content-type': 'image/png' }, body: png });
          if (res.status === 201 || res.status === 200) acknowledged.push({ type: 'upload', path: (await res.json()).media.path, sha256: createHash('sha256').update(png).digest('hex') });
        } else if (choice === 3) {
          const res = await api('POST', `/api/v1/studio/posts/${post.id}/publication`, { postId: post.id, locale: 'en', action: 'publish' });
          if (res.status === 200) acknowledged.push({ type: 'publish', postId: post.id });
        } else {
          const body = `Run ${run}, worker ${w}, edit ${n}: ${randomBytes(8).toString('hex')}\n\n${'Text that must survive. '.repeat(20)}`;
          const res = await api('PUT', `/api/v1/studio/posts/${post.id}/translations/en`, { postId: post.id, locale: 'en', title: `Crash post ${w}`, slug: post.slug, excerpt: '', body, expectedRevisionId: post.revision, basedOnRevisionId: null });
          if (res.status === 200) {
            post.revision = res.json.translation.revisionId;
            acknowledged.push({ type: 'save', postId: post.id, revisionId: post.revision, body });
          } else if (res.status === 409) {
            post.revision = res.json.current?.revisionId ?? post.revision;
          }
        }
      } catch {
        // The connection died with the server: not acknowledged, nothing to check.
        totals.refusedOrCut += 1;
        await sleep(20);
      }
    }
  });
  await sleep(400 + Math.random() * 1600);
  await kill9(server);
  stop = true;
  await Promise.all(burst);

  server = startServer();
  await waitUp(server);
  const db = new Database(join(dataDir, 'duet.db'), { readonly: true });
  let lost = 0;
  for (const write of acknowledged) {
    if (write.type === 'save') {
      const row = db.prepare('select body from revisions where id = ?').get(write.revisionId);
      if (row?.body !== write.body) lost += 1;
      totals.saves += 1;
    } else if (write.type === 'publish') {
      const row = db.prepare("select state from post_translations where post_id = ? and locale = 'en'").get(write.postId);
      // A later acknowledged write may not unpublish in this burst, so published must hold.
      if (row?.state !== 'published') lost += 1;
      totals.publishes += 1;
    } else {
      const row = db.prepare('select sha256 from media where path = ?').get(write.path);
      const served = await fetch(base + write.path);
      const bytes = Buffer.from(await served.arrayBuffer());
      const whole = served.status === 200 && createHash('sha256').update(bytes).digest('hex') === write.sha256;
      if (row?.sha256 !== write.sha256 || !whole) lost += 1;
      totals.uploads += 1;
    }
  }
  // Every media row's file is whole (no half-written file behind a row).
  for (const m of db.prepare('select path, sha256 from media').all()) {
    const file = join(dataDir, 'media', m.path.replace(/^\//, ''));
    if (createHash('sha256').update(readFileSync(file)).digest('hex') !== m.sha256) lost += 1;
  }
  // The search index holds exactly the published translations.
  const published = db.prepare("select count(*) n from post_translations where state = 'published'").get().n;
  const indexed = db.prepare('select count(*) n from search_documents').get().n;
  if (published !== indexed) lost += 1;
  db.close();
  totals.checked += acknowledged.length;
  totals.lost += lost;
  console.log(`run ${String(run).padStart(2)}: ${acknowledged.length} acknowledged writes checked, ${lost} lost (index ${indexed}/${published} published)`);
}

await kill9(server);
cleanUp([distDir]);
console.log(`\n${runs} kill -9 runs: ${totals.checked} acknowledged writes checked (${totals.saves} saves, ${totals.publishes} publishes, ${totals.uploads} uploads), ${totals.lost} lost; ${totals.refusedOrCut} requests cut off by the kill`);
process.exit(totals.lost === 0 ? 0 : 1);
