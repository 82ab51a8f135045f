#!/usr/bin/env node
// The Traditional-script pages (#30) against their Simplified pages, in one run on one
// server (src/server-entry/traditional.ts converts the page Next cached):
// - first render: the time to a whole answer for an article nobody has read yet in
//   Simplified (Next renders it), its first Traditional copy while the converter is not
//   built yet (OpenCC's tables, once per process), and a second article's first copy once
//   the converter is built (the conversion alone);
// - once cached: median time of 50 answers in a row, then throughput at 32 connections
//   (--connections) with autocannon for a browser (Brotli) and a client that takes no compression.
// Goal: the Traditional page at ≥ 0.9× its Simplified page's throughput once cached.
//   node bench/traditional.mjs [--seconds 10] [--connections 32] [--dist .next] [--json file]
// --dist serves an existing build of this checkout (npm run build); without it, one is made.
import { existsSync, rmSync, writeFileSync } from 'node:fs';
import { build, load, root, serve, stop, table } from './lib.mjs';

const arg = (name, fallback) => (process.argv.includes(name) ? process.argv[process.argv.indexOf(name) + 1] : fallback);
const seconds = Number(arg('--seconds', 10));
const connections = Number(arg('--connections', 32));
const given = arg('--dist', null);
const jsonOut = arg('--json', null);
const dataDir = `${root}bench/.data/traditional`;
const port = Number(arg('--port', 3231));
const base = `http://127.0.0.1:${port}`;
const first = '/zh/posts/wei-shenme-yong-liang-zhong-yuyan-chuban';
const second = '/zh/posts/zhongyingwen-hunpai-kongge-biaodian-duanhang';
const hant = (path) => path.replace(/^\/zh/, '/zh/hant');

const distDir = given ?? '.next-bench-traditional';
if (!given || !existsSync(`${root}${distDir}/BUILD_ID`)) {
  console.log(`building the site into ${distDir}…`);
  build(distDir);
}
rmSync(dataDir, { recursive: true, force: true });

/** Milliseconds to a whole answer, and its size. */
async function timed(path, headers = {}) {
  const t0 = performance.now();
  const res = await fetch(`${base}${path}`, { headers });
  const bytes = (await res.arrayBuffer()).byteLength;
  if (res.status !== 200) throw new Error(`${path}: ${res.status}`);
  return { ms: performance.now() - t0, bytes };
}

async function median(path, headers, n = 50) {
  const times = [];
  for (let i = 0; i < n; i++) times.push((await timed(path, headers)).ms);
  times.sort((a, b) => a - b);
  return times[Math.floor(n / 2)];
}

const server = await serve(distDir, port, { DATA_DIR: dataDir, DATABASE_URL: '' });
const results = {};
try {
  // The process's first page loads Next's page modules: not what a first render costs after.
  await timed('/zh/tags');
  const coldHans = await timed(first);
  const coldHant = await timed(hant(first));
  await timed(second);
  const coldHantBuilt = await timed(hant(second));
  results.firstRender = { simplifiedMs: coldHans.ms, traditionalWithConverterBuildMs: coldHant.ms, traditionalMs: coldHantBuilt.ms, simplifiedBytes: coldHans.bytes, traditionalBytes: coldHant.bytes };
  console.log(`first render: Simplified ${coldHans.ms.toFixed(0)} ms; first Traditional copy ${coldHant.ms.toFixed(0)} ms (with building the converter), another article's ${coldHantBuilt.ms.toFixed(0)} ms`);

  const browser = { 'accept-encoding': 'gzip, deflate, br' };
  results.cachedMedianMs = { simplified: await median(first, browser), traditional: await median(hant(first), browser) };
  console.log(`cached, median of 50: Simplified ${results.cachedMedianMs.simplified.toFixed(1)} ms, Traditional ${results.cachedMedianMs.traditional.toFixed(1)} ms`);

  // Alternated, twice each (S, T, S, T): on a shared machine a burst of other work lands on
  // one page's turn only; each row is the mean of its two turns (p50 and p99 the worse turn's).
  const rows = [];
  for (const [label, headers] of [['browser (br)', browser], ['no compression', {}]]) {
    const pair = [];
    for (let round = 0; round < 2; round++) {
      for (const [script, path] of [['Simplified', first], ['Traditional', hant(first)]]) {
        const measured = await load(`${base}${path}`, { connections, seconds, headers });
        pair.push({ script, measured });
      }
    }
    for (const script of ['Simplified', 'Traditional']) {
      const turns = pair.filter((p) => p.script === script).map((p) => p.measured);
      rows.push([`${script} article, ${label}`, { rps: (turns[0].rps + turns[1].rps) / 2, p50: Math.max(...turns.map((t) => t.p50)), p99: Math.max(...turns.map((t) => t.p99)), turns: turns.map((t) => t.rps) }]);
    }
  }
  table(rows);
  results.throughput = Object.fromEntries(rows.map(([name, r]) => [name, r]));
  results.ratio = { browser: rows[1][1].rps / rows[0][1].rps, identity: rows[3][1].rps / rows[2][1].rps };
  console.log(`\nTraditional / Simplified throughput: ${results.ratio.browser.toFixed(2)}× (browser), ${results.ratio.identity.toFixed(2)}× (no compression); goal ≥ 0.9×`);
} finally {
  await stop(server);
}
if (jsonOut) writeFileSync(jsonOut, `${JSON.stringify(results, null, 2)}\n`);
