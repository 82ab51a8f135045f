#!/usr/bin/env node
// A large site on this machine, on SQLite and on PostgreSQL: for each database and size, a
// site of N bilingual posts built fast (bench/scale-site.ts: the rows Duet writes, each
// distinct body rendered once; on PostgreSQL in a database of its own, duet_bench_scale_N,
// made from the admin URL and dropped after its run unless --keep), served from a
// production build, then
//  - the Studio posts list p50 (first page, the "translation outdated" filter, page 20),
//  - /sitemap.xml (and its first child, when it is an index) cold and cached,
//  - the first page after a restart, and the slowest page in the 5 s after it,
//  - a reader's cached post page, req/s alone and while one editor reloads the Studio list.
//   node bench/scale.mjs [--sizes 1000,10000] [--databases sqlite,postgres] [--reuse] [--keep]
//     [--postgres postgres://postgres@127.0.0.1:5432/test] [--no-build] [--dist .next-bench-scale] [--port 39210]
// (--postgres defaults to TEST_DATABASE_URL; any database on that server reaches CREATE DATABASE.)
import { spawnSync } from 'node:child_process';
import { existsSync, rmSync } from 'node:fs';
import http from 'node:http';
import { loadavg } from 'node:os';
import zlib from 'node:zlib';
import pg from 'pg';
import { build, cleanUp, load, root, serve, signInToStudio, stop } from './lib.mjs';

const arg = (name, fallback) => (process.argv.includes(name) ? process.argv[process.argv.indexOf(name) + 1] : fallback);
const sizes = arg('--sizes', '1000,10000').split(',').map(Number);
const databases = arg('--databases', 'sqlite').split(',');
const adminUrl = arg('--postgres', process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test');
const reuse = process.argv.includes('--reuse');
const dist = arg('--dist', '.next-bench-scale');
const port = Number(arg('--port', '39210'));
const base = `http://127.0.0.1:${port}`;
const email = 'owner@bench.test';
const password = 'bench passphrase';

const p50 = (list) => [...list].sort((a, b) => a - b)[Math.floor(list.length / 2)];
/** One GET as a browser or crawler makes it (Brotli accepted), timed to its last byte; the body decoded after. */
function timed(url, headers = {}) {
  const started = performance.now();
  return new Promise((resolve, reject) => {
    http
      .get(url, { headers: { 'accept-encoding': 'br, gzip', ...headers } }, (res) => {
        const chunks = [];
        res.on('data', (chunk) => chunks.push(chunk));
        res.on('end', () => {
          const ms = performance.now() - started;
          if (res.statusCode !== 200) return reject(new Error(`${url} answered ${res.statusCode}`));
          const raw = Buffer.concat(chunks);
          const encoding = res.headers['content-encoding'];
          const body = encoding === 'br' ? zlib.brotliDecompressSync(raw) : encoding === 'gzip' ? zlib.gunzipSync(raw) : raw;
          resolve({ ms, body: body.toString('utf8') });
        });
      })
      .on('error', reject);
  });
}
async function p50Of(url, headers, times = 9) {
  const list = [];
  for (let i = 0; i < times; i++) list.push((await timed(url, headers)).ms);
  return p50(list);
}

const signIn = () => signInToStudio(base, email, password);

/** Runs one statement on the PostgreSQL server through the admin URL. */
async function admin(statement) {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    return (await client.query(statement)).rows;
  } finally {
    await client.end();
  }
}

/** The environment a site of `size` posts is built and served with, built first unless reused. */
async function prepare(database, size) {
  const dataDir = `${root}bench/.data/scale-${database === 'postgres' ? 'pg-' : ''}${size}`;
  const env = { DATA_DIR: dataDir, DATABASE_URL: '' };
  let drop;
  if (database === 'postgres') {
    const name = `duet_bench_scale_${size}`;
    const url = new URL(adminUrl);
    url.pathname = `/${name}`;
    env.DATABASE_URL = url.toString();
    drop = () => admin(`drop database ${name}`);
    const exists = (await admin(`select 1 from pg_database where datname = '${name}'`)).length > 0;
    if (reuse && exists && existsSync(dataDir)) return { env, drop };
    if (exists) await drop();
    await admin(`create database ${name}`);
  } else if (reuse && existsSync(`${dataDir}/duet.db`)) return { env };
  rmSync(dataDir, { recursive: true, force: true });
  console.log(`building a site of ${size} posts on ${database}…`);
  const made = spawnSync(process.execPath, [`${root}node_modules/tsx/dist/cli.mjs`, 'bench/scale-site.ts', String(size), email, password], {
    cwd: root,
    env: { ...process.env, ...env },
    stdio: 'inherit',
  });
  if (made.status !== 0) process.exit(1);
  return { env, drop };
}

