#!/usr/bin/env node
// Does a reader notice the Studio's export, backup or import? A production build serves a
// copy of a site built by bench/scale-site.ts (bench/.data/scale-N); the owner signs in;
// then a reader's cached post page is loaded with autocannon alone, and again while each
// job runs, started as the Studio starts it (POST /api/v1/studio/site-jobs; for the import,
// a Ghost export of --import-posts posts uploaded, previewed, then confirmed). During each
// job the server's event-loop delay is read twice through bench/event-loop-probe.mjs: with
// no reader (what the job itself costs the loop) and under the reader's load.
//   node bench/export-readers.mjs [--posts 8000] [--import-posts 2000] [--seconds 5] [--no-build]
//                                 [--dist .next-bench-export] [--port 38600]
import { spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import { setTimeout as sleep } from 'node:timers/promises';
import { build, load, root, serve, signInToStudio, stop } from './lib.mjs';

const arg = (name, fallback) => (process.argv.includes(name) ? process.argv[process.argv.indexOf(name) + 1] : fallback);
const posts = Number(arg('--posts', '8000'));
const importPosts = Number(arg('--import-posts', '2000'));
const seconds = Number(arg('--seconds', '5'));
const dist = arg('--dist', '.next-bench-export');
const port = Number(arg('--port', '38600'));
const base = `http://127.0.0.1:${port}`;
const work = `${root}bench/.data/export-readers`;
const probeDir = `${work}/probe`;
const tsx = `${root}node_modules/tsx/dist/cli.mjs`;

function prepareSite() {
  const site = `${root}bench/.data/scale-${posts}`;
  if (!existsSync(`${site}/duet.db`)) {
    const made = spawnSync(process.execPath, [tsx, 'bench/scale-site.ts', String(posts)], { cwd: root, env: { ...process.env, DATA_DIR: site, DATABASE_URL: '' }, stdio: 'inherit' });
    if (made.status !== 0) throw new Error('scale-site failed');
  }
  rmSync(work, { recursive: true, force: true });
  mkdirSync(probeDir, { recursive: true });
  // A copy: the jobs write into DATA_DIR, and the import adds posts.
  cpSync(site, `${work}/site`, { recursive: true });
  return `${work}/site`;
}

const signIn = async () => (await signInToStudio(base, 'owner@bench.test', 'bench passphrase')).cookie;

async function api(path, cookie, init = {}) {
  const response = await fetch(`${base}${path}`, { ...init, headers: { cookie, origin: base, ...init.headers }, duplex: 'half' });
  const body = await response.json();
  if (!response.ok) throw new Error(`${path}: ${response.status} ${JSON.stringify(body)}`);
  return body;
}

const jobOf = async (id, cookie) => (await api(`/api/v1/studio/site-jobs/${id}`, cookie)).job;

async function waitFor(id, cookie) {
  for (;;) {
    const job = await jobOf(id, cookie);
    if (job.state !== 'running') return job;
    await sleep(500);
  }
}

/** The server's event-loop delays since the previous reading. */
async function readLoop(server) {
  const file = `${probeDir}/${server.pid}.json`;
  rmSync(file, { force: true });
  server.kill('SIGUSR2');
  for (let i = 0; i < 100 && !existsSync(file); i++) await sleep(20);
  return JSON.parse(readFileSync(file, 'utf8'));
}

/** Runs one job while measuring: the loop with no reader, then a reader's throughput and the loop under it. */
async function alongside(label, start, server, post, cookie) {
  const job = await start();
  // The command's start (tsx compiling its sources) is part of the job.
  await sleep(1000);
  await readLoop(server);
  await sleep(seconds * 1000);
  const quiet = await readLoop(server);
  const reader = await load(post, { connections: 8, seconds });
  const busy = await readLoop(server);
  const stillRunning = (await jobOf(job.id, cookie)).state === 'running';
  console.log(`${label}: ${reader.rps.toFixed(0)} req/s; loop alone max ${quiet.maxMs} ms (p99 ${quiet.p99Ms}), under readers max ${busy.maxMs} ms (p99 ${busy.p99Ms})${stillRunning ? '' : ' (the job ended before the reader finished!)'}`);
  const finished = await waitFor(job.id, cookie);
  console.log(`  the ${label} job: ${finished.state}`);
  return { label, rps: reader.rps, quiet, busy, stillRunning, state: finished.state };
}

if (!process.argv.includes('--no-build')) build(dist);
const dataDir = prepareSite();
const ghost = `${work}/ghost-${importPosts}.json`;
spawnSync(process.execPath, [`${root}bench/generate-ghost-export.mjs`, ghost, String(importPosts)], { cwd: root, stdio: 'ignore' });
const env = { DATA_DIR: dataDir, DATABASE_URL: '', EVENT_LOOP_PROBE_DIR: probeDir, NODE_OPTIONS: `--import ${root}bench/event-loop-probe.mjs` };
const server = await serve(dist, port, env);
try {
  const cookie = await signIn();
  const post = `${base}/en/posts/generated-0`;
  await fetch(post);
  await readLoop(server);
  const alone = await load(post, { connections: 8, seconds });
  const aloneLoop = await readLoop(server);
  console.log(`alone: ${alone.rps.toFixed(0)} req/s; loop max ${aloneLoop.maxMs} ms (p99 ${aloneLoop.p99Ms})`);
  const archive = (kind) => async () => (await api('/api/v1/studio/site-jobs', cookie, { method: 'POST', body: JSON.stringify({ kind }), headers: { 'content-type': 'application/json' } })).job;
  const rows = [await alongside('export', archive('export'), server, post, cookie), await alongside('backup', archive('backup'), server, post, cookie)];
  const preview = (await api(`/api/v1/studio/site-jobs/imports?name=ghost.json`, cookie, { method: 'POST', body: readFileSync(ghost), headers: { 'content-type': 'application/json' } })).job;
  if ((await waitFor(preview.id, cookie)).state !== 'done') throw new Error('the import preview failed');
  rows.push(await alongside(`import (${importPosts} Ghost posts)`, async () => (await api(`/api/v1/studio/site-jobs/${preview.id}/import`, cookie, { method: 'POST' })).job, server, post, cookie));

  // Alone again once the jobs are over: the machine's load moves between the first and the last.
  await readLoop(server);
  const aloneAfter = await load(post, { connections: 8, seconds });
  const aloneAfterLoop = await readLoop(server);
  const reference = (alone.rps + aloneAfter.rps) / 2;
  console.log(`\n${posts} posts; a reader's cached post page, 8 connections, ${seconds} s each; "of alone" against the mean of the two runs alone\n`);
  console.log('| while | reader req/s | of alone | loop max / p99 (ms), no reader | loop max / p99 (ms), under the reader |\n|---|---|---|---|---|');
  console.log(`| nothing (first) | ${alone.rps.toFixed(0)} | | | ${aloneLoop.maxMs} / ${aloneLoop.p99Ms} |`);
  for (const r of rows) {
    console.log(`| ${r.label} | ${r.rps.toFixed(0)} | ${((100 * r.rps) / reference).toFixed(0)} % | ${r.quiet.maxMs} / ${r.quiet.p99Ms} | ${r.busy.maxMs} / ${r.busy.p99Ms} |`);
  }
  console.log(`| nothing (last) | ${aloneAfter.rps.toFixed(0)} | | | ${aloneAfterLoop.maxMs} / ${aloneAfterLoop.p99Ms} |`);
} finally {
  await stop(server);
  rmSync(work, { recursive: true, force: true });
}
