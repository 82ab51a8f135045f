#!/usr/bin/env node
// How `duet export`, `duet backup` and `duet import-duet` grow with the site: for each size,
// a site built by bench/scale-site.ts (kept in bench/.data/scale-N and reused), then each
// step in a process of its own (time and that process's peak RSS), and the ratio per
// doubling: a step's time at N divided by twice its time at N/2 (1.00 is linear; issue 27
// asks for at most 1.2), for the wall clock and for the process's CPU time (user +
// system, which a shared machine's load moves less). SQLite.
//   node bench/export-scale.mjs [--posts 2000,4000,8000,16000] [--steps export,backup,import]
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, rmSync, statSync } from 'node:fs';
import { root } from './lib.mjs';

const arg = (name, fallback) => {
  const at = process.argv.indexOf(name);
  return at === -1 ? fallback : process.argv[at + 1];
};
const sizes = arg('--posts', '2000,4000,8000,16000').split(',').map(Number);
const steps = arg('--steps', 'export,backup,import').split(',');
const tsx = `${root}node_modules/tsx/dist/cli.mjs`;
const work = `${root}bench/.data/export-scale`;

function run(args, env = {}) {
  const result = spawnSync(process.execPath, [tsx, ...args], { cwd: root, env: { ...process.env, ...env }, encoding: 'utf8', stdio: ['ignore', 'pipe', 'inherit'], maxBuffer: 64 * 1024 ** 2 });
  if (result.status !== 0) throw new Error(`${args.join(' ')} failed:\n${result.stdout}`);
  return result.stdout;
}

function ensureSite(posts) {
  const dataDir = `${root}bench/.data/scale-${posts}`;
  if (!existsSync(`${dataDir}/duet.db`)) {
    console.log(`building a site of ${posts} posts in ${dataDir}…`);
    run(['bench/scale-site.ts', String(posts)], { DATA_DIR: dataDir });
  }
  return dataDir;
}

/** One step in its own process: bench/export.ts's child (export, import) or bench/backup-step.ts (backup). */
function step(name, dataDir, file) {
  if (name === 'backup') {
    rmSync(file, { force: true });
    const out = run(['bench/backup-step.ts', 'backup', file], { DATA_DIR: dataDir, DATABASE_URL: '' });
    const result = JSON.parse(out.split('\n').find((line) => line.startsWith('RESULT ')).slice(7));
    return { seconds: result.seconds, cpuSeconds: result.cpuSeconds, maxRssMiB: result.peakRssMiB, bytes: statSync(file).size };
  }
  if (name === 'import') rmSync(dataDir, { recursive: true, force: true });
  const out = run(['bench/export.ts', '--child', name, dataDir, file], { DATABASE_URL: '' });
  const result = JSON.parse(out.trim().split('\n').at(-1));
  return { ...result, bytes: name === 'export' ? statSync(file).size : 0 };
}

rmSync(work, { recursive: true, force: true });
mkdirSync(work, { recursive: true });
const rows = [];
try {
  for (const posts of sizes) {
    const site = ensureSite(posts);
    const exported = `${work}/export-${posts}.zip`;
    for (const name of steps) {
      const result =
        name === 'export' ? step('export', site, exported)
        : name === 'backup' ? step('backup', site, `${work}/backup-${posts}.zip`)
        : step('import', `${work}/imported-${posts}`, exported);
      rows.push({ posts, name, ...result });
      console.log(`${posts} posts, ${name}: ${result.seconds.toFixed(2)} s (CPU ${result.cpuSeconds.toFixed(2)} s), peak RSS ${result.maxRssMiB.toFixed(0)} MiB`);
    }
    rmSync(`${work}/imported-${posts}`, { recursive: true, force: true });
  }
} finally {
  rmSync(work, { recursive: true, force: true });
}

console.log('\n| step | posts | seconds | per doubling | CPU seconds | per doubling | peak RSS (MiB) | archive (MiB) |\n|---|---|---|---|---|---|---|---|');
for (const row of rows) {
  const before = rows.find((r) => r.name === row.name && r.posts * 2 === row.posts);
  const ratio = (key) => (before ? (row[key] / (2 * before[key])).toFixed(2) : '');
  const mib = row.bytes ? (row.bytes / 1024 ** 2).toFixed(1) : '';
  console.log(`| ${row.name} | ${row.posts.toLocaleString('en')} | ${row.seconds.toFixed(2)} | ${ratio('seconds')} | ${row.cpuSeconds.toFixed(2)} | ${ratio('cpuSeconds')} | ${row.maxRssMiB.toFixed(0)} | ${mib} |`);
}
