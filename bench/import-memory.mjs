#!/usr/bin/env node
// Memory of `duet import` against the size of a Ghost export: generated exports of a few
// sizes (bench/generate-ghost-export.mjs, about 2 MB per 1,000 posts), each imported by
// the CLI in its own process into a fresh DATA_DIR (SQLite). Flat memory means the figures
// barely move between sizes. The generator's posts are small (about 2 KB of HTML, so a
// 40 MB export is 20,000 posts); --body-kb pads each post's HTML to about that many KB,
// for an export shaped like a real site's (fewer, longer posts).
//   node bench/import-memory.mjs [--mb 10,40] [--body-kb 0] [--runs 1] [--dry-run] [--trace-gc]
// Peak RSS is the kernel's high-water mark of the largest process under the CLI (tsx runs
// the code in a child node; render workers are threads of that child): VmHWM polled from
// /proc, or GNU time's figure when larger. "Tree" is the largest sum of the tree's VmRSS
// at one poll. CPU is user + system seconds of the whole tree (GNU time), fairer than wall
// time on a busy machine. Peak RSS follows V8's heap sizing as much as the data, so it
// varies from run to run: --runs repeats each size. --trace-gc runs the CLI as one node
// process (`node --trace-gc --import tsx`, which tsx itself does not pass on) and adds
// the largest heap any isolate kept after a full collection: what the import really holds.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { setTimeout as sleep } from 'node:timers/promises';
import { root } from './lib.mjs';

const arg = (name, fallback) => {
  const at = process.argv.indexOf(name);
  return at === -1 ? fallback : process.argv[at + 1];
};
const sizesMb = arg('--mb', '10,40').split(',').map(Number);
const runs = Number(arg('--runs', 1));
const bodyKb = Number(arg('--body-kb', 0));
const dryRun = process.argv.includes('--dry-run');
const traceGc = process.argv.includes('--trace-gc');
const work = `${root}bench/.data/import-memory`;
// What one generated post weighs in the export, measured on 1,000 posts.
const bytesPerPost = 2065;

function readStatus(pid) {
  try {
    const status = readFileSync(`/proc/${pid}/status`, 'utf8');
    const kb = (field) => Number(new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(status)?.[1] ?? 0);
    return { rss: kb('VmRSS'), hwm: kb('VmHWM') };
  } catch {
    return null; // gone between listing and reading
  }
}

/** The pid and every descendant of it, from each process's parent in /proc/<pid>/stat. */
function processTree(rootPid) {
  const children = new Map();
  for (const name of readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    try {
      const stat = readFileSync(`/proc/${name}/stat`, 'utf8');
      const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      children.set(ppid, [...(children.get(ppid) ?? []), Number(name)]);
    } catch {}
  }
  const tree = [];
  for (const queue = [rootPid]; queue.length > 0; ) {
    const pid = queue.shift();
    tree.push(pid);
    queue.push(...(children.get(pid) ?? []));
  }
  return tree;
}

/** A Ghost export of about `mb` MiB from the generator, its posts padded to `bodyKb` when asked. */
function generateExport(file, mb) {
  const padding = Math.max(0, bodyKb * 1024 - bytesPerPost);
  const posts = Math.round((mb * 1024 * 1024) / (bytesPerPost + padding));
  const generated = spawnSync(process.execPath, [`${root}bench/generate-ghost-export.mjs`, file, String(posts)], { cwd: root, stdio: 'ignore' });
  if (generated.status !== 0) throw new Error(`generating ${file} failed`);
  if (padding > 0) {
    // Paragraphs of a few hundred bytes, as people write them (one 10 KB paragraph is a
    // different, slower shape for the Markdown converter).
    const zh = '<p>茶叶在水中慢慢展开，屋子里安静下来。泡一杯茶的那几分钟，是一天里唯一不用赶着去做别的事的时间。</p>';
    const en = '<p>The leaves open slowly in the water, and the room goes quiet. Those few minutes are the only part of the day that does not hurry on.</p>';
    let n = 0;
    const padded = readFileSync(file, 'utf8').replace(/"html":"/g, () => {
      const paragraph = n++ % 2 === 0 ? zh : en;
      return `"html":"${paragraph.repeat(Math.ceil(padding / Buffer.byteLength(paragraph)))}`;
    });
    writeFileSync(file, padded);
  }
  return posts;
}

