#!/usr/bin/env node
// Two production instances of one build share their cache through Redis: a page rendered by
// A is served by B from Redis (B does not see a database change until told), and once A is
// told the content changed (the token route the CLI and the scheduler use), B serves the
// fresh page on the very next request; a third instance whose Redis is unreachable still
// serves pages from the database. Needs a build (NEXT_DIST_DIR, default .next) and a
// Redis (TEST_REDIS_URL); SQLite in a temporary DATA_DIR is enough for this check.
//
//   TEST_REDIS_URL=redis://127.0.0.1:6379 node tests/smoke/shared-cache.mjs
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { createClient } from 'redis';

const root = new URL('../..', import.meta.url).pathname;
const redisUrl = process.env.TEST_REDIS_URL;
if (!redisUrl) {
  console.error('shared-cache: set TEST_REDIS_URL (e.g. redis://127.0.0.1:6379)');
  process.exit(1);
}
const dataDir = mkdtempSync(join(tmpdir(), 'duet-shared-cache-'));
const prefix = `duet-smoke-${randomBytes(6).toString('hex')}`;
const servers = [];
// The token the CLI and the scheduler use to reach the internal route; a server makes one
// on first use, so this check makes it first, as an operator sharing DATA_DIR would.
const token = randomBytes(24).toString('base64url');
writeFileSync(join(dataDir, 'revalidate.token'), token, { mode: 0o600 });

async function freePort() {
  const server = createServer();
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address();
  await new Promise((resolve) => server.close(resolve));
  return port;
}

async function start(name, redis = redisUrl) {
  const port = await freePort();
  const env = { ...process.env, NODE_ENV: 'production', NEXT_TELEMETRY_DISABLED: '1', DATA_DIR: dataDir, PORT: String(port), HOST: '127.0.0.1', REDIS_URL: redis, REDIS_KEY_PREFIX: prefix, SITE_URL: 'http://duet.test' };
  const child = spawn(process.execPath, [join(root, 'node_modules/next/dist/bin/next'), 'start', '-p', String(port), '-H', '127.0.0.1'], { cwd: root, env, stdio: ['ignore', 'pipe', 'pipe'] });
  let log = '';
  child.stdout.on('data', (chunk) => (log += chunk));
  child.stderr.on('data', (chunk) => (log += chunk));
  servers.push(child);
  const origin = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 120_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`${name} exited:\n${log}`);
    const ok = await fetch(`${origin}/api/health`).then((r) => r.ok, () => false);
    if (ok) break;
    if (Date.now() > deadline) throw new Error(`${name} did not answer within two minutes:\n${log}`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  return { name, origin, log: () => log };
}

async function page(instance, path) {
  const response = await fetch(instance.origin + path, { headers: { 'accept-language': 'en' }, redirect: 'manual' });
  if (response.status !== 200) throw new Error(`${instance.name} ${path}: ${response.status}`);
  return { html: await response.text(), cache: response.headers.get('x-nextjs-cache') };
}

function check(condition, message) {
  if (!condition) throw new Error(message);
  console.log(`ok: ${message}`);
}

try {
  // A first: it migrates and loads the demo into the empty database, then B joins it.
  const a = await start('A');
  const b = await start('B');
  const home = await page(a, '/en');
  const path = home.html.match(/href="(\/en\/posts\/[^"#?]+)"/)?.[1];
  check(path, `A lists a post (${path})`);

  const first = await page(a, path);
  const shared = await page(b, path);
  check(shared.html.includes('<h1') && shared.cache === 'HIT', `B serves the page A rendered from the shared cache (x-nextjs-cache: ${shared.cache})`);
  const buildId = readFileSync(join(root, process.env.NEXT_DIST_DIR || '.next', 'BUILD_ID'), 'utf8').trim();
  const redis = createClient({ url: redisUrl });
  await redis.connect();
  const pageKeys = await redis.keys(`${prefix}:${buildId}:e:*${path}*`);
  redis.destroy();
  check(pageKeys.length > 0, `the page is stored under the build id (${pageKeys[0]})`);

  const marker = `Zyzzyva${randomBytes(4).toString('hex')}`;
  const db = new Database(join(dataDir, 'duet.db'));
  const changed = db.prepare("update live_translations set title = ? where locale = 'en' and slug = ?").run(marker, decodeURIComponent(path.split('/').pop()));
  db.close();
  check(changed.changes === 1, 'the post’s live English title is changed in the database');
  check(!(await page(b, path)).html.includes(marker), 'B still serves the cached page: nothing told it yet');

  const told = await fetch(`${a.origin}/api/v1/internal/revalidate`, { method: 'POST', headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' }, body: JSON.stringify({ tags: ['content'] }) });
  check(told.ok, `A is told the content changed (${told.status})`);
  check((await page(b, path)).html.includes(marker), 'B serves the fresh page on the next request after A answered');
  check((await page(a, path)).html.includes(marker), 'A serves it too');
  check(first.html.length > 0, 'A rendered the page first');

  // An instance whose Redis is unreachable still answers, from the database.
  const c = await start('C (Redis unreachable)', `redis://127.0.0.1:${await freePort()}`);
  check((await page(c, '/en')).html.includes('<h1'), 'C serves the home page without Redis');
  check((await page(c, path)).html.includes(marker), 'C serves the post, fresh from the database');
} catch (error) {
  console.error(`shared-cache: FAILED: ${error.message}`);
  for (const child of servers) child.kill();
  process.exitCode = 1;
} finally {
  for (const child of servers) child.kill();
  rmSync(dataDir, { recursive: true, force: true });
  const client = createClient({ url: redisUrl });
  await client.connect();
  for await (const keys of client.scanIterator({ MATCH: `${prefix}:*`, COUNT: 500 })) if (keys.length > 0) await client.del(keys);
  client.destroy();
}
