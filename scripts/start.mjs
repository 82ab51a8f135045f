#!/usr/bin/env node
// `npm start`: build the production bundle when it is missing or older than the
// sources (or was built for another SITE_URL), then serve it on PORT (default 3000).
// `npm run build` (--build-only) does the first half alone. An instance that is one of
// several (docs/deploy.md) never builds: they all serve one build made beforehand, and two
// instances building in one folder at once would wreck it.
import './check-node.cjs';
import { spawn, spawnSync } from 'node:child_process';
import { createRequire } from 'node:module';
import { existsSync, readFileSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { isSharedMode, sharedModeMessage, sharedModeProblems } from '../src/server/deployment/shared-mode.mjs';

const root = new URL('..', import.meta.url).pathname;
const distDir = join(root, process.env.NEXT_DIST_DIR ?? '.next');
const stampFile = join(distDir, 'duet-build.json');
const sources = ['src', 'messages', 'public', 'demo', 'next.config.ts', 'package.json', 'package-lock.json', 'tsconfig.json'];
const env = { ...process.env, NEXT_TELEMETRY_DISABLED: '1' };
const nextBin = join(root, 'node_modules', 'next', 'dist', 'bin', 'next');

function newestMtime(path) {
  if (!existsSync(path)) return 0;
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return readdirSync(path).reduce((max, name) => Math.max(max, newestMtime(join(path, name))), stat.mtimeMs);
}

function buildStamp() {
  return { siteUrl: process.env.SITE_URL ?? null, sources: Math.max(...sources.map((s) => newestMtime(join(root, s)))) };
}

function isBuildCurrent(stamp) {
  if (!existsSync(join(distDir, 'BUILD_ID')) || !existsSync(stampFile) || !existsSync(join(distDir, 'duet-render-worker.mjs'))) return false;
  try {
    const built = JSON.parse(readFileSync(stampFile, 'utf8'));
    return built.siteUrl === stamp.siteUrl && built.sources >= stamp.sources;
  } catch {
    return false;
  }
}

function run(args, label) {
  const result = spawnSync(process.execPath, args, { cwd: root, env, stdio: 'inherit' });
  if (result.status !== 0) {
    console.error(`duet: ${label} failed (exit ${result.status ?? result.signal}).`);
    process.exit(result.status ?? 1);
  }
}

const buildOnly = process.argv.includes('--build-only');
const problems = buildOnly ? [] : sharedModeProblems(process.env);
if (problems.length > 0) {
  console.error(`duet: ${sharedModeMessage(problems)}`);
  process.exit(1);
}

run([join(root, 'scripts', 'patch-next.mjs')], 'patching Next.js');
run([join(root, 'scripts', 'patch-micromark.mjs')], 'patching micromark');
run([join(root, 'scripts', 'latin-fonts.mjs')], 'cutting the Latin fonts');
const stamp = buildStamp();
if (isBuildCurrent(stamp)) {
  console.log('duet: the production build is up to date.');
} else if (!buildOnly && isSharedMode(process.env)) {
  console.error('duet: the production build is missing or older than the sources. One of several instances never builds: run `npm run build` once (with the same SITE_URL), then start every instance.');
  process.exit(1);
} else {
  console.log('duet: building the production bundle (the first start takes a minute)…');
  run([nextBin, 'build'], 'the build');
  run([join(root, 'scripts', 'build-render-worker.mjs')], 'bundling the render worker');
  writeFileSync(stampFile, JSON.stringify(stamp));
}
if (buildOnly) process.exit(0);

// Pages and data rendered at run time are cached on disk under the build. They belong to
// the database of the server that made them: after a restart (the CLI may have changed
// content meanwhile, a backup may have been restored, DATA_DIR may differ) they must go.
for (const dir of [join(distDir, 'server', 'route-cache'), join(distDir, 'cache', 'fetch-cache')]) {
  rmSync(dir, { recursive: true, force: true });
}

// The client-address hook (scripts/client-address.cjs) runs inside the server process;
// a TRUST_PROXY it cannot read stops the start here, with its message.
const clientAddressHook = join(root, 'scripts', 'client-address.cjs');
try {
  createRequire(import.meta.url)(clientAddressHook).parseTrust(process.env.TRUST_PROXY);
} catch (error) {
  console.error(`duet: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
}

const port = process.env.PORT ?? '3000';
const args = [nextBin, 'start', '-p', port];
if (process.env.HOST) args.push('-H', process.env.HOST);
console.log(`duet: serving on http://${process.env.HOST ?? 'localhost'}:${port}`);
// PORT travels along so in-process work (the publishing scheduler) can reach this server.
// The first hook refuses what Next would mishandle before it reads a byte: an undecodable
// path, a body too large for a page or form (scripts/request-guard.cjs). Then the client's
// address; media answers get their Content-Length (scripts/content-length.cjs); the last
// compresses the reading side's answers once per body, not per request (precompress.cjs).
const requestGuardHook = join(root, 'scripts', 'request-guard.cjs');
const contentLengthHook = join(root, 'scripts', 'content-length.cjs');
const precompressHook = join(root, 'scripts', 'precompress.cjs');
const hooks = [requestGuardHook, clientAddressHook, contentLengthHook, precompressHook];
const nodeOptions = `${process.env.NODE_OPTIONS ?? ''} ${hooks.map((hook) => `--require ${hook}`).join(' ')}`.trim();
const server = spawn(process.execPath, args, {
  cwd: root,
  env: {
    ...env,
    PORT: port,
    NODE_OPTIONS: nodeOptions,
    DUET_REQUEST_GUARD_INSTALL: '1',
    DUET_CLIENT_ADDRESS_INSTALL: '1',
    DUET_CONTENT_LENGTH_INSTALL: '1',
    DUET_PRECOMPRESS_INSTALL: '1',
  },
  stdio: 'inherit',
});
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', (code, signal) => process.exit(code ?? (signal ? 0 : 1)));
