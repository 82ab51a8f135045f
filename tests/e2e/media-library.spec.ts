// The media library as an editor searches it (its tiles on a phone too): sound, film and
// subtitles have real tiles (their kind, name, duration or size, and the language a
// subtitle or narration serves in), and the search finds files by name or by alt text in
// either language, narrows by kind, and works without JavaScript. Uses the demo's files.
import { expect, test, type Locator } from '@playwright/test';
import { ownerPage } from './helpers/studio';

const tiles = (page: { locator: (s: string) => Locator }) => page.locator('ul li[data-kind]');

test('audio, video and subtitles have tiles that say what they are', { tag: '@both-widths' }, async ({ browser, baseURL }) => {
  const page = await ownerPage(browser, baseURL!);
  await page.goto('/en/studio/media?q=city-walk-shanghai');
  const video = tiles(page).filter({ hasText: 'city-walk-shanghai.webm' });
  await expect(video).toContainText('Video');
  await expect(video).toContainText('0:10');
  await expect(video).toContainText('640×360');
  const subtitles = tiles(page).filter({ hasText: /city-walk-shanghai\.(zh|en)\.vtt/ });
  await expect(subtitles).toHaveCount(2);
  await expect(subtitles.filter({ hasText: 'city-walk-shanghai.zh.vtt' })).toContainText('Chinese');
  await expect(subtitles.filter({ hasText: 'city-walk-shanghai.en.vtt' })).toContainText('English');
  // The symbol panel is as tall as a picture's, not a pill.
  const panel = video.locator('div[aria-hidden]');
  expect((await panel.boundingBox())!.height).toBeGreaterThan(80);

  await page.goto('/zh/studio/media?kind=audio&q=tea-and-time');
  await expect(tiles(page)).toHaveCount(2);
  await expect(tiles(page).filter({ hasText: 'tea-and-time.zh.mp3' })).toContainText(/音频.*0:38.*中文/);
  await expect(tiles(page).filter({ hasText: 'tea-and-time.en.mp3' })).toContainText(/音频.*0:27.*英文/);
  expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
  await page.context().close();
});

test('the search finds alt text in either language and narrows by kind, without JavaScript too', async ({ browser, baseURL }) => {
  const owner = await ownerPage(browser, baseURL!);
  const cookies = await owner.context().cookies();
  const context = await browser.newContext({ baseURL, javaScriptEnabled: false });
  await context.addCookies(cookies);
  const page = await context.newPage();
  await page.goto('/en/studio/media');
  await page.getByLabel('Search the library').fill('堆满书的桌子');
  await page.getByRole('button', { name: 'Search' }).click();
  await expect(page).toHaveURL(/\/en\/studio\/media\?q=/);
  await expect(tiles(page)).toHaveCount(1);
  await expect(tiles(page).first()).toContainText('about.webp');
  await expect(page.getByRole('status').filter({ hasText: /^1 file/ })).toBeVisible();

  await page.getByLabel('Search the library').fill('a desk piled with books');
  await page.getByLabel('Kind').selectOption('audio');
  await page.getByRole('button', { name: 'Search' }).click();
  await expect(page.getByText('No file matches.')).toBeVisible();
  await page.getByRole('link', { name: 'Show everything' }).click();
  await expect(tiles(page).first()).toBeVisible();
  await Promise.all([context.close(), owner.context().close()]);
});
