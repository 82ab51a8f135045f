// Shared helpers for the benchmarks: build a variant, serve it, load it with autocannon.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { setTimeout as sleep } from 'node:timers/promises';
import { createRequire } from 'node:module';
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

/**
 * Serves a build with the server entry, as `npm start` does (src/server-entry/main.ts);
 * `serve(…, { hooks: false })` runs bare `next start`, without Duet's layers.
 */
export async function serve(distDir, port, extraEnv = {}, { hooks = true } = {}) {
  if (hooks && !existsSync(`${root}${distDir}/duet-server.mjs`)) {
    const bundled = spawnSync(process.execPath, [`${root}scripts/build-server-entry.mjs`], { cwd: root, env: { ...process.env, NEXT_DIST_DIR: distDir }, stdio: 'inherit' });
    if (bundled.status !== 0) throw new Error(`server entry for ${distDir} failed`);
  }
  // As `npm start` does (src/server/deployment/code-protection.ts).
  const args = hooks ? ['--no-memory-protection-keys', `${root}${distDir}/duet-server.mjs`] : [nextBin, 'start', '-p', String(port)];
  const child = spawn(process.execPath, args, {
    cwd: root,
    env: { ...process.env, NEXT_TELEMETRY_DISABLED: '1', NEXT_DIST_DIR: distDir, LOG_LEVEL: 'warn', PORT: String(port), ...extraEnv },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  // A fresh DATA_DIR is seeded with the demo before the server listens: allow it two minutes.
  for (let i = 0; i < 1200; i++) {
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

/**
 * Signs in to the Studio at `base` in Debian's Chromium; returns the session's Cookie header
 * and how long the sign-in took (button to Studio page). A first Studio page on a loaded
 * machine can take minutes, hence the long wait.
 */
export async function signInToStudio(base, email, password) {
  const { chromium } = createRequire(import.meta.url)('playwright-core');
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
  });
  try {
    const page = await browser.newPage({ baseURL: base });
    page.setDefaultTimeout(180_000);
    await page.goto('/en/studio/login');
    await page.getByLabel('E-mail address').fill(email);
    await page.getByLabel('Password').fill(password);
    const started = performance.now();
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.waitForURL(/\/en\/studio$/, { timeout: 180_000 });
    const signInMs = performance.now() - started;
    const cookies = await page.context().cookies();
    return { cookie: cookies.map((c) => `${c.name}=${c.value}`).join('; '), signInMs };
  } finally {
    await browser.close();
  }
}
