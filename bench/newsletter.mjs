#!/usr/bin/env node
// A newsletter send to 10,000 members through a real MTA (#25), one run on this machine: a
// production server on SQLite with its own DATA_DIR, 10,000 confirmed members added through
// the member import's db functions (bench/newsletter-members.ts), SMTP_URL pointing at a
// private Postfix on loopback (the test harness, tests/integration/helpers/postfix.ts: its
// `virtual` agent writes every message into a Maildir). A post published in the Studio
// with "and e-mail it"; printed: the time until every e-mail is marked sent and until
// Postfix delivered them all, the server's peak resident memory during the send, and the
// reading throughput of a cached article page (autocannon, 32 connections) alone and
// while the send runs, as a ratio.
//   node bench/newsletter.mjs [--members 10000] [--seconds 10] [--port 38210] [--smtp-port 38211] [--dist .next-built]
// Needs Postfix (apt-get install postfix) and root, as the Postfix tests do.
import { spawnSync } from 'node:child_process';
import { createRequire } from 'node:module';
import { randomBytes } from 'node:crypto';
import { existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { build, cleanUp, load, root, serve, stop } from './lib.mjs';

const require = createRequire(import.meta.url);
const Database = require('better-sqlite3');
const { chromium } = require('playwright-core');

const option = (name) => (process.argv.includes(name) ? process.argv[process.argv.indexOf(name) + 1] : undefined);
const arg = (name, fallback) => Number(option(name)) || fallback;
const members = arg('--members', 10_000);
const seconds = arg('--seconds', 10);
const port = arg('--port', 38210);
const smtpPort = arg('--smtp-port', 38211);
const prebuilt = option('--dist');
const distDir = prebuilt ?? '.next-bench-newsletter';
const dataDir = `${root}bench/.data/newsletter-${port}`;
const base = `http://127.0.0.1:${port}`;
const password = 'newsletter bench passphrase';
const articlePath = '/en/posts/why-publish-in-two-languages';
const reader = { cookie: 'NEXT_LOCALE=en' };

const { postfixMissing, startPostfix } = await import('../tests/integration/helpers/postfix.ts');
const missing = postfixMissing();
if (missing) throw new Error(`bench/newsletter.mjs needs Postfix: ${missing}`);

function tsx(args, env) {
  const result = spawnSync(process.execPath, [`${root}node_modules/tsx/dist/cli.mjs`, ...args], { cwd: root, env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '', LOG_LEVEL: 'error', ...env }, encoding: 'utf8', stdio: ['ignore', 'pipe', 'inherit'] });
  if (result.status !== 0) throw new Error(`tsx ${args.join(' ')} failed`);
  return result.stdout;
}

rmSync(dataDir, { recursive: true, force: true });
tsx(['src/cli/duet.ts', 'create-user', 'owner@bench.test', 'owner', 'Owner'], { DUET_PASSWORD: password });
const addStarted = performance.now();
const added = JSON.parse(tsx(['bench/newsletter-members.ts', String(members)]).trim().split('\n').at(-1));
console.log(`${added.added} members added in ${((performance.now() - addStarted) / 1000).toFixed(1)} s`);
if (prebuilt) {
  if (!existsSync(join(root, prebuilt, 'BUILD_ID'))) throw new Error(`--dist ${prebuilt}: no build there`);
} else {
  console.log('building…');
  build(distDir);
}

