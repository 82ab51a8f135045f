// The Studio's Members screen as an owner: a member added by hand appears in the list and
// its figures, the filters find it (and only what they should), and the export of the
// filtered list is a CSV holding it; an export from Substack checked, imported, and
// checked again finds nothing new.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import { ownerPage } from './helpers/studio';

test('an owner adds a member by hand, finds them by filters and exports them', async ({ browser, baseURL }, info) => {
  test.skip(info.project.name !== 'desktop', 'one run: the list and forms, not the layout (screenshots cover 375 px)');
  const page = await ownerPage(browser, baseURL!);
  const address = `by-hand-${Date.now()}@example.com`;
  await page.goto('/en/studio/members');
  // The suite sets no SMTP_URL: the screen says e-mails are written to files, and where.
  await expect(page.locator('[data-mail-files]')).toContainText(/No mail server is set up \(SMTP_URL\).*outbox/);
  const subscribed = Number((await page.locator('[data-figure=subscribed] dd').textContent())!.replace(/\D/g, ''));

  const add = page.locator('details:has(#add-member-email)');
  await add.locator('summary').click();
  await add.getByLabel('E-mail address').fill(address);
  await add.getByLabel('Language').selectOption('both');
  await add.getByRole('button', { name: 'Add member' }).click();
  await expect(add.getByRole('status')).toHaveText(/Saved/);
  // The same address again: refused beside the field, nothing doubled.
  await add.getByLabel('E-mail address').fill(address.toUpperCase());
  await add.getByRole('button', { name: 'Add member' }).click();
  await expect(add.locator('#add-member-email-error')).toHaveText('This address is already a member.');

  await page.goto('/en/studio/members');
  await expect(page.locator('[data-figure=subscribed] dd')).toHaveText(String(subscribed + 1).replace(/\B(?=(\d{3})+(?!\d))/g, ','));
  await page.getByLabel('Search addresses').fill(address);
  await page.getByLabel('Language', { exact: true }).last().selectOption('both');
  await page.getByRole('button', { name: 'Filter' }).click();
  await expect(page).toHaveURL(/language=both/);
  await expect(page.getByRole('status').filter({ hasText: 'member' })).toHaveText('1 member');
  const row = page.locator('section[aria-labelledby=members-list] tbody tr');
  await expect(row).toHaveCount(1);
  await expect(row).toContainText(address);
  await expect(row).toContainText('Subscribed');

  await page.getByLabel('Language', { exact: true }).last().selectOption('zh');
  await page.getByRole('button', { name: 'Filter' }).click();
  await expect(page.getByText('No member matches these filters.')).toBeVisible();

  const csv = await page.request.get(`/api/v1/studio/members/export?q=${encodeURIComponent(address)}`);
  expect(csv.headers()['content-type']).toBe('text/csv; charset=utf-8');
  const lines = (await csv.text()).trim().split('\r\n');
  expect(lines).toHaveLength(2);
  expect(lines[1]).toMatch(new RegExp(`^${address.replace(/[.]/g, '\\.')},both,subscribed,`));
  // Without a Studio session the export is refused.
  expect((await browser.newContext({ baseURL }).then((c) => c.request.get('/api/v1/studio/members/export'))).status()).toBe(401);
});

test('an owner checks a Substack export, then imports it once', async ({ browser, baseURL }, info) => {
  test.skip(info.project.name !== 'desktop', 'one run: the list and forms, not the layout (screenshots cover 375 px)');
  const page = await ownerPage(browser, baseURL!);
  await page.goto('/zh/studio/members');
  const form = page.locator('details:has(#import-file)');
  await form.locator('summary').click();
  // Addresses of their own, so a run after another finds them new.
  const stamp = Date.now();
  const csv = readFileSync(join('tests', 'integration', 'fixtures', 'member-exports', 'substack-subscribers.csv'), 'utf8').replace(/@example\.com/g, `.${stamp}@example.com`);
  await form.locator('#import-file').setInputFiles({ name: 'substack.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) });
  await form.getByLabel('这些读者的语言').selectOption('both');
  await form.getByRole('button', { name: '检查文件' }).click();
  await expect(form.locator('[data-import-report=dry-run]')).toContainText('这是 Substack 的导出文件');
  await expect(form.locator('[data-import-report=dry-run]')).toContainText('新增 2 位已订阅和 1 位已退订的订阅者');
  await form.getByRole('button', { name: '导入 3 位订阅者' }).click();
  await expect(form.locator('[data-import-report=apply]')).toContainText('已新增 2 位已订阅和 1 位已退订的订阅者。');
  // Again: nothing new.
  await form.getByRole('button', { name: '检查文件' }).click();
  await expect(form.locator('[data-import-report=dry-run]')).toContainText('3 个地址已是订阅者，保持不变');

  await page.goto(`/zh/studio/members?q=${stamp}`);
  await expect(page.locator('section[aria-labelledby=members-list] tbody tr')).toHaveCount(3);
});
