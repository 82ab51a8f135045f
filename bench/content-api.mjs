#!/usr/bin/env node
// The Content API's speed against the post page it mirrors, in one run on this machine:
// requests/s and p99 at 32 connections of a post page (returning reader), the posts list
// (15 posts, both languages, HTML and Markdown) and one post by its slug, all with 1,000
// posts on SQLite and a content key (checked, rate-counted and logged on every request).
//   node bench/content-api.mjs [--seconds 10] [--posts 1000]
import { spawnSync } from 'node:child_process';
import { rmSync } from 'node:fs';
import { build, cleanUp, load, root, serve, stop, table } from './lib.mjs';

const arg = (name, fallback) => Number(process.argv[process.argv.indexOf(name) + 1]) || fallback;
const seconds = arg('--seconds', 10);
const postCount = arg('--posts', 1000);
const dataDir = `${root}bench/.data/content-api`;
const env = { DATA_DIR: dataDir, DATABASE_URL: '' };
const tsx = `${root}node_modules/tsx/dist/cli.mjs`;

function run(args, extraEnv = {}) {
  const result = spawnSync(process.execPath, [tsx, ...args], { cwd: root, env: { ...process.env, ...env, ...extraEnv }, encoding: 'utf8', stdio: ['ignore', 'pipe', 'inherit'] });
  if (result.status !== 0) throw new Error(`${args.join(' ')} failed`);
  return result.stdout;
}

rmSync(dataDir, { recursive: true, force: true });
console.log(`generating the demo plus ${postCount} posts in ${dataDir}…`);
run(['bench/generate-posts.ts', String(postCount)]);
run(['src/cli/duet.ts', 'create-user', 'bench@example.com', 'owner', 'Bench'], { DUET_PASSWORD: 'bench passphrase' });
const key = run(['src/cli/duet.ts', 'create-api-key', 'bench@example.com', 'content', 'Bench']).trim();
// The bench must not be the thing it measures: no rate limit in the way.
spawnSync(process.execPath, ['-e', `new (require('better-sqlite3'))(process.argv[1]).prepare('update api_keys set rate_limit_per_minute = 100000000').run()`, `${dataDir}/duet.db`], { cwd: root, stdio: 'inherit' });

console.log('building the site…');
build('.next-bench-api');
const server = await serve('.next-bench-api', 3213, env);
const rows = [];
try {
  const base = 'http://127.0.0.1:3213';
  const postPath = '/en/posts/why-publish-in-two-languages';
  const auth = { authorization: `Bearer ${key}` };
  const probe = await fetch(`${base}/api/v1/content/posts/slug/en/why-publish-in-two-languages`, { headers: auth });
  if (probe.status !== 200) throw new Error(`the Content API answered ${probe.status}: ${await probe.text()}`);
  rows.push([`post page, cookie matches: ${postPath}`, await load(`${base}${postPath}`, { seconds, headers: { cookie: 'NEXT_LOCALE=en' } })]);
  rows.push(['Content API: list of 15 posts', await load(`${base}/api/v1/content/posts?limit=15`, { seconds, headers: auth })]);
  rows.push(['Content API: one post by slug', await load(`${base}/api/v1/content/posts/slug/en/why-publish-in-two-languages`, { seconds, headers: auth })]);
} finally {
  await stop(server);
}
table(rows);
const page = rows[0][1].rps;
for (const [name, r] of rows.slice(1)) console.log(`${name}: ${(r.rps / page).toFixed(2)}× the post page`);
cleanUp(['.next-bench-api']);
