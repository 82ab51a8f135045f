#!/usr/bin/env node
// Reading at the limit (#17), in one run on this machine, with wrk at 32 connections:
// a post page (1,000 posts, SQLite) for a returning reader, a first visit (no cookie, a
// browser in the other language), a browser asking for gzip and Brotli, and the same
// browser through deploy/nginx.conf; against the same page of a build with no proxy
// (bare `next start`: the static Next page) and nginx serving the page's bytes as a file.
// Then the cold render: the median time of a post nobody has read yet.
//   node bench/reading.mjs [--seconds 10] [--posts 1000] [--json file] [--reuse-builds]
// Needs wrk and nginx (apt-get install wrk nginx).
import { execFileSync, spawn, spawnSync } from 'node:child_process';
import { chmodSync, existsSync, mkdirSync, mkdtempSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { build, cleanUp, root, serve, stop } from './lib.mjs';

const arg = (name, fallback) => (process.argv.includes(name) ? process.argv[process.argv.indexOf(name) + 1] : fallback);
const seconds = Number(arg('--seconds', 10));
const postCount = Number(arg('--posts', 1000));
const jsonOut = arg('--json', null);
const dataDir = `${root}bench/.data/reading`;
const env = { DATA_DIR: dataDir, DATABASE_URL: '' };
const postPath = '/en/posts/why-publish-in-two-languages';
const browser = { 'accept-encoding': 'gzip, deflate, br', 'accept-language': 'zh-CN,zh;q=0.9' };

/** wrk's requests/s and p99 (ms) for one URL; a non-2xx answer fails the bench. */
function wrk(url, headers = {}) {
  const args = ['-t2', '-c32', `-d${seconds}s`, '--latency', ...Object.entries(headers).flatMap(([k, v]) => ['-H', `${k}: ${v}`]), url];
  execFileSync('wrk', ['-t2', '-c32', '-d2s', ...args.slice(3)], { stdio: 'ignore' });
  const out = execFileSync('wrk', args, { encoding: 'utf8' });
  if (/Non-2xx or 3xx responses/.test(out)) throw new Error(`${url}: non-2xx answers\n${out}`);
  const rps = Number(/Requests\/sec:\s+([\d.]+)/.exec(out)[1]);
  const [, value, unit] = /99%\s+([\d.]+)(us|ms|s)/.exec(out);
  const p99 = Number(value) * { us: 0.001, ms: 1, s: 1000 }[unit];
  console.log(`  ${url} ${Object.keys(headers).join(',')}: ${rps.toFixed(0)} req/s, p99 ${p99.toFixed(1)} ms`);
  return { rps, p99 };
}

function startNginx(upstreamPort, port, fileDir) {
  const prefix = mkdtempSync(join(tmpdir(), 'duet-bench-nginx-'));
  for (const dir of ['cache', 'temp']) mkdirSync(join(prefix, dir));
  chmodSync(prefix, 0o755);
  for (const dir of ['cache', 'temp']) chmodSync(join(prefix, dir), 0o777);
  const site = readFileSync(`${root}deploy/nginx.conf`, 'utf8')
    .replace('/var/cache/nginx/duet', join(prefix, 'cache'))
    .replace('server 127.0.0.1:3000;', `server 127.0.0.1:${upstreamPort};`)
    .replace('listen 80;', `listen 127.0.0.1:${port};`)
    .replace('/var/log/nginx/duet-access.log', join(prefix, 'access.log'));
  const temp = join(prefix, 'temp');
  writeFileSync(
    join(prefix, 'nginx.conf'),
    `worker_processes auto; pid ${prefix}/nginx.pid; error_log ${prefix}/error.log warn;
events { worker_connections 4096; }
http { include /etc/nginx/mime.types; access_log off; sendfile on; tcp_nopush on;
  client_body_temp_path ${temp}/b; proxy_temp_path ${temp}/p; fastcgi_temp_path ${temp}/f; uwsgi_temp_path ${temp}/u; scgi_temp_path ${temp}/s;
  ${site}
  server { listen 127.0.0.1:${port + 1}; root ${fileDir}; }
}`,
  );
  const child = spawn('nginx', ['-p', prefix, '-c', join(prefix, 'nginx.conf'), '-g', 'daemon off;'], { stdio: 'inherit' });
  return { child, prefix };
}

rmSync(dataDir, { recursive: true, force: true });
console.log(`generating the demo plus ${postCount} posts…`);
const gen = spawnSync(process.execPath, [`${root}node_modules/tsx/dist/cli.mjs`, 'bench/generate-posts.ts', String(postCount)], { cwd: root, env: { ...process.env, ...env }, stdio: 'inherit' });
if (gen.status !== 0) process.exit(1);

// --reuse-builds: a run that stopped half-way left both builds; the sources are unchanged.
const isBuilt = (dir) => process.argv.includes('--reuse-builds') && existsSync(`${root}${dir}/BUILD_ID`);
if (!isBuilt('.next-bench-reading')) {
  console.log('building the site…');
  build('.next-bench-reading');
}
if (!isBuilt('.next-bench-static')) {
  console.log('building the site without a proxy (the static Next page)…');
  const parked = `${root}bench/.proxy.ts.parked`;
  renameSync(`${root}src/proxy.ts`, parked);
  try {
    build('.next-bench-static');
  } finally {
    if (existsSync(parked)) renameSync(parked, `${root}src/proxy.ts`);
  }
}

const rows = [];
let server = await serve('.next-bench-static', 3221, env, { hooks: false });
let pageBytes;
try {
  pageBytes = Buffer.from(await (await fetch(`http://127.0.0.1:3221${postPath}`)).arrayBuffer());
  rows.push(['static Next page (no proxy, bare next start)', wrk(`http://127.0.0.1:3221${postPath}`)]);
} finally {
  await stop(server);
}

server = await serve('.next-bench-reading', 3222, env);
const base = 'http://127.0.0.1:3222';
const fileDir = mkdtempSync(join(tmpdir(), 'duet-bench-file-'));
writeFileSync(join(fileDir, 'page.html'), pageBytes);
// nginx's workers run as nobody: they must read the file.
chmodSync(fileDir, 0o755);
chmodSync(join(fileDir, 'page.html'), 0o644);
const nginx = startNginx(3222, 3223, fileDir);
let cold;
try {
  await sleep(500);
  /** Median and p90 of 60 posts nobody has read yet (after 5 to warm the process up). */
  async function coldRenders(offset, headers) {
    const times = [];
    for (let i = 0; i < 65; i++) {
      const t0 = performance.now();
      const res = await fetch(`${base}/en/posts/generated-${(offset + i * 13) % postCount}`, { headers });
      await res.arrayBuffer();
      if (res.status !== 200) throw new Error(`cold render ${i}: ${res.status}`);
      if (i >= 5) times.push(performance.now() - t0);
    }
    times.sort((a, b) => a - b);
    return { median: times[Math.floor(times.length / 2)], p90: times[Math.floor(times.length * 0.9)], n: times.length };
  }
  cold = { returning: await coldRenders(0, { cookie: 'NEXT_LOCALE=en' }), firstVisit: await coldRenders(500, browser) };

  rows.push(['returning reader (cookie matches)', wrk(`${base}${postPath}`, { cookie: 'NEXT_LOCALE=en' })]);
  rows.push(['first visit (no cookie, browser in Chinese)', wrk(`${base}${postPath}`, { 'accept-language': 'zh-CN,zh;q=0.9' })]);
  rows.push(['browser: gzip, br (no cookie)', wrk(`${base}${postPath}`, browser)]);
  rows.push(['browser through deploy/nginx.conf', wrk(`http://127.0.0.1:3223${postPath}`, browser)]);
  rows.push(['nginx serving the page as a file', wrk('http://127.0.0.1:3224/page.html')]);
} finally {
  nginx.child.kill('SIGQUIT');
  await stop(server);
  rmSync(nginx.prefix, { recursive: true, force: true });
  rmSync(fileDir, { recursive: true, force: true });
}

console.log('');
for (const [name, r] of rows) console.log(`${name.padEnd(48)} ${r.rps.toFixed(0).padStart(7)} req/s   p99 ${r.p99.toFixed(1).padStart(6)} ms`);
const [staticPage, returning, first, compressed, proxied, file] = rows.map(([, r]) => r.rps);
console.log(`\nfirst visit / static Next page: ${(first / staticPage).toFixed(2)}×   (target ≥ 0.8×)`);
console.log(`gzip, br / no encoding (first visits): ${(compressed / first).toFixed(2)}×   (target ≥ 0.9×); returning reader ${(returning / staticPage).toFixed(2)}× the static page`);
console.log(`through nginx: ${proxied.toFixed(0)} req/s, ${(file / proxied).toFixed(2)}× below nginx's file   (target ≥ 25,000 req/s, within 2×)`);
for (const [who, c] of Object.entries(cold)) {
  console.log(`cold render of a post with ${postCount} posts (SQLite), ${who}: median ${c.median.toFixed(1)} ms, p90 ${c.p90.toFixed(1)} ms over ${c.n} posts (Ghost 6: 39 ms)`);
}
if (jsonOut) writeFileSync(jsonOut, JSON.stringify({ rows: Object.fromEntries(rows), cold, pageBytes: pageBytes.length }, null, 2));
cleanUp(['.next-bench-reading', '.next-bench-static']);
