// Several instances, one site (#15): what a reader and a writer see when requests land on
// either instance. Instance A and B serve one build and share PostgreSQL and Redis; the
// cookie `duet-instance` tells the balancer which one a request goes to.
import { createHash, randomBytes } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import { expect, test, type APIRequestContext, type BrowserContext, type Page } from '@playwright/test';
import pg from 'pg';
import { errorsLogged, isUp, logEntries, owner, ports, schedulerTickMs, siteUrl, startInstance, waitFor } from './harness';

interface State {
  schema: string;
  env: Record<string, string>;
  pids: Record<string, number | undefined>;
}

test.skip(process.env.CLUSTER_SKIP === '1', 'no PostgreSQL, redis-server or Swift here');
const state = (): State => JSON.parse(readFileSync(process.env.CLUSTER_STATE!, 'utf8')) as State;

async function query<T>(sql: string, params: unknown[] = []): Promise<T[]> {
  const client = new pg.Client({ connectionString: state().env.DATABASE_URL });
  await client.connect();
  try {
    return (await client.query(sql, params)).rows as T[];
  } finally {
    await client.end();
  }
}

async function via(context: BrowserContext, instance: 'a' | 'b') {
  await context.addCookies([{ name: 'duet-instance', value: instance, url: siteUrl }]);
}

async function signIn(page: Page) {
  await page.goto('/en/studio/login');
  await page.getByLabel('E-mail address').fill(owner.email);
  await page.getByLabel('Password').fill(owner.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).toHaveURL(/\/en\/studio$/, { timeout: 30_000 });
}

/** A fetch straight to one instance, past the balancer. */
async function fromInstance(instance: 'a' | 'b', path: string): Promise<{ status: number; text: string }> {
  const response = await fetch(`http://127.0.0.1:${ports[instance]}${path}`, { headers: { cookie: 'NEXT_LOCALE=en' } });
  return { status: response.status, text: await response.text() };
}

test('both instances, started together on an empty database, migrated and seeded it once', async () => {
  const [counted] = await query<{ posts: string }>('SELECT count(*) AS posts FROM posts');
  expect(Number(counted?.posts)).toBeGreaterThan(3);
  const twice = await query('SELECT locale, slug, count(*) FROM post_translations GROUP BY locale, slug HAVING count(*) > 1');
  expect(twice).toEqual([]);
  for (const instance of ['a', 'b'] as const) {
    expect((await fromInstance(instance, '/en')).status).toBe(200);
    // Neither tripped over the other: no unique-key clash from a second seed, no failed migration.
    expect(errorsLogged(instance)).toEqual([]);
  }
});

test('a session made on A is valid on B', async ({ page, context }) => {
  await via(context, 'a');
  await signIn(page);
  await via(context, 'b');
  const answer = await page.goto('/en/studio');
  expect(answer?.headers()['x-duet-instance']).toBe('b');
  await expect(page).toHaveURL(/\/en\/studio$/);
  await expect(page.getByRole('button', { name: 'Sign out' })).toBeVisible();
});

test('a form rendered by A is accepted by B (one build, one Server Actions key)', async ({ page, context }) => {
  await via(context, 'a');
  await signIn(page);
  await page.goto('/en/studio/account');
  await via(context, 'b');
  const form = page.locator('section[aria-labelledby=account-picture] form');
  await form.getByRole('radio').first().check();
  const answered = page.waitForResponse((r) => r.request().method() === 'POST' && new URL(r.url()).pathname === '/en/studio/account');
  await form.getByRole('button', { name: 'Save picture' }).click();
  const response = await answered;
  expect(response.headers()['x-duet-instance']).toBe('b');
  await expect(form.getByText('Saved.')).toBeVisible();
});

async function publication(request: APIRequestContext, postId: number, action: 'publish' | 'unpublish') {
  const response = await request.post(`/api/v1/studio/posts/${postId}/publication`, { data: { postId, locale: 'en', action }, headers: { origin: siteUrl } });
  expect(response.status(), await response.text()).toBe(200);
}

