// Shared helpers for the benchmarks: build a variant, serve it, load it with autocannon.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { setTimeout as sleep } from 'node:timers/promises';
import autocannon from 'autocannon';

export const root = new URL('..', import.meta.url).pathname;
const nextBin = `${root}node_modules/next/dist/bin/next`;

export function build(distDir, extraEnv = {}) {
  // next build adds its distDir's types to tsconfig.json; a bench build must not.
  const tsconfig = readFileSync(`${root}tsconfig.json`, 'utf8');
  const result = spawnSync(process.execPath, [nextBin, 'build'], {
    cwd: root,
    env: { ...process.env, NEXT_TELEMETRY_DISABLED: '1', NEXT_DIST_DIR: distDir, ...extraEnv },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  writeFileSync(`${root}tsconfig.json`, tsconfig);
  if (result.status !== 0) throw new Error(`build of ${distDir} failed`);
  const worker = spawnSync(process.execPath, [`${root}scripts/build-render-worker.mjs`], { cwd: root, env: { ...process.env, NEXT_DIST_DIR: distDir }, stdio: 'inherit' });
  if (worker.status !== 0) throw new Error(`render worker bundle for ${distDir} failed`);
}

/** Removes bench builds and points next-env.d.ts back at the main build's types. */
export function cleanUp(distDirs) {
  for (const dir of distDirs) rmSync(`${root}${dir}`, { recursive: true, force: true });
  spawnSync(process.execPath, [nextBin, 'typegen'], { cwd: root, stdio: 'ignore', env: { ...process.env, NEXT_DIST_DIR: '' } });
}

/** The hooks `npm start` loads into the server (scripts/start.mjs); `serve(…, { hooks: false })` runs bare `next start`. */
const hookEnv = {
  NODE_OPTIONS: ['request-guard', 'client-address', 'content-length', 'precompress']
    .map((name) => `${root}scripts/${name}.cjs`)
    .filter((file) => existsSync(file))
    .map((file) => `--require ${file}`)
    .join(' '),
  DUET_REQUEST_GUARD_INSTALL: '1',
  DUET_CLIENT_ADDRESS_INSTALL: '1',
  DUET_CONTENT_LENGTH_INSTALL: '1',
  DUET_PRECOMPRESS_INSTALL: '1',
};

export async function serve(distDir, port, extraEnv = {}, { hooks = true } = {}) {
  const child = spawn(process.execPath, [nextBin, 'start', '-p', String(port)], {
    cwd: root,
    env: { ...process.env, NEXT_TELEMETRY_DISABLED: '1', NEXT_DIST_DIR: distDir, LOG_LEVEL: 'warn', ...(hooks ? hookEnv : {}), ...extraEnv },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  for (let i = 0; i < 100; i++) {
    try {
      if ((await fetch(`http://127.0.0.1:${port}/api/health`)).ok) return child;
    } catch {}
    await sleep(100);
  }
  child.kill();
  throw new Error(`server for ${distDir} did not start`);
}

export async function stop(child) {
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  await exited;
}

/** Loads one URL: a warm-up, then `seconds` of measurement at `connections`. */
export async function load(url, { connections = 32, seconds = 10, headers = {} } = {}) {
  await autocannon({ url, connections, duration: 2, headers });
  const result = await autocannon({ url, connections, duration: seconds, headers });
  if (result.non2xx > 0 || result.errors > 0) throw new Error(`${url}: ${result.non2xx} non-2xx, ${result.errors} errors`);
  return { rps: result.requests.average, p50: result.latency.p50, p99: result.latency.p99, requests: result.requests.total };
}

export function table(rows) {
  console.log('');
  for (const [name, r] of rows) {
    console.log(`${name.padEnd(48)} ${r.rps.toFixed(0).padStart(6)} req/s   p50 ${String(r.p50).padStart(4)} ms   p99 ${String(r.p99).padStart(4)} ms`);
  }
}
