// Duet seen from the fediverse (issue #29): a real server built on Fedify
// (tests/fediverse/client-server.ts) resolves `acct:zh@localhost:<port>` over https (Debian's
// nginx running deploy/nginx.conf with a throwaway certificate), reads an article by its
// page address, follows the Chinese actor and gets a Create, an Update and a Delete as the
// owner publishes, updates and unpublishes a Chinese text, and nothing for a draft save or an
// English-only text; its reply is held in the Studio's queue and, once approved, shown on the
// Chinese page only. Deliveries are awaited by polling the client, bounded, never by sleeping.
// Mandatory in CI; elsewhere skipped loudly without nginx or openssl.
import { readFileSync } from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import type { ReceivedActivity } from '../fediverse/client-protocol';
import { fediverseOwner, startFediverseStage, type FediverseStage } from './helpers/fediverse-stage';
import { nginxBinary } from './helpers/nginx';
import { latestRevision, newDraft, randomIp, signIn } from './helpers/studio';
import { hasOpenssl } from './helpers/test-certificate';
import { approveReply, heldReplies } from './helpers/fediverse-studio';

test.describe.configure({ mode: 'serial' });

const siteName = (JSON.parse(readFileSync('demo/site.json', 'utf8')) as { title: { zh: string } }).title.zh;
/** Long enough for a delivery on a loaded machine: a publish wakes the federation's worker at once. */
const deliveryTimeout = 30_000;
const run = Date.now().toString(36);
const zhSlug = `fediverse-zh-${run}`;
const enSlug = `fediverse-en-${run}`;

let stage: FediverseStage;
let owner: Page;
let postId: number;
let articleId: string;

