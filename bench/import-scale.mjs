#!/usr/bin/env node
// How `duet import-duet` of a duet.json alone grows with its number of posts, without
// building sites first (bench/export-scale.mjs builds them, which takes long and fails on
// a loaded machine when a render outlives its budget): a duet.json of N bilingual posts
// (each text with a draft, a live copy and a revision of ~2.5 KiB of body, some 14 KiB a
// post) is written a post at a time, then imported into an empty SQLite DATA_DIR by
// bench/export.ts's child in a process of its own: its CPU time (user + system), peak RSS
// and the ratio per doubling (1.00 is linear; issue 27 asks for at most 1.2).
// `--max-old-space-size M` runs each import with the V8 heap capped at M MiB: a reader
// that holds the document whole fails there, a streaming one does not.
//   node bench/import-scale.mjs [--posts 1000,2000,4000,8000] [--max-old-space-size 128]
import { spawnSync } from 'node:child_process';
import { closeSync, mkdirSync, openSync, rmSync, writeSync } from 'node:fs';
import { root } from './lib.mjs';

const arg = (name, fallback) => {
  const at = process.argv.indexOf(name);
  return at === -1 ? fallback : process.argv[at + 1];
};
const sizes = arg('--posts', '1000,2000,4000,8000').split(',').map(Number);
const heapCap = arg('--max-old-space-size', null);
const work = `${root}bench/.data/import-scale`;
const at = '2026-01-02T03:04:05.000Z';
const body = '一段正文，两种语言。A paragraph of body text in the other language. '.repeat(40);

function post(i) {
  const translations = ['zh', 'en'].map((locale, j) => {
    const text = { slug: `post-${i}`, title: `Post ${i}`, excerpt: '', body, seoTitle: null, seoDescription: null };
    const revisionId = 2 * i + j + 1;
    return {
      id: revisionId, locale, state: 'published',
      draft: { ...text, readingMinutes: 1, revisionId, basedOnRevisionId: null, updatedAt: at },
      live: { ...text, readingMinutes: 1, revisionId, basedOnRevisionId: null, publishedAt: at, updatedAt: at },
      schedule: null,
      revisions: [{ id: revisionId, createdAt: at, authorUserId: null, ...text }],
      reviewRequests: [],
    };
  });
  return {
    id: i + 1, kind: 'post', status: 'published', featured: false, publishedAt: at, sourceLocale: 'zh', version: 1,
    coverMediaId: null, ownerUserId: null, createdAt: at, updatedAt: at, bylines: [], tagIds: [], attachments: [], translations,
  };
}

function writeJson(file, count) {
  const fd = openSync(file, 'w');
  const header = { format: 'duet-export', formatVersion: 1, createdAt: at, duetVersion: 'bench', locales: ['zh', 'en'], settings: {}, accounts: [], authors: [], tags: [], media: [] };
  writeSync(fd, `${JSON.stringify(header, null, 2).slice(0, -2)},\n  "posts": [`);
  for (let i = 0; i < count; i += 1) writeSync(fd, `${i === 0 ? '\n' : ',\n'}${JSON.stringify(post(i), null, 2)}`);
  writeSync(fd, '\n  ]\n}\n');
  closeSync(fd);
}

rmSync(work, { recursive: true, force: true });
mkdirSync(work, { recursive: true });
const rows = [];
try {
  for (const posts of sizes) {
    const file = `${work}/duet-${posts}.json`;
    const dataDir = `${work}/imported-${posts}`;
    writeJson(file, posts);
    const env = { ...process.env, DATABASE_URL: '', NODE_OPTIONS: heapCap ? `--max-old-space-size=${heapCap}` : (process.env.NODE_OPTIONS ?? '') };
    const result = spawnSync(process.execPath, [`${root}node_modules/tsx/dist/cli.mjs`, 'bench/export.ts', '--child', 'import', dataDir, file], { cwd: root, env, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'], maxBuffer: 64 * 1024 ** 2 });
    if (result.status !== 0) {
      console.log(`${posts} posts: the import failed (${result.stderr.split('\n').find((line) => /heap|Error/.test(line)) ?? `exit ${result.status}`})`);
      rows.push({ posts, failed: true });
    } else {
      const row = { posts, ...JSON.parse(result.stdout.trim().split('\n').at(-1)) };
      rows.push(row);
      console.log(`${posts} posts: ${row.seconds.toFixed(2)} s (CPU ${row.cpuSeconds.toFixed(2)} s), peak RSS ${row.maxRssMiB.toFixed(0)} MiB`);
    }
    rmSync(dataDir, { recursive: true, force: true });
    rmSync(file, { force: true });
  }
} finally {
  rmSync(work, { recursive: true, force: true });
}

console.log(`\n| posts | seconds | CPU seconds | CPU per doubling | peak RSS (MiB) |${heapCap ? ` (heap capped at ${heapCap} MiB)` : ''}\n|---|---|---|---|---|`);
for (const row of rows) {
  if (row.failed) {
    console.log(`| ${row.posts.toLocaleString('en')} | failed (out of heap) | | | |`);
    continue;
  }
  const before = rows.find((r) => r.posts * 2 === row.posts && !r.failed);
  const ratio = before ? (row.cpuSeconds / (2 * before.cpuSeconds)).toFixed(2) : '';
  console.log(`| ${row.posts.toLocaleString('en')} | ${row.seconds.toFixed(2)} | ${row.cpuSeconds.toFixed(2)} | ${ratio} | ${row.maxRssMiB.toFixed(0)} |`);
}
