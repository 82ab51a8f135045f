// Inviting from Studio › People, as an owner does it (the list and its copy button on a phone too): the new
// invite is in the list of open invites at once, its link is copied by a button that says
// so, and revoking asks first (Cancel keeps the invite), in English and in Chinese.
import { randomBytes } from 'node:crypto';
import { expect, test } from '@playwright/test';
import { ownerPage } from './helpers/studio';

const run = randomBytes(3).toString('hex');
const inviteSection = 'section[aria-labelledby=invite]';

test('a new invite is listed at once and its link copies to the clipboard', { tag: '@both-widths' }, async ({ browser, baseURL }, info) => {
  const page = await ownerPage(browser, baseURL!);
  await page.context().grantPermissions(['clipboard-read', 'clipboard-write'], { origin: new URL(baseURL!).origin });
  const email = `copy-${run}-${info.project.name}@duet.test`;
  await page.goto('/en/studio/users');
  const form = page.locator(inviteSection);
  await form.getByLabel('E-mail address').fill(email);
  await form.getByLabel('Role').selectOption('translator');
  await form.getByRole('button', { name: 'Create invite link' }).click();
  const link = (await form.locator('[role=status] code').textContent())!;
  expect(link).toMatch(/\/en\/studio\/invite\/[\w-]{40,}$/);
  // In the list without a reload.
  await expect(form.locator('li', { hasText: email })).toContainText('Translator');

  const copy = form.getByRole('button', { name: 'Copy link' });
  await expect(copy).toBeInViewport();
  await copy.click();
  await expect(form.getByRole('status').filter({ hasText: 'Copied' })).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(link);
  // The page fits a phone: nothing wider than the screen.
  expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
  await page.context().close();
});

test('revoking an invite asks first, in the owner’s language, and Cancel keeps it', async ({ browser, baseURL }, info) => {
  const page = await ownerPage(browser, baseURL!);
  const email = `revoke-${run}-${info.project.name}@duet.test`;
  await page.goto('/zh/studio/users');
  const form = page.locator(inviteSection);
  await form.getByLabel('电子邮箱').fill(email);
  await form.getByRole('button', { name: '生成邀请链接' }).click();
  const row = form.locator('li', { hasText: email });
  await expect(row).toBeVisible();

  const revoke = row.getByRole('button', { name: '撤销' });
  // An outlined button, not the solid one that invites a click.
  expect(await revoke.evaluate((b) => getComputedStyle(b).backgroundColor)).toBe('rgba(0, 0, 0, 0)');
  await revoke.click();
  const dialog = page.getByRole('dialog', { name: `撤销发给 ${email} 的邀请？这个链接会立即失效。` });
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: '取消' }).click();
  await expect(dialog).toBeHidden();
  await page.reload();
  await expect(row).toBeVisible();

  await row.getByRole('button', { name: '撤销' }).click();
  await page.getByRole('dialog').getByRole('button', { name: '撤销' }).click();
  await expect(row).toHaveCount(0);
  await page.context().close();
});