/** The command line: under GNU time when there is one. */
function importCommand(file, dataDir) {
  const node = traceGc ? [process.execPath, '--trace-gc', '--import', 'tsx'] : [process.execPath, `${root}node_modules/tsx/dist/cli.mjs`];
  const args = [...node, 'src/cli/duet.ts', 'import', file, '--report', `${dataDir}/report.json`, ...(dryRun ? ['--dry-run'] : [])];
  return existsSync('/usr/bin/time') ? ['/usr/bin/time', '-f', '%U %S %M', '-o', `${dataDir}/time.txt`, ...args] : args;
}

/** The largest heap (MiB) any isolate kept after a full collection, from --trace-gc lines. */
function liveAfterFullGc(stdout) {
  const byIsolate = new Map();
  for (const match of stdout.matchAll(/^\[\d+:(0x[0-9a-f]+)\].*Mark-Compact(?: \(reduce\))? [\d.]+ \([\d.]+\) -> ([\d.]+) \(/gm)) {
    byIsolate.set(match[1], Math.max(byIsolate.get(match[1]) ?? 0, Number(match[2])));
  }
  return byIsolate.size === 0 ? NaN : Math.max(...byIsolate.values());
}

/** Runs the import, polling the process tree's memory until it exits. */
async function measureImport(file, dataDir) {
  const [command, ...args] = importCommand(file, dataDir);
  const started = performance.now();
  const child = spawn(command, args, { cwd: root, env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '', LOG_LEVEL: 'warn' }, stdio: ['ignore', 'pipe', 'ignore'] });
  let stdout = '';
  child.stdout.on('data', (chunk) => (stdout += chunk));
  const peak = { hwmKb: 0, treeKb: 0 };
  let code = null;
  child.once('exit', (c) => (code = c));
  while (code === null) {
    let sum = 0;
    for (const pid of processTree(child.pid)) {
      const status = readStatus(pid);
      if (!status) continue;
      sum += status.rss;
      peak.hwmKb = Math.max(peak.hwmKb, status.hwm);
    }
    peak.treeKb = Math.max(peak.treeKb, sum);
    await sleep(50);
  }
  const seconds = (performance.now() - started) / 1000;
  if (code !== 0) throw new Error(`import of ${file} exited with ${code}:\n${stdout.slice(-2000)}`);
  let cpu = NaN;
  if (existsSync(`${dataDir}/time.txt`)) {
    const [user, system, maxKb] = readFileSync(`${dataDir}/time.txt`, 'utf8').trim().split('\n').at(-1).split(' ').map(Number);
    cpu = user + system;
    peak.hwmKb = Math.max(peak.hwmKb, maxKb);
  }
  const summary = stdout.split('\n').filter((line) => line && !line.startsWith('[')).slice(0, 4).join(' / ');
  return { seconds, cpu, ...peak, liveMiB: liveAfterFullGc(stdout), summary };
}

rmSync(work, { recursive: true, force: true });
mkdirSync(work, { recursive: true });
const rows = [];
try {
  for (const mb of sizesMb) {
    const file = `${work}/ghost-${mb}mb.json`;
    const posts = generateExport(file, mb);
    const size = statSync(file).size / 1024 ** 2;
    for (let run = 1; run <= runs; run++) {
      const dataDir = `${work}/site-${mb}mb-${run}`;
      mkdirSync(dataDir, { recursive: true });
      console.log(`importing ${posts} posts (${size.toFixed(1)} MiB)${dryRun ? ', dry run' : ''}, run ${run} of ${runs}…`);
      const result = await measureImport(file, dataDir);
      console.log(`  ${result.summary}`);
      rows.push({ mb: size, posts, ...result });
      rmSync(dataDir, { recursive: true, force: true });
    }
    rmSync(file, { force: true });
  }
} finally {
  rmSync(work, { recursive: true, force: true });
}
console.log(`\nexport (MiB)  posts  seconds  CPU s  peak RSS (MiB)  tree RSS (MiB)${traceGc ? '  live after full GC (MiB)' : ''}${dryRun ? '  [dry run]' : ''}`);
for (const r of rows) {
  const live = traceGc ? (Number.isNaN(r.liveMiB) ? '(no full GC)' : r.liveMiB.toFixed(0)).padStart(26) : '';
  console.log(`${r.mb.toFixed(1).padStart(12)} ${String(r.posts).padStart(6)} ${r.seconds.toFixed(1).padStart(8)} ${r.cpu.toFixed(1).padStart(6)} ${(r.hwmKb / 1024).toFixed(0).padStart(15)} ${(r.treeKb / 1024).toFixed(0).padStart(15)}${live}`);
}
