#!/usr/bin/env node
// The reading side's speed, in one run on this machine:
//  - a post page's requests/s and p99 at 32 connections, against a static page of a
//    build with no proxy (the previous bench's baseline);
//  - the client JavaScript a post page ships, gzipped;
//  - a cold render of a post (nothing cached) with 1,000 posts on SQLite: median time.
//   node bench/content.mjs [--seconds 10] [--posts 1000]
import { spawnSync } from 'node:child_process';
import { existsSync, renameSync, rmSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import { build, cleanUp, load, root, serve, stop, table } from './lib.mjs';

const arg = (name, fallback) => Number(process.argv[process.argv.indexOf(name) + 1]) || fallback;
const seconds = arg('--seconds', 10);
const postCount = arg('--posts', 1000);
const dataDir = `${root}bench/.data/content`;

rmSync(dataDir, { recursive: true, force: true });
console.log(`generating the demo plus ${postCount} posts in ${dataDir}…`);
const gen = spawnSync(process.execPath, [`${root}node_modules/tsx/dist/cli.mjs`, 'bench/generate-posts.ts', String(postCount)], {
  cwd: root,
  env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '' },
  stdio: 'inherit',
});
if (gen.status !== 0) process.exit(1);

console.log('building the site…');
build('.next-bench-content');
console.log('building the site without a proxy (baseline)…');
const proxyFile = `${root}src/proxy.ts`;
const parked = `${root}bench/.proxy.ts.parked`;
renameSync(proxyFile, parked);
try {
  build('.next-bench-noproxy');
} finally {
  if (existsSync(parked)) renameSync(parked, proxyFile);
}

const env = { DATA_DIR: dataDir, DATABASE_URL: '' };
const rows = [];
const staticPath = '/en/error/405';
const postPath = '/en/posts/why-publish-in-two-languages';

let server = await serve('.next-bench-noproxy', 3211, env);
try {
  await fetch(`http://127.0.0.1:3211${staticPath}`);
  rows.push([`static page, no proxy: ${staticPath}`, await load(`http://127.0.0.1:3211${staticPath}`, { seconds })]);
} finally {
  await stop(server);
}

server = await serve('.next-bench-content', 3212, env);
let cold;
let js;
try {
  const base = 'http://127.0.0.1:3212';
  // Cold renders: posts nobody has requested yet, one at a time; the first few warm up the process.
  const times = [];
  for (let i = 0; i < 65; i++) {
    const t0 = performance.now();
    const res = await fetch(`${base}/en/posts/generated-${(i * 13) % postCount}`, { headers: { cookie: 'NEXT_LOCALE=en' } });
    await res.text();
    if (res.status !== 200) throw new Error(`cold render ${i}: ${res.status}`);
    if (i >= 5) times.push(performance.now() - t0);
  }
  times.sort((a, b) => a - b);
  cold = { median: times[Math.floor(times.length / 2)], p90: times[Math.floor(times.length * 0.9)], n: times.length };

  const html = await (await fetch(`${base}${postPath}`, { headers: { cookie: 'NEXT_LOCALE=en' } })).text();
  const scripts = [...html.matchAll(/<script[^>]+src="([^"]+)"/g)].map((m) => m[1]);
  let gz = 0;
  for (const src of new Set(scripts)) gz += gzipSync(Buffer.from(await (await fetch(base + src)).arrayBuffer())).length;
  const inline = [...html.matchAll(/<script>([\s\S]*?)<\/script>/g)].reduce((n, m) => n + m[1].length, 0);
  js = { files: new Set(scripts).size, gzipKB: gz / 1024, inlineKB: gzipSync(Buffer.from(html)).length / 1024, inlineRaw: inline };

  rows.push([`post page, cookie matches: ${postPath}`, await load(`${base}${postPath}`, { seconds, headers: { cookie: 'NEXT_LOCALE=en' } })]);
} finally {
  await stop(server);
}

table(rows);
console.log(`\npost page / static page: ${(rows[1][1].rps / rows[0][1].rps).toFixed(2)}×   (target ≥ 0.8×; p99 target < 100 ms)`);
console.log(`client JavaScript of a post page: ${js.files} files, ${js.gzipKB.toFixed(1)} KB gzipped (target ≤ 200 KB); whole HTML ${js.inlineKB.toFixed(1)} KB gzipped`);
console.log(`cold render of a post with ${postCount} posts (SQLite): median ${cold.median.toFixed(1)} ms, p90 ${cold.p90.toFixed(1)} ms over ${cold.n} posts (target median < 50 ms)`);
cleanUp(['.next-bench-content', '.next-bench-noproxy']);
