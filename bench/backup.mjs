#!/usr/bin/env node
// Times `duet backup` and `duet restore` of a generated site (the demo plus N bilingual
// posts, and one large media file to show that files are streamed, not held in memory),
// each step in its own process with its peak RSS, against a process that only loads the code.
//   node bench/backup.mjs [--posts 1000] [--media-mb 64] [--postgres postgres://…/db]
// With --postgres, the site lives in a new database made on that server (dropped after),
// and is restored into a second one.
import { spawn, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import pg from 'pg';
import { root } from './lib.mjs';

const arg = (name, fallback) => {
  const at = process.argv.indexOf(name);
  return at === -1 ? fallback : process.argv[at + 1];
};
const postCount = Number(arg('--posts', 1000));
const mediaMb = Number(arg('--media-mb', 64));
const adminUrl = arg('--postgres', '');
const work = `${root}bench/.data/backup`;
const tsx = `${root}node_modules/tsx/dist/cli.mjs`;

async function admin(statement) {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

/** A new database on the --postgres server, or '' (SQLite in DATA_DIR). */
async function newDatabase(label) {
  if (!adminUrl) return '';
  const name = `duet_bench_${label}_${randomBytes(4).toString('hex')}`;
  await admin(`create database ${name}`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

function run(args, env) {
  const result = spawnSync(process.execPath, [tsx, ...args], { cwd: root, env: { ...process.env, ...env }, encoding: 'utf8', stdio: ['ignore', 'pipe', 'inherit'] });
  if (result.status !== 0) throw new Error(`${args.join(' ')} failed:\n${result.stdout}`);
  return result.stdout;
}

/**
 * Runs bench/generate-posts.ts until it reports its posts written. In this tree that
 * script can stay alive after closing its database (an open MessagePort), so it is
 * stopped once it has said it is done rather than waited on.
 */
function generate(env) {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [tsx, 'bench/generate-posts.ts', String(postCount)], { cwd: root, env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'inherit'] });
    let out = '';
    child.stdout.on('data', (chunk) => {
      out += chunk;
      process.stdout.write(chunk);
      if (/^generated \d+ posts/m.test(out)) {
        child.kill();
        resolve();
      }
    });
    child.on('exit', (code) => (/^generated \d+ posts/m.test(out) ? resolve() : reject(new Error(`generate-posts exited with ${code}`))));
  });
}

function step(name, file, env) {
  const out = run(['bench/backup-step.ts', name, file], env);
  for (const line of out.split('\n')) if (line && !line.startsWith('RESULT ')) console.log(`  ${line}`);
  return JSON.parse(out.split('\n').find((line) => line.startsWith('RESULT ')).slice(7));
}

rmSync(work, { recursive: true, force: true });
const source = { DATA_DIR: `${work}/site`, DATABASE_URL: await newDatabase('site') };
const target = { DATA_DIR: `${work}/restored`, DATABASE_URL: await newDatabase('restored') };
const archive = `${work}/site.zip`;
try {
  console.log(`generating the demo plus ${postCount} posts (${adminUrl ? 'PostgreSQL' : 'SQLite'})…`);
  await generate(source);
  mkdirSync(`${source.DATA_DIR}/media/videos`, { recursive: true });
  writeFileSync(`${source.DATA_DIR}/media/videos/bench.0123456789ab.mp4`, randomBytes(mediaMb * 1024 * 1024));

  const rows = [step('load', '', source), step('backup', archive, source), step('restore', archive, target)];
  console.log(`\narchive: ${(statSync(archive).size / 1024 ** 2).toFixed(1)} MiB (includes a ${mediaMb} MiB incompressible video)`);
  console.log('step      seconds  peak RSS (MiB)');
  for (const row of rows) console.log(`${row.step.padEnd(9)} ${row.seconds.toFixed(2).padStart(7)}  ${row.peakRssMiB.toFixed(0).padStart(14)}`);
} finally {
  rmSync(work, { recursive: true, force: true });
  for (const url of [source.DATABASE_URL, target.DATABASE_URL].filter(Boolean)) await admin(`drop database if exists ${new URL(url).pathname.slice(1)}`);
}
