// API keys as an owner and a program meet them: made in Studio › Integrations and shown
// once, working against the Content API at once, their uses listed, and dead once revoked;
// a demoted admin's key loses the admin's rights with the very next request; a bad origin
// is refused beside its field in the writer's language; an editor gets no keys.
import { expect, test } from '@playwright/test';
import { acceptInvite, invite, ownerPage, randomIp } from './helpers/studio';

const keysSection = 'section[aria-labelledby=api-keys]';

test('an owner makes a key, a program reads with it, its uses are listed, and revoking ends it', async ({ browser, baseURL, request }) => {
  test.setTimeout(60_000);
  const page = await ownerPage(browser, baseURL!);
  const name = `Reader app ${Date.now()}-${test.info().project.name}`;
  await page.goto('/en/studio/integrations');
  await expect(page.getByRole('heading', { level: 1, name: 'Integrations' })).toBeVisible();
  const section = page.locator(keysSection);
  await section.getByLabel('Name').fill(name);
  await section.getByLabel('Access').selectOption('content');
  await section.getByLabel('Websites that may call it from a browser').fill('https://app.example');
  await section.getByRole('button', { name: 'Create key' }).click();
  const shown = section.locator('[role=status] code');
  await expect(shown).toHaveText(/^duet_c_[\w-]{43}$/);
  const key = (await shown.textContent())!;
  await expect(section.getByRole('button', { name: 'Copy key' })).toBeVisible();
  const card = section.locator('li', { hasText: name });
  await expect(card).toContainText(key.slice(0, 12));
  await expect(card).toContainText('Browsers: https://app.example');

  const answer = await request.get('/api/v1/content/posts?limit=1', { headers: { authorization: `Bearer ${key}`, origin: 'https://app.example' } });
  expect(answer.status()).toBe(200);
  expect(answer.headers()['access-control-allow-origin']).toBe('https://app.example');

  // Uses reach the database in batches of two seconds.
  await expect(async () => {
    await page.reload();
    await page.locator(keysSection).locator('li', { hasText: name }).getByText('Recent uses').click();
    await expect(page.locator(keysSection).locator('li', { hasText: name }).locator('td code')).toContainText('GET /api/v1/content/posts');
  }).toPass({ timeout: 15_000 });
  expect(await page.content()).not.toContain(key);

  // Used (so this server holds it in its key cache) just before it is revoked: the revocation,
  // made by a server action, reaches the API's routes at once.
  expect((await request.get('/api/v1/content/posts?limit=1', { headers: { authorization: `Bearer ${key}` } })).status()).toBe(200);
  await page.locator(keysSection).locator('li', { hasText: name }).getByRole('button', { name: 'Revoke' }).click();
  // Asked first: Cancel keeps the key working.
  const question = page.getByRole('dialog', { name: `Revoke the key “${name}”? Programs using it are refused from then on; this cannot be undone.` });
  await question.getByRole('button', { name: 'Cancel' }).click();
  await expect(page.locator(keysSection).locator('li', { hasText: name })).toContainText('Active');
  await page.locator(keysSection).locator('li', { hasText: name }).getByRole('button', { name: 'Revoke' }).click();
  await question.getByRole('button', { name: 'Revoke' }).click();
  await expect(page.locator(keysSection).locator('li', { hasText: name })).toContainText('Revoked');
  expect((await request.get('/api/v1/content/posts?limit=1', { headers: { authorization: `Bearer ${key}` } })).status()).toBe(401);
  await page.context().close();
});

test('a key acts with its account\'s new role from the very next request after the owner demotes it', async ({ browser, baseURL, request }) => {
  // Two people sign in (a password hashing each) before the step under test.
  test.setTimeout(60_000);
  const owner = await ownerPage(browser, baseURL!);
  const email = `admin-${Date.now()}-${test.info().project.name}@duet.test`;
  const path = await invite(owner, email, 'admin');
  const context = await browser.newContext({ baseURL, extraHTTPHeaders: { 'x-forwarded-for': randomIp() } });
  const admin = await context.newPage();
  await acceptInvite(admin, path, 'Ada Admin', 'admin passphrase 1');
  await admin.goto('/en/studio/integrations');
  const section = admin.locator(keysSection);
  await section.getByLabel('Name').fill(`Writer bot ${test.info().project.name}`);
  await section.getByLabel('Access').selectOption('admin');
  await section.getByRole('button', { name: 'Create key' }).click();
  const key = (await section.locator('[role=status] code').textContent())!;
  expect(key).toMatch(/^duet_a_/);

  const createDraft = (title: string) =>
    request.post('/api/v1/admin/posts', { headers: { authorization: `Bearer ${key}` }, data: { title, sourceLocale: 'en' } });
  await owner.goto('/en/studio/users');
  const row = owner.locator('tr', { hasText: email });
  await row.getByLabel('Role').selectOption('translator');
  // The key is used (and cached by this server as an admin's) right before the change.
  expect((await createDraft('Written while an admin')).status()).toBe(201);
  await row.getByRole('button', { name: 'Change role' }).click();
  await expect(row.getByText('Saved.')).toBeVisible();
  const refused = await createDraft('Written after the demotion');
  expect(refused.status()).toBe(403);
  expect((await refused.json()).error).toMatchObject({ status: 403, title: 'Forbidden' });
  await context.close();
  await owner.context().close();
});

test('a bad origin is refused beside its field, in Chinese, and what was typed stays', async ({ browser, baseURL }) => {
  const page = await ownerPage(browser, baseURL!);
  await page.goto('/zh/studio/integrations');
  const section = page.locator(keysSection);
  await section.getByLabel('名称').fill('坏来源');
  await section.getByLabel('允许在浏览器中调用的网站').fill('https://app.example/path');
  await section.getByRole('button', { name: '创建密钥' }).click();
  await expect(section.locator('#new-key-allowedOrigins-error')).toHaveText('请填写来源，例如 https://app.example.com，或用 * 表示任何网站。');
  await expect(section.getByLabel('名称')).toHaveValue('坏来源');
  await page.context().close();
});

test('an editor has no API keys to see or make', async ({ browser, baseURL }) => {
  const owner = await ownerPage(browser, baseURL!);
  const email = `editor-${Date.now()}-${test.info().project.name}@duet.test`;
  const path = await invite(owner, email, 'editor');
  const context = await browser.newContext({ baseURL, extraHTTPHeaders: { 'x-forwarded-for': randomIp() } });
  const editor = await context.newPage();
  await acceptInvite(editor, path, 'Ed Editor', 'editor passphrase 1');
  await editor.goto('/en/studio/integrations');
  await expect(editor.locator('main').getByRole('alert')).toHaveText('Your role does not allow this.');
  await expect(editor.locator(keysSection)).toHaveCount(0);
  await context.close();
  await owner.context().close();
});
