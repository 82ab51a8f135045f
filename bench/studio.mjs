#!/usr/bin/env node
// The Studio's promise that a published edit reaches readers at once, measured in one
// run on this machine against a production build on SQLite:
//  - how long an autosave of a published translation takes (PUT, server-side work:
//    revision, search index, revalidation);
//  - how long after that save answers a reader's next request shows the new text.
//   node bench/studio.mjs [--edits 40]
import { spawnSync } from 'node:child_process';
import { createRequire } from 'node:module';
import { rmSync } from 'node:fs';
import { build, cleanUp, root, serve, stop } from './lib.mjs';

const require = createRequire(import.meta.url);
const { chromium } = require('playwright-core');
const edits = Number(process.argv[process.argv.indexOf('--edits') + 1]) || 40;
const dataDir = `${root}bench/.data/studio`;
const port = 3401;
const base = `http://127.0.0.1:${port}`;
const password = 'bench passphrase';

rmSync(dataDir, { recursive: true, force: true });
const created = spawnSync(process.execPath, [`${root}node_modules/tsx/dist/cli.mjs`, 'src/cli/duet.ts', 'create-user', 'owner@bench.test', 'owner', 'Bench'], {
  cwd: root,
  env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '', DUET_PASSWORD: password },
  stdio: 'inherit',
});
if (created.status !== 0) process.exit(1);

console.log('building the site…');
build('.next-bench-studio');
const server = await serve('.next-bench-studio', port, { DATA_DIR: dataDir, DATABASE_URL: '', PORT: String(port) });
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
});
try {
  const page = await browser.newPage({ baseURL: base });
  await page.goto('/en/studio/login');
  await page.getByLabel('E-mail address').fill('owner@bench.test');
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.waitForURL(/\/en\/studio$/);
  await page.getByLabel('Title', { exact: true }).fill('Bench post');
  await page.getByLabel('Written in').selectOption('en');
  await page.getByRole('button', { name: 'Create draft' }).click();
  await page.waitForURL(/\/studio\/posts\/\d+$/);
  const postId = Number(new URL(page.url()).pathname.split('/').pop());
  const slug = (await page.locator('#en-address strong').innerText());
  const headers = { origin: base };
  const body = 'A paragraph of text for the bench. '.repeat(60);
  let revision = (await (await page.request.get(`/api/v1/studio/posts/${postId}/revisions?locale=en`)).json()).revisions[0].id;
  const save = async (title) => {
    const started = performance.now();
    const res = await page.request.put(`/api/v1/studio/posts/${postId}/translations/en`, {
      headers,
      data: { postId, locale: 'en', title, slug, excerpt: '', body, expectedRevisionId: revision, basedOnRevisionId: null },
    });
    if (res.status() !== 200) throw new Error(`save answered ${res.status()}: ${await res.text()}`);
    revision = (await res.json()).translation.revisionId;
    return performance.now() - started;
  };
  await save('Bench post');
  const published = await page.request.post(`/api/v1/studio/posts/${postId}/publication`, { headers, data: { postId, locale: 'en', action: 'publish' } });
  if (!published.ok()) throw new Error(`publish answered ${published.status()}`);
  await fetch(`${base}/en/posts/${slug}`);

  const saves = [];
  const visible = [];
  let firstTry = 0;
  for (let i = 1; i <= edits; i++) {
    const title = `Bench post, edit ${i}`;
    saves.push(await save(title));
    const saved = performance.now();
    for (let attempt = 1; ; attempt++) {
      const html = await (await fetch(`${base}/en/posts/${slug}`)).text();
      if (html.includes(title)) {
        visible.push(performance.now() - saved);
        if (attempt === 1) firstTry++;
        break;
      }
      if (performance.now() - saved > 10_000) throw new Error(`edit ${i} not visible after 10 s`);
    }
  }
  const pct = (list, p) => [...list].sort((a, b) => a - b)[Math.min(list.length - 1, Math.floor((p / 100) * list.length))].toFixed(1);
  console.log('');
  console.log(`autosave of a published translation (${edits} edits): p50 ${pct(saves, 50)} ms, p95 ${pct(saves, 95)} ms`);
  console.log(`save answered → reader sees the edit:             p50 ${pct(visible, 50)} ms, p95 ${pct(visible, 95)} ms, max ${pct(visible, 100)} ms`);
  console.log(`edits visible on the reader's very next request:   ${firstTry}/${edits}`);
} finally {
  await browser.close();
  await stop(server);
  cleanUp(['.next-bench-studio']);
}