test.beforeAll(async ({ browser }) => {
  test.setTimeout(240_000);
  if (!nginxBinary || !hasOpenssl) {
    const missing = [!nginxBinary && 'nginx', !hasOpenssl && 'openssl'].filter(Boolean).join(' and ');
    if (process.env.CI === 'true') throw new Error(`CI: the fediverse suite needs ${missing} (apt-get install nginx openssl).`);
    console.warn(`\n  SKIPPED: the fediverse suite needs ${missing} for its TLS front. CI runs it.\n`);
    test.skip(true, `${missing} missing`);
  }
  stage = await startFediverseStage();
  const context = await browser.newContext({ baseURL: stage.siteUrl, ignoreHTTPSErrors: true, extraHTTPHeaders: { 'x-forwarded-for': randomIp() } });
  owner = await context.newPage();
  await signIn(owner, fediverseOwner.email, fediverseOwner.password);
});
// A failed step shows what the instance logged at warning level and up, and what the client got.
test.afterEach(async ({}, testInfo) => {
  if (testInfo.status === testInfo.expectedStatus || !stage) return;
  const warnings = readFileSync(stage.duetLog, 'utf8').split('\n').filter((line) => /^\{"level":([4-6]\d)/.test(line));
  console.log(`--- the instance's warnings (${stage.duetLog}) ---\n${warnings.slice(-20).join('\n')}`);
  console.log(`--- the client received ---\n${JSON.stringify(await stage.client.received().catch(() => []), null, 1)}`);
});
test.afterAll(async () => {
  await owner?.context().close();
  await stage?.stop();
});

const origin = () => ({ origin: stage.siteUrl });

async function saveText(locale: 'zh' | 'en', title: string, slug: string, body: string, id = postId) {
  const base = await latestRevision(owner, id, locale).catch(() => undefined);
  const saved = await owner.request.put(`/api/v1/studio/posts/${id}/translations/${locale}`, {
    headers: origin(),
    data: { postId: id, locale, title, slug, excerpt: '', body, expectedRevisionId: base?.id ?? null, basedOnRevisionId: null },
  });
  expect(saved.status(), await saved.text()).toBe(200);
}

async function publication(locale: 'zh' | 'en', action: 'publish' | 'unpublish', id = postId) {
  const answer = await owner.request.post(`/api/v1/studio/posts/${id}/publication`, { headers: origin(), data: { postId: id, locale, action } });
  expect(answer.ok(), await answer.text()).toBe(true);
}

/** Polls the client until an activity matches; bounded. */
async function delivered(what: string, match: (activity: ReceivedActivity) => boolean): Promise<ReceivedActivity> {
  let found: ReceivedActivity | undefined;
  await expect
    .poll(async () => (found = (await stage.client.received()).find(match)) !== undefined, { message: `the client receives ${what}`, timeout: deliveryTimeout })
    .toBe(true);
  return found!;
}

test('the client reaches the site over https, trusting the test authority it was given', async () => {
  expect(await stage.client.fetch(`${stage.siteUrl}/api/health`)).toMatchObject({ status: 200 });
});

test('WebFinger acct:zh@<host> resolves the Chinese actor, named after the site in Chinese', async () => {
  const finger = await stage.client.webfinger(`acct:zh@${stage.host}`);
  expect(finger?.subject).toBe(`acct:zh@${stage.host}`);
  const self = finger?.links.find((link) => link.rel === 'self' && link.type === 'application/activity+json');
  expect(self?.href).toMatch(new RegExp(`^${stage.siteUrl}/`));
  const actor = await stage.client.lookup(`acct:zh@${stage.host}`);
  expect(actor).toMatchObject({ id: self!.href, preferredUsername: 'zh', name: siteName });
  expect(String(actor!.inbox)).toMatch(new RegExp(`^${stage.siteUrl}/`));
});

test('the client follows the Chinese actor and gets its Accept', async () => {
  const { followId } = await stage.client.follow(`@zh@${stage.host}`);
  const accept = await delivered('the Accept of its Follow', (activity) => activity.kind === 'Accept' && activity.objectId === followId);
  expect(accept.actor).toMatch(new RegExp(`^${stage.siteUrl}/`));
});

test('publishing a Chinese text delivers a Create of the Article, which its page address also resolves to', async ({ browser }) => {
  postId = await newDraft(owner, `联邦测试 ${run}`, 'zh');
  await saveText('zh', `联邦测试 ${run}`, zhSlug, `第一版正文，${run}。`);
  await publication('zh', 'publish');
  const create = await delivered('the Create of the Chinese text', (activity) => activity.kind === 'Create' && activity.objectType === 'Article');
  expect(create.contentMap?.zh).toContain(`第一版正文，${run}。`);
  expect(create.contentMap?.en).toBeUndefined();
  articleId = create.objectId!;

  // A reader's visit first puts the page in the front's one-second cache: the client asking
  // the same address for ActivityPub JSON must still get the Article, and readers the page.
  const reader = await browser.newContext({ baseURL: stage.siteUrl, ignoreHTTPSErrors: true });
  const page = await reader.request.get(`/zh/posts/${zhSlug}`);
  expect(page.headers()['content-type']).toContain('text/html');
  const article = await stage.client.lookup(`${stage.siteUrl}/zh/posts/${zhSlug}`);
  expect(article).toMatchObject({ type: 'Article', id: articleId });
  expect((article!.contentMap as Record<string, string>).zh).toContain(`第一版正文，${run}。`);
  expect((await reader.request.get(`/zh/posts/${zhSlug}`)).headers()['content-type']).toContain('text/html');
  await reader.close();
});

test('an update of the live Chinese text delivers an Update', async () => {
  await saveText('zh', `联邦测试 ${run}`, zhSlug, `第二版正文，${run}。`);
  await publication('zh', 'publish');
  const update = await delivered('the Update', (activity) => activity.kind === 'Update' && activity.objectId === articleId);
  expect(update.contentMap?.zh).toContain(`第二版正文，${run}。`);
});

test('a reply from the fediverse is held in the Studio, and once approved shows on the Chinese page only', async ({ browser }) => {
  test.setTimeout(90_000);
  // The English version of the same post, live, so "not on the English page" is a real page.
  await saveText('en', `Federation test ${run}`, enSlug, `The English version, ${run}.`);
  await publication('en', 'publish');
  const reader = await browser.newContext({ baseURL: stage.siteUrl, ignoreHTTPSErrors: true });
  const read = async (path: string) => (await reader.request.get(path)).text();
  const reply = `来自联邦宇宙的回复 ${run}`;
  await stage.client.reply(articleId, reply, 'zh');
  await expect.poll(async () => (await heldReplies(owner)).some((held) => held.includes(reply)), { message: 'the reply is held in the Studio', timeout: deliveryTimeout }).toBe(true);
  // Held: readers do not see it yet.
  expect(await read(`/zh/posts/${zhSlug}`)).not.toContain(reply);
  await approveReply(owner, reply);
  // Through the front's one-second cache.
  await expect.poll(() => read(`/zh/posts/${zhSlug}`), { timeout: 10_000 }).toContain(reply);
  const english = await read(`/en/posts/${enSlug}`);
  expect(english).toContain(`The English version, ${run}.`);
  expect(english).not.toContain(reply);
  await reader.close();
});

test('a draft save and an English-only text send the Chinese follower nothing; unpublishing sends a Delete', async () => {
  await saveText('zh', `联邦测试 ${run}`, zhSlug, `草稿，没有发布，${run}。`);
  const englishOnly = await newDraft(owner, `English only ${run}`, 'en');
  await saveText('en', `English only ${run}`, `english-only-${run}`, `Only in English, ${run}.`, englishOnly);
  await publication('en', 'publish', englishOnly);
  // Everything above was done before the unpublish: once its Delete is here, anything they
  // had sent would be here too (one worker, in order).
  await publication('zh', 'unpublish');
  await delivered('the Delete', (activity) => activity.kind === 'Delete' && (activity.objectId === articleId || activity.objectType === 'Tombstone'));
  const received = await stage.client.received();
  // One Create; every later activity is about that one article (publishing its English
  // version may send its Chinese followers an Update of the link to it, nothing more).
  expect(received.filter((activity) => activity.kind === 'Create')).toHaveLength(1);
  expect(received.filter((activity) => activity.kind !== 'Accept').map((activity) => activity.objectId)).toEqual(received.filter((activity) => activity.kind !== 'Accept').map(() => articleId));
  expect(JSON.stringify(received)).not.toContain('草稿');
  expect(JSON.stringify(received)).not.toContain(`Only in English, ${run}`);
});
