// A tag's description, written by the owner in the Studio's Tags screen, read by a reader
// under the tag page's heading in each language (and as the page's meta description); an
// emptied description leaves the heading alone. The tag is put back as it was.
import { expect, test, type Page } from '@playwright/test';
import { ownerPage } from './helpers/studio';

async function openTag(page: Page, name: RegExp) {
  await page.goto('/en/studio/tags');
  const item = page.locator('li').filter({ has: page.locator('summary', { hasText: name }) });
  await item.locator('summary').click();
  return item;
}

test('the owner describes a tag in both languages and readers see it under its heading', async ({ browser, baseURL, page }) => {
  const owner = await ownerPage(browser, baseURL!);
  let item = await openTag(owner, /Translation/);
  const zhSlug = await item.getByLabel(/^Slug \(Chinese\)/).inputValue();
  const enSlug = await item.getByLabel(/^Slug \(English\)/).inputValue();
  await item.getByLabel(/^Description \(Chinese\)/).fill('在两种语言之间来回的文章。\n\n也写译者的取舍。');
  await item.getByLabel(/^Description \(English\)/).fill('Articles that move between two languages.\n\nAnd the choices a translator makes.');
  await item.getByRole('button', { name: 'Save' }).click();
  await expect(item.getByRole('status')).toContainText('Saved');

  await page.goto(`/en/tags/${enSlug}`);
  await expect(page.locator('header.tag-header p')).toHaveText(['Articles that move between two languages.', 'And the choices a translator makes.']);
  await expect(page.locator('meta[name="description"]')).toHaveAttribute('content', 'Articles that move between two languages. And the choices a translator makes.');
  await page.goto(`/zh/tags/${encodeURIComponent(zhSlug)}`);
  await expect(page.locator('header.tag-header p')).toHaveText(['在两种语言之间来回的文章。', '也写译者的取舍。']);

  item = await openTag(owner, /Translation/);
  await item.getByLabel(/^Description \(Chinese\)/).fill('');
  await item.getByLabel(/^Description \(English\)/).fill('');
  await item.getByRole('button', { name: 'Save' }).click();
  await expect(item.getByRole('status')).toContainText('Saved');
  await page.goto(`/en/tags/${enSlug}`);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(page.locator('header.tag-header p')).toHaveCount(0);
  await owner.context().close();
});
