// One's own picture: chosen in the Studio's Account page from the media library, it
// replaces the initials on one's author page (with the library's smaller copies); "None"
// brings the initials back. Anything but a library image is refused beside the field.
import { expect, test, type Page } from '@playwright/test';
import { ownerPage } from './helpers/studio';

const authorPage = '/en/authors/olivia-owner';

// Both tests change the owner's one picture: they run one after the other, at desktop width
// only (untagged: a run at 375 px would change the same picture at the same time).
test.describe.configure({ mode: 'serial' });

async function savePicture(page: Page, choice: { nth: number } | { value: string }) {
  const form = page.locator('section[aria-labelledby=account-picture] form');
  if ('nth' in choice) await form.getByRole('radio').nth(choice.nth).check();
  else await form.locator('input[type=radio]').first().evaluate((input, value) => ((input as HTMLInputElement).value = value), choice.value);
  const answered = page.waitForResponse((r) => r.request().method() === 'POST' && new URL(r.url()).pathname.endsWith('/studio/account'));
  await form.getByRole('button', { name: 'Save picture' }).click();
  await answered;
  return form;
}

test('a picture chosen in the Studio shows on the author page, and "None" brings the initials back', async ({ browser, baseURL }) => {
  const page = await ownerPage(browser, baseURL!);
  await page.goto('/en/studio/account');
  await expect(page.getByRole('heading', { level: 2, name: 'Your picture' })).toBeVisible();
  const choices = page.locator('section[aria-labelledby=account-picture]').getByRole('radio');
  expect(await choices.count()).toBeGreaterThan(1);
  await expect(choices.first()).toBeChecked();

  const picked = await choices.nth(1).evaluate((input) => (input as HTMLInputElement).value);
  const form = await savePicture(page, { nth: 1 });
  await expect(form.getByText('Saved.')).toBeVisible();
  await page.reload();
  await expect(page.locator(`section[aria-labelledby=account-picture] input[value="${picked}"]`)).toBeChecked();

  const reader = await browser.newPage({ baseURL });
  await reader.goto(authorPage);
  const avatar = reader.locator('.author-header img.author-avatar');
  await expect(avatar).toBeVisible();
  expect(await avatar.getAttribute('src')).toMatch(/^\/images\//);
  expect(await avatar.getAttribute('srcset')).toMatch(/\.webp \d+w/);
  expect(await avatar.evaluate((img) => (img as HTMLImageElement).naturalWidth)).toBeGreaterThan(0);

  await savePicture(page, { nth: 0 });
  await expect(form.getByText('Saved.')).toBeVisible();
  await reader.goto(authorPage);
  await expect(reader.locator('.author-header .author-avatar--monogram')).toHaveText('OO');
  await reader.close();
});

test('a picture that is not a library image is refused beside the field, and nothing changes', async ({ browser, baseURL }) => {
  const page = await ownerPage(browser, baseURL!);
  await page.goto('/en/studio/account');
  const form = await savePicture(page, { value: '999999' });
  await expect(form.locator('#account-picture-imageMediaId-error')).toHaveText('The picture must be an image from the media library.');
  await expect(form.getByRole('alert')).toHaveText('The picture must be an image from the media library.');
  const reader = await browser.newPage({ baseURL });
  await reader.goto(authorPage);
  await expect(reader.locator('.author-header .author-avatar--monogram')).toBeVisible();
  await reader.close();
});
