// Several instances, one site (#15): what a reader and a writer see when requests land on
// either instance. Instance A and B serve one build and share PostgreSQL and Redis; the
// cookie `duet-instance` tells the balancer which one a request goes to.
import { readFileSync } from 'node:fs';
import { expect, test, type APIRequestContext, type BrowserContext, type Page } from '@playwright/test';
import pg from 'pg';
import { errorsLogged, owner, ports, siteUrl } from './harness';

interface State {
  schema: string;
  env: Record<string, string>;
  pids: Record<string, number | undefined>;
}

test.skip(process.env.CLUSTER_SKIP === '1', 'no PostgreSQL or redis-server here');
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

export async function publication(request: APIRequestContext, postId: number, action: 'publish' | 'unpublish') {
  const response = await request.post(`/api/v1/studio/posts/${postId}/publication`, { data: { postId, locale: 'en', action }, headers: { origin: siteUrl } });
  expect(response.status(), await response.text()).toBe(200);
}
