// The Translations view in a real browser: a new Chinese draft appears as missing its
// English, with its words counted by character; the state filter keeps only missing texts;
// the download button gives an XLIFF 2.1 file with that text, its Markdown as inline codes;
// the page fits a phone's width.
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { expect, test } from '@playwright/test';
import { latestRevision, newDraft, ownerPage } from './helpers/studio';

const run = randomBytes(3).toString('hex');

test('an editor finds a missing translation, filters to it and downloads it for a CAT tool', { tag: '@both-widths' }, async ({ browser, baseURL }) => {
  const page = await ownerPage(browser, baseURL!);
  const title = `待译 ${run}`;
  const postId = await newDraft(page, title, 'zh');
  const body = '## 小标题\n\n这是**一段**中文。';
  const saved = await page.request.put(`/api/v1/studio/posts/${postId}/translations/zh`, {
    headers: { origin: new URL(baseURL!).origin },
    data: { postId, locale: 'zh', title, slug: '', excerpt: '', body, expectedRevisionId: (await latestRevision(page, postId, 'zh')).id, basedOnRevisionId: null },
  });
  expect(saved.status(), await saved.text()).toBeLessThan(300);

  await page.goto('/en/studio/translations?state=missing');
  await expect(page.getByRole('heading', { level: 1, name: 'Translations' })).toBeVisible();
  const row = page.getByRole('row').filter({ hasText: title });
  await expect(row).toContainText('Chinese → English');
  await expect(row).toContainText('Missing');
  // 小标题 (3) + 这是一段中文 (6) + the title is not counted: 9 words.
  await expect(row).toContainText('9 words');
  for (const state of await page.getByRole('row').locator('td:nth-child(3)').allTextContents()) expect(state).toBe('Missing');
  expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);

  await page.getByLabel('Translate into').selectOption('en');
  await page.getByLabel('Texts to export').selectOption('missing');
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Download for a CAT tool' }).click()]);
  const xliff = readFileSync((await download.path())!, 'utf8');
  expect(xliff).toContain('<xliff xmlns="urn:oasis:names:tc:xliff:document:2.0" version="2.1" srcLang="zh-CN" trgLang="en">');
  expect(xliff).toContain(`<file id="post-${postId}"`);
  expect(xliff).toContain('<source xml:space="preserve">这是<ph id="1" dataRef="d1"/>一段<ph id="2" dataRef="d2"/>中文。</source>');
});
