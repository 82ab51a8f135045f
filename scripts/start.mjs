#!/usr/bin/env node
// `npm start`: build the production bundle when it is missing or older than the sources,
// then serve it on PORT (default 3000) with the server entry (src/server-entry/main.ts).
// `npm run build` (--build-only) does the first half alone; `npm run dev` (--dev) serves
// `next dev` behind the same entry. An instance that is one of several (docs/deploy.md)
// never builds: they all serve one build made beforehand, and two instances building in
// one folder at once would wreck it.
//
// The build here checks no types and runs no linter (`npm test` does both): a first start
// is a build and a start, nothing more. It says what it is doing at least every 15 s.
import './check-node.cjs';
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readFileSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { isSharedMode, sharedModeMessage, sharedModeProblems } from '../src/server/deployment/shared-mode.mjs';

const root = new URL('..', import.meta.url).pathname;
const distDir = join(root, process.env.NEXT_DIST_DIR || '.next');
const stampFile = join(distDir, 'duet-build.json');
const serverEntry = join(distDir, 'duet-server.mjs');
const sources = ['src', 'messages', 'public', 'demo', 'next.config.ts', 'package.json', 'package-lock.json', 'tsconfig.json'];
const env = { ...process.env, NEXT_TELEMETRY_DISABLED: '1' };
const nextBin = join(root, 'node_modules', 'next', 'dist', 'bin', 'next');
const started = Date.now();
const elapsed = () => {
  const seconds = Math.round((Date.now() - started) / 1000);
  return seconds < 60 ? `${seconds} s` : `${Math.floor(seconds / 60)} min ${String(seconds % 60).padStart(2, '0')} s`;
};

function newestMtime(path) {
  if (!existsSync(path)) return 0;
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return readdirSync(path).reduce((max, name) => Math.max(max, newestMtime(join(path, name))), stat.mtimeMs);
}

function buildStamp() {
  return { sources: Math.max(...sources.map((s) => newestMtime(join(root, s)))) };
}

function isBuildCurrent(stamp) {
  if (!existsSync(join(distDir, 'BUILD_ID')) || !existsSync(stampFile) || !existsSync(join(distDir, 'duet-render-worker.mjs'))) return false;
  try {
    return JSON.parse(readFileSync(stampFile, 'utf8')).sources >= stamp.sources;
  } catch {
    return false;
  }
}

function run(args, label, extraEnv = {}) {
  const result = spawnSync(process.execPath, args, { cwd: root, env: { ...env, ...extraEnv }, stdio: 'inherit' });
  if (result.status !== 0) {
    console.error(`duet: ${label} failed (exit ${result.status ?? result.signal}).`);
    process.exit(result.status ?? 1);
  }
}

/** What Next's build is doing, from its last line of output, for the progress lines. */
function phaseOf(line) {
  if (/Creating an optimized production build/i.test(line)) return 'compiling the pages and the server (the longest step)';
  if (/Compiled successfully|Compiled with warnings/i.test(line)) return 'compiled; collecting the pages';
  if (/Collecting page data/i.test(line)) return 'collecting page data';
  if (/Generating static pages/i.test(line)) return `pre-rendering pages ${(/\(\d+\/\d+\)/.exec(line) ?? [''])[0]}`.trim();
  if (/Finalizing|Collecting build traces/i.test(line)) return 'finishing the build';
  return null;
}

