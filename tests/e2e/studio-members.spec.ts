// The Studio's Members screen as an owner: a member added by hand appears in the list and
// its figures, the filters find it (and only what they should), and the export of the
// filtered list is a CSV holding it.
import { expect, test } from '@playwright/test';
import { ownerPage } from './helpers/studio';

test('an owner adds a member by hand, finds them by filters and exports them', async ({ browser, baseURL }, info) => {
  test.skip(info.project.name !== 'desktop', 'one run: the list and forms, not the layout (screenshots cover 375 px)');
  const page = await ownerPage(browser, baseURL!);
  const address = `by-hand-${Date.now()}@example.com`;
  await page.goto('/en/studio/members');
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
