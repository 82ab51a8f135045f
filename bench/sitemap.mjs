#!/usr/bin/env node
// The sitemap at scale: generates N posts (default 100,000) into a fresh SQLite
// DATA_DIR, serves the production build in .next, then fetches /sitemap.xml and every
// child it lists. Reports time per file, URLs, bytes and the server's peak memory.
//   node bench/sitemap.mjs [--posts 100000] [--reuse]   (--reuse keeps generated data)
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync, rmSync } from 'node:fs';
import { build, cleanUp, root, serve, stop } from './lib.mjs';

const posts = Number(process.argv[process.argv.indexOf('--posts') + 1]) || 100_000;
const dataDir = `${root}bench/.data/sitemap-${posts}`;
if (!process.argv.includes('--reuse') || !existsSync(`${dataDir}/duet.db`)) {
  rmSync(dataDir, { recursive: true, force: true });
  console.log(`generating the demo plus ${posts} posts…`);
  const gen = spawnSync(process.execPath, [`${root}node_modules/tsx/dist/cli.mjs`, 'bench/generate-posts.ts', String(posts)], {
    cwd: root,
    env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '' },
    stdio: 'inherit',
  });
  if (gen.status !== 0) process.exit(1);
}
console.log('building the site…');
build('.next-bench-sitemap');

/** Peak resident memory (VmHWM) of a process and its children, in MiB. */
function peakMiB(pid) {
  let total = 0;
  const walk = (p) => {
    try {
      total += Number(/VmHWM:\s+(\d+)/.exec(readFileSync(`/proc/${p}/status`, 'utf8'))?.[1] ?? 0);
      for (const child of readFileSync(`/proc/${p}/task/${p}/children`, 'utf8').trim().split(/\s+/).filter(Boolean)) walk(child);
    } catch {}
  };
  walk(pid);
  return total / 1024;
}

const port = 3221;
const server = await serve('.next-bench-sitemap', port, { DATA_DIR: dataDir, DATABASE_URL: '' });
try {
  const base = `http://127.0.0.1:${port}`;
  await fetch(`${base}/en`); // warm up the process before measuring
  const before = peakMiB(server.pid);
  const t0 = performance.now();
  const index = await (await fetch(`${base}/sitemap.xml`)).text();
  const children = [...index.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => new URL(m[1]).pathname);
  const isIndex = index.includes('<sitemapindex');
  console.log(`\n/sitemap.xml: ${isIndex ? `index of ${children.length} sitemaps` : `${children.length} URLs`} in ${(performance.now() - t0).toFixed(0)} ms`);
  let urls = isIndex ? 0 : children.length;
  let bytes = index.length;
  if (isIndex) {
    for (const child of children) {
      const t = performance.now();
      const res = await fetch(base + child);
      const text = await res.text();
      const count = (text.match(/<url>/g) ?? []).length;
      urls += count;
      bytes += Buffer.byteLength(text);
      console.log(`${child}: ${res.status}, ${count} URLs, ${(Buffer.byteLength(text) / 1048576).toFixed(1)} MiB in ${(performance.now() - t).toFixed(0)} ms`);
    }
  }
  console.log(`\n${posts} generated posts → ${urls} URLs, ${(bytes / 1048576).toFixed(1)} MiB in ${((performance.now() - t0) / 1000).toFixed(1)} s`);
  console.log(`server peak memory: ${peakMiB(server.pid).toFixed(0)} MiB (after warm-up: ${before.toFixed(0)} MiB)`);
} finally {
  await stop(server);
  cleanUp(['.next-bench-sitemap']);
}