/** `next build`, its output passed through, with a line of progress whenever it is quiet for 15 s. */
function nextBuild() {
  return new Promise((resolve) => {
    // Types are checked by `npm test` (tsc), not by every first start (next.config.ts).
    const child = spawn(process.execPath, [nextBin, 'build'], { cwd: root, env: { ...env, DUET_SKIP_BUILD_TYPECHECK: '1' }, stdio: ['ignore', 'pipe', 'pipe'] });
    let phase = 'starting Next.js';
    let lastOutput = Date.now();
    const pass = (stream, out) => {
      let rest = '';
      stream.on('data', (data) => {
        out.write(data);
        lastOutput = Date.now();
        rest += data.toString();
        const lines = rest.split(/\r?\n|\r/);
        rest = lines.pop() ?? '';
        for (const line of lines) phase = phaseOf(line) ?? phase;
      });
    };
    pass(child.stdout, process.stdout);
    pass(child.stderr, process.stderr);
    const timer = setInterval(() => {
      if (Date.now() - lastOutput >= 14_000) console.log(`duet: still building, ${elapsed()} so far: ${phase}…`);
    }, 15_000);
    // Passed on to the build while it runs, then let go: a listener left behind would keep
    // this process, which goes on to serve, from stopping on SIGTERM until the server's own.
    const forward = (signal) => child.kill(signal);
    for (const signal of ['SIGINT', 'SIGTERM']) process.once(signal, forward);
    child.on('exit', (code, signal) => {
      clearInterval(timer);
      for (const name of ['SIGINT', 'SIGTERM']) process.removeListener(name, forward);
      resolve(code ?? (signal ? 1 : 0));
    });
  });
}

const mode = process.argv.includes('--build-only') ? 'build' : process.argv.includes('--dev') ? 'dev' : 'serve';
const problems = mode === 'build' ? [] : sharedModeProblems(process.env);
if (problems.length > 0) {
  console.error(`duet: ${sharedModeMessage(problems)}`);
  process.exit(1);
}

run([join(root, 'scripts', 'patch-next.mjs')], 'patching Next.js');
run([join(root, 'scripts', 'patch-micromark.mjs')], 'patching micromark');
run([join(root, 'scripts', 'latin-fonts.mjs')], 'cutting the Latin fonts');
run([join(root, 'scripts', 'katex-assets.mjs')], 'copying KaTeX’s stylesheet and fonts');

if (mode === 'dev') {
  run([join(root, 'scripts', 'build-server-entry.mjs')], 'bundling the server entry');
} else {
  const stamp = buildStamp();
  if (isBuildCurrent(stamp)) {
    console.log('duet: the production build is up to date.');
    if (!existsSync(serverEntry) || !existsSync(join(distDir, 'duet-cli.mjs'))) run([join(root, 'scripts', 'build-server-entry.mjs')], 'bundling the server entry and the command line');
  } else if (mode === 'serve' && isSharedMode(process.env)) {
    console.error('duet: the production build is missing or older than the sources. One of several instances never builds: run `npm run build` once, then start every instance.');
    process.exit(1);
  } else {
    console.log('duet: building the production bundle: a few minutes on a first start (no type check or lint here: `npm test` runs them).');
    const code = await nextBuild();
    if (code !== 0) {
      console.error(`duet: the build failed (exit ${code}).`);
      process.exit(code);
    }
    run([join(root, 'scripts', 'build-render-worker.mjs')], 'bundling the render worker');
    run([join(root, 'scripts', 'build-server-entry.mjs')], 'bundling the server entry and the command line');
    writeFileSync(stampFile, JSON.stringify(stamp));
    console.log(`duet: built in ${elapsed()}.`);
  }
}
if (mode === 'build') process.exit(0);

if (mode === 'serve') {
  // Pages and data rendered at run time are cached on disk under the build. They belong to
  // the database of the server that made them: after a restart (the CLI may have changed
  // content meanwhile, a backup may have been restored, DATA_DIR may differ) they must go.
  for (const dir of [join(distDir, 'server', 'route-cache'), join(distDir, 'cache', 'fetch-cache')]) {
    rmSync(dir, { recursive: true, force: true });
  }
}

// The server runs in this process: src/server-entry/main.ts, bundled beside the build.
process.argv = [process.argv[0], serverEntry, ...(mode === 'dev' ? ['--dev'] : [])];
await import(pathToFileURL(serverEntry).href);