// The token the server's internal routes accept (its memory figures, /api/v1/internal/stats).
const token = randomBytes(24).toString('base64url');
writeFileSync(join(dataDir, 'revalidate.token'), token, { mode: 0o600 });
const postfix = await startPostfix(smtpPort);
const server = await serve(distDir, port, { DATA_DIR: dataDir, DATABASE_URL: '', PORT: String(port), SITE_URL: base, SMTP_URL: postfix.smtpUrl, MAIL_FROM: 'news@bench.test' });
const rssOf = () => Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${server.pid}/status`, 'utf8'))[1]) / 1024;
const mb = (bytes) => `${(bytes / 1024 / 1024).toFixed(0)}`;
async function heap() {
  const { memory } = await (await fetch(`${base}/api/v1/internal/stats`, { headers: { authorization: `Bearer ${token}` } })).json();
  return `rss ${mb(memory.rss)} MB, heap ${mb(memory.heapUsed)}/${mb(memory.heapTotal)} MB, external ${mb(memory.external)} MB`;
}
const db = new Database(join(dataDir, 'duet.db'), { readonly: true, fileMustExist: true });
const outbox = () => Object.fromEntries(db.prepare("select status, count(*) as n from email_outbox where send_id is not null group by status").all().map((r) => [r.status, r.n]));

try {
  const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: ['--no-sandbox', '--disable-background-networking', '--disable-component-update', '--disable-sync'] });
  const page = await browser.newPage({ baseURL: base });
  await page.goto('/en/studio/login');
  await page.getByLabel('E-mail address').fill('owner@bench.test');
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.waitForURL(/\/en\/studio$/);
  await page.getByLabel('Title', { exact: true }).fill('A letter to ten thousand readers');
  await page.getByLabel('Written in').selectOption('en');
  await page.getByRole('button', { name: 'Create draft' }).click();
  await page.waitForURL(/\/studio\/posts\/\d+$/);
  const postId = Number(new URL(page.url()).pathname.split('/').pop());
  const slug = await page.locator('#en-address strong').innerText();
  const revision = (await (await page.request.get(`/api/v1/studio/posts/${postId}/revisions?locale=en`)).json()).revisions[0].id;
  const body = Array.from({ length: 12 }, (_, i) => `Paragraph ${i + 1}: ${'A sentence of the letter, long enough to read like one. '.repeat(6)}`).join('\n\n');
  const saved = await page.request.put(`/api/v1/studio/posts/${postId}/translations/en`, {
    headers: { origin: base },
    data: { postId, locale: 'en', title: 'A letter to ten thousand readers', slug, excerpt: '', body, expectedRevisionId: revision, basedOnRevisionId: null },
  });
  if (!saved.ok()) throw new Error(`save answered ${saved.status()}: ${await saved.text()}`);

  const heapAtRest = await heap();
  const rssBefore = rssOf();
  let peakAlone = rssBefore;
  const aloneSampler = setInterval(() => (peakAlone = Math.max(peakAlone, rssOf())), 100);
  const alone = await load(base + articlePath, { seconds, headers: reader });
  clearInterval(aloneSampler);
  const heapAfterReading = await heap();

  let peak = rssOf();
  const sampler = setInterval(() => (peak = Math.max(peak, rssOf())), 100);
  const started = performance.now();
  const published = await page.request.post(`/api/v1/studio/posts/${postId}/publication`, { headers: { origin: base }, data: { postId, locale: 'en', action: 'publish', newsletter: 'default' } });
  if (!published.ok()) throw new Error(`publish with a send answered ${published.status()}: ${await published.text()}`);
  await browser.close();
  let markedAt = null;
  let deliveredAt = null;
  const watch = (async () => {
    for (;;) {
      const counts = outbox();
      const total = Object.values(counts).reduce((a, b) => a + b, 0);
      if (markedAt === null && total >= members && !counts.pending && !counts.sending) markedAt = performance.now();
      if (deliveredAt === null && postfix.count() >= members) deliveredAt = performance.now();
      if (markedAt !== null && deliveredAt !== null) return counts;
      if (performance.now() - started > 30 * 60_000) throw new Error(`the send did not finish in 30 minutes: ${JSON.stringify(counts)}, ${postfix.count()} in the Maildir`);
      await sleep(200);
    }
  })();
  const during = await load(base + articlePath, { seconds, headers: reader });
  const duringEnded = performance.now();
  const counts = await watch;
  clearInterval(sampler);
  const heapAfterSend = await heap();

  const s = (at) => ((at - started) / 1000).toFixed(1);
  const sentWhileLoading = markedAt > duringEnded;
  console.log('');
  console.log(`members                                   ${members} (${added.added} added)`);
  console.log(`outbox after the send                     ${JSON.stringify(counts)}`);
  console.log(`all e-mails marked sent                   ${s(markedAt)} s (${(members / ((markedAt - started) / 1000)).toFixed(0)} a second)`);
  console.log(`all delivered into Postfix's Maildir      ${s(deliveredAt)} s`);
  console.log(`server RSS at rest / peak reading alone    ${rssBefore.toFixed(0)} MB / ${peakAlone.toFixed(0)} MB`);
  console.log(`server RSS peak during the send (+reading) ${peak.toFixed(0)} MB, ${rssOf().toFixed(0)} MB once sent`);
  console.log(`server memory at rest                      ${heapAtRest}`);
  console.log(`  after reading alone                     ${heapAfterReading}`);
  console.log(`  once sent                               ${heapAfterSend}`);
  console.log(`reading ${articlePath}, ${seconds} s at 32 connections:`);
  console.log(`  alone                                   ${alone.rps.toFixed(0)} req/s   p50 ${alone.p50} ms   p99 ${alone.p99} ms`);
  console.log(`  during the send                         ${during.rps.toFixed(0)} req/s   p50 ${during.p50} ms   p99 ${during.p99} ms`);
  console.log(`  ratio during / alone                    ${(during.rps / alone.rps).toFixed(2)}${sentWhileLoading ? '' : '   (the send ended before the load did: not all of it overlapped)'}`);
} finally {
  db.close();
  await stop(server);
  await postfix.stop();
  if (!prebuilt) cleanUp([distDir]);
}