async function measure(database, size) {
  const { env, drop } = await prepare(database, size);
  let server = await serve(dist, port, env);
  // The machine is shared: each column says how loaded it was (1-minute load average).
  const out = { database, size, loadBefore: loadavg()[0] };
  try {
    const { cookie, signInMs } = await signIn();
    out.signIn = signInMs;
    const editor = { cookie };
    const post = `${base}/en/posts/generated-0`;
    await timed(`${base}/en`);
    await timed(post);
    out.studioFirst = await p50Of(`${base}/en/studio`, editor);
    out.studioFilter = await p50Of(`${base}/en/studio?translation=outdated`, editor);
    out.studioLater = await p50Of(`${base}/en/studio?page=20`, editor);

    const index = await timed(`${base}/sitemap.xml`);
    out.sitemapCold = index.ms;
    out.sitemapCached = await p50Of(`${base}/sitemap.xml`, {}, 5);
    const child = /<sitemapindex/.test(index.body) ? new URL(/<loc>([^<]+)<\/loc>/.exec(index.body)[1]).pathname : null;
    if (child) {
      out.childCold = (await timed(base + child)).ms;
      out.childCached = await p50Of(base + child, {}, 5);
    }

    out.readerAlone = (await load(post, { connections: 8, seconds: 5 })).rps;
    let editing = true;
    const studioLoop = (async () => {
      while (editing) await timed(`${base}/en/studio`, editor);
    })();
    out.readerWithStudio = (await load(post, { connections: 8, seconds: 5 })).rps;
    editing = false;
    await studioLoop;

    await stop(server);
    server = await serve(dist, port, env);
    out.firstAfterRestart = (await timed(post)).ms;
    // The start-up work (stale renders, the Studio list's refresh) runs 2 s after ready.
    let worst = 0;
    const until = performance.now() + 5000;
    while (performance.now() < until) worst = Math.max(worst, (await timed(`${base}/en`)).ms);
    out.worstAfterRestart = worst;
    out.loadAfter = loadavg()[0];
  } finally {
    await stop(server);
    if (drop && !process.argv.includes('--keep')) await drop();
  }
  return out;
}

if (!process.argv.includes('--no-build')) {
  console.log('building the site…');
  build(dist);
}
const results = [];
for (const size of sizes) {
  for (const database of databases) {
    const r = await measure(database, size);
    results.push(r);
    console.log(JSON.stringify(r));
  }
}
const f = (v) => (v === undefined ? '—' : v >= 100 ? v.toFixed(0) : v.toFixed(1));
const rows = [
  ['load average (1 min) before / after', (r) => `${r.loadBefore.toFixed(1)} / ${r.loadAfter.toFixed(1)}`],
  ['sign-in → Studio (ms)', (r) => f(r.signIn)],
  ['Studio list, first page p50 (ms)', (r) => f(r.studioFirst)],
  ['Studio list, translation outdated p50 (ms)', (r) => f(r.studioFilter)],
  ['Studio list, page 20 p50 (ms)', (r) => f(r.studioLater)],
  ['/sitemap.xml cold (ms)', (r) => f(r.sitemapCold)],
  ['/sitemap.xml again p50 (ms)', (r) => f(r.sitemapCached)],
  ['first child sitemap cold / again (ms)', (r) => (r.childCold === undefined ? '— (no index)' : `${f(r.childCold)} / ${f(r.childCached)}`)],
  ['first page after a restart (ms)', (r) => f(r.firstAfterRestart)],
  ['slowest page in the 5 s after (ms)', (r) => f(r.worstAfterRestart)],
  ['cached post page alone (req/s)', (r) => f(r.readerAlone)],
  ['… while an editor reloads the Studio list (req/s)', (r) => `${f(r.readerWithStudio)} (${((100 * r.readerWithStudio) / r.readerAlone).toFixed(0)} %)`],
];
console.log(`\n| operation | ${results.map((r) => `${r.database}, ${r.size} posts`).join(' | ')} |`);
console.log(`|---|${results.map(() => '---').join('|')}|`);
for (const [name, value] of rows) console.log(`| ${name} | ${results.map(value).join(' | ')} |`);
if (!process.argv.includes('--no-build') && !process.argv.includes('--keep-build')) cleanUp([dist]);