/** A short WAV file of noise: kept as uploaded, so its bytes can be compared end to end. */
function wav(bytes: number): Buffer {
  const data = randomBytes(bytes);
  const header = Buffer.alloc(44);
  header.write('RIFF', 0);
  header.writeUInt32LE(36 + data.length, 4);
  header.write('WAVEfmt ', 8);
  header.writeUInt32LE(16, 16);
  header.writeUInt16LE(1, 20); // PCM
  header.writeUInt16LE(1, 22); // mono
  header.writeUInt32LE(44_100, 24);
  header.writeUInt32LE(88_200, 28);
  header.writeUInt16LE(2, 32);
  header.writeUInt16LE(16, 34);
  header.write('data', 36);
  header.writeUInt32LE(data.length, 40);
  return Buffer.concat([header, data]);
}

const sha256 = (bytes: Buffer | ArrayBuffer) => createHash('sha256').update(Buffer.from(bytes as ArrayBuffer)).digest('hex');

test('a file uploaded through A is byte for byte what B serves from the bucket, ranges included', async ({ page, context }) => {
  await via(context, 'a');
  await signIn(page);
  const file = wav(3 * 1024 * 1024);
  const uploaded = await page.request.post('/api/v1/studio/media?name=cluster-noise.wav&kind=audio', { data: file, headers: { origin: siteUrl, 'content-type': 'audio/wav' } });
  expect(uploaded.status(), await uploaded.text()).toBe(201);
  const path = ((await uploaded.json()) as { media: { path: string } }).media.path;
  expect(uploaded.headers()['x-duet-instance']).toBe('a');

  const whole = await fetch(`http://127.0.0.1:${ports.b}${path}`);
  expect(whole.status).toBe(200);
  expect(sha256(await whole.arrayBuffer())).toBe(sha256(file));
  const part = await fetch(`http://127.0.0.1:${ports.b}${path}`, { headers: { range: 'bytes=1000-1999999' } });
  expect(part.status).toBe(206);
  expect(part.headers.get('content-range')).toBe(`bytes 1000-1999999/${file.length}`);
  expect(sha256(await part.arrayBuffer())).toBe(sha256(file.subarray(1000, 2_000_000)));
  const beyond = await fetch(`http://127.0.0.1:${ports.b}${path}`, { headers: { range: `bytes=${file.length + 10}-` } });
  expect(beyond.status).toBe(416);
  expect(whole.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
});

const post = { slug: 'the-time-it-takes-to-drink-tea', title: 'The Time It Takes to Drink Tea' };

async function postId(): Promise<number> {
  const [row] = await query<{ post_id: number }>("SELECT post_id FROM post_translations WHERE locale = 'en' AND slug = $1", [post.slug]);
  return Number(row!.post_id);
}

/** What instance B shows of the post: its page, the home list, the feed and the sitemap. */
async function shownOnB(): Promise<boolean[]> {
  const [page, home, feed, sitemap] = await Promise.all([
    fromInstance('b', `/en/posts/${post.slug}`),
    fromInstance('b', '/en'),
    fromInstance('b', '/en/feed.xml'),
    fromInstance('b', '/sitemap.xml'),
  ]);
  return [page.status === 200, home.text.includes(post.title), feed.text.includes(post.title), sitemap.text.includes(`/en/posts/${post.slug}`)];
}

/** Milliseconds until B shows the post everywhere (`shown`) or nowhere; fails after `limitMs`. */
async function untilB(shown: boolean, limitMs: number): Promise<number> {
  const started = performance.now();
  let last: boolean[] = [];
  while (performance.now() - started < limitMs) {
    last = await shownOnB();
    if (last.every((seen) => seen === shown)) return performance.now() - started;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`B still shows [page, home, feed, sitemap] = ${JSON.stringify(last)} after ${limitMs} ms (wanted ${shown})`);
}

/** Signs the owner in through `instance`; returns the demo post's id once B shows it. */
async function ownerWithPost(page: Page, context: BrowserContext, instance: 'a' | 'b'): Promise<number> {
  await via(context, instance);
  await signIn(page);
  const id = await postId();
  await untilB(true, 10_000);
  return id;
}

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;

test('a publish on A is what B serves, page, list, feed and sitemap, within 2 s', async ({ page, context }) => {
  test.setTimeout(300_000);
  const id = await ownerWithPost(page, context, 'a');
  const latencies: number[] = [];
  for (let i = 0; i < 20; i++) {
    await publication(page.request, id, 'unpublish');
    await untilB(false, 10_000);
    await publication(page.request, id, 'publish');
    latencies.push(await untilB(true, 10_000));
  }
  const sorted = [...latencies].sort((x, y) => x - y);
  const [p50, p95] = [percentile(sorted, 50), percentile(sorted, 95)];
  console.log(`publish on A → visible on B (page, list, feed, sitemap), 20 publishes: p50 ${p50.toFixed(0)} ms, p95 ${p95.toFixed(0)} ms, max ${sorted.at(-1)!.toFixed(0)} ms`);
  expect(p95).toBeLessThanOrEqual(2000);
});

async function answers(instance: 'a' | 'b', path: string): Promise<number> {
  const response = await fetch(`http://127.0.0.1:${ports[instance]}${path}`, { signal: AbortSignal.timeout(20_000) });
  return response.status;
}

test('with Redis unreachable, pages answer from the database; once it is back no stale page survives', async ({ page, context }) => {
  test.setTimeout(180_000);
  const id = await ownerWithPost(page, context, 'a');
  const redis = state().pids.redis!;
  // Paused, not stopped: connections hang (the worst case) and the cached pages survive.
  process.kill(redis, 'SIGSTOP');
  try {
    for (const instance of ['a', 'b'] as const) {
      expect(await answers(instance, `/en/posts/${post.slug}`)).toBe(200);
      expect(await answers(instance, '/zh')).toBe(200);
    }
    await publication(page.request, id, 'unpublish');
  } finally {
    process.kill(redis, 'SIGCONT');
  }
  // The unpublish happened while the cache could not hear of it: B must not serve the old page.
  await untilB(false, 10_000);
  await publication(page.request, id, 'publish');
  await untilB(true, 10_000);
});

test('an instance started after a publish serves the new content', async ({ page, context }) => {
  test.setTimeout(240_000);
  const id = await ownerWithPost(page, context, 'a');
  const before = state();
  process.kill(-before.pids.b!, 'SIGKILL');
  await waitFor(async () => !(await isUp(ports.b).catch(() => false)), 'B to stop', 30_000);
  await publication(page.request, id, 'unpublish');
  const b = startInstance('b', before.env);
  writeFileSync(process.env.CLUSTER_STATE!, JSON.stringify({ ...before, pids: { ...before.pids, b: b.pid } }));
  await waitFor(() => isUp(ports.b), 'the new B', 120_000, [b]);
  await untilB(false, 10_000);
  await publication(page.request, id, 'publish');
  await untilB(true, 10_000);
});

/** How many times either instance has reported publishing this post on schedule. */
function scheduledPublications(id: number): number {
  return ['a', 'b']
    .flatMap((name) => logEntries(name))
    .filter((entry) => entry.msg === 'published scheduled translations' && (entry.posts as number[]).includes(id)).length;
}

async function scheduleSoon(request: APIRequestContext, id: number, seconds: number): Promise<number> {
  const at = Date.now() + seconds * 1000;
  const response = await request.post(`/api/v1/studio/posts/${id}/publication`, {
    data: { postId: id, locale: 'en', action: 'schedule', publishAt: new Date(at).toISOString() },
    headers: { origin: siteUrl },
  });
  expect(response.status(), await response.text()).toBe(200);
  return at;
}

test('a translation scheduled seconds ahead is published once by the two schedulers, and once when an instance dies at that moment', async ({ page, context }) => {
  test.setTimeout(240_000);
  const id = await ownerWithPost(page, context, 'b');

  // Both up: each runs a scheduler; one of them publishes it.
  const before = scheduledPublications(id);
  await publication(page.request, id, 'unpublish');
  await untilB(false, 10_000);
  await scheduleSoon(page.request, id, 5);
  await untilB(true, 40_000);
  await expect.poll(() => scheduledPublications(id)).toBe(before + 1);

  // A dies the moment the text falls due: B still publishes it, once.
  await publication(page.request, id, 'unpublish');
  await untilB(false, 10_000);
  const due = await scheduleSoon(page.request, id, 6);
  await new Promise((resolve) => setTimeout(resolve, due - Date.now()));
  const { pids, env } = state();
  process.kill(-pids.a!, 'SIGKILL');
  await untilB(true, 40_000);
  // Wait past B's next tick (and one more): a second publication would show by then.
  await new Promise((resolve) => setTimeout(resolve, 2 * schedulerTickMs + 500));
  expect(scheduledPublications(id)).toBe(before + 2);

  const a = startInstance('a', env);
  writeFileSync(process.env.CLUSTER_STATE!, JSON.stringify({ ...state(), pids: { ...state().pids, a: a.pid } }));
  await waitFor(() => isUp(ports.a), 'A again', 120_000, [a]);
});
