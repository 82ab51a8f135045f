// A translator using the translation memory in a real browser: a new Chinese post repeats
// a paragraph and changes a heading of the published demo page "About"; with the caret in
// that paragraph the memory offers the page's English paragraph at 100 % (naming the post),
// the heading a fuzzy match, and Alt+1 puts the translation into the English text.
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { expect, test } from '@playwright/test';
import { openEditor } from './helpers/editor';
import { latestRevision, newDraft, ownerPage } from './helpers/studio';

const run = randomBytes(3).toString('hex');
const bodyOf = (locale: 'zh' | 'en') => readFileSync(`demo/posts/about/${locale}.md`, 'utf8').replace(/^---\r?\n[\s\S]*?\r?\n---[ \t]*(?:\r?\n|$)/, '');
const paragraphs = (text: string) => text.split(/\n\s*\n/).map((block) => block.trim());

test('a translator inserts an earlier translation from the memory with Alt+1', async ({ browser, baseURL }) => {
  const page = await ownerPage(browser, baseURL!);
  const zhAbout = paragraphs(bodyOf('zh'));
  const enAbout = paragraphs(bodyOf('en'));
  // "## 我们为什么这样做" changed by one character: a fuzzy match, not an exact one.
  const body = [zhAbout[4]!, `## 我们为何这样做`].join('\n\n');
  const postId = await newDraft(page, `记忆 ${run}`, 'zh');
  const response = await page.request.put(`/api/v1/studio/posts/${postId}/translations/zh`, {
    headers: { origin: new URL(baseURL!).origin },
    data: { postId, locale: 'zh', title: `记忆 ${run}`, slug: '', excerpt: '', body, expectedRevisionId: (await latestRevision(page, postId, 'zh')).id, basedOnRevisionId: null },
  });
  expect(response.status(), await response.text()).toBeLessThan(300);

  await openEditor(page, 'en', postId);
  await page.getByRole('button', { name: 'Start the English translation' }).click();
  const memory = page.getByTestId('memory-suggestions');
  await expect(memory).toContainText('Put the caret in a block');

  // The caret in the Chinese paragraph: the About page's English paragraph, exact.
  await page.locator('#zh-body .cm-line').first().click();
  const first = memory.getByRole('listitem').first();
  await expect(first).toContainText('100 %');
  await expect(first).toContainText(enAbout[4]!.slice(0, 60));
  await expect(first).toContainText('From “About Duet Magazine”');

  // Into the empty English text with Alt+1.
  await page.locator('#en-body').click();
  await page.keyboard.press('Alt+1');
  await expect(page.locator('#en-body')).toContainText(enAbout[4]!.slice(0, 60));

  // The changed heading: its earlier translation as a fuzzy match, with the source it had.
  await page.locator('#zh-body .cm-line', { hasText: '我们为何这样做' }).click();
  await expect(first).toContainText('Why we do it');
  await expect(first).not.toContainText('100 %');
  await expect(first).toContainText('我们为什么这样做');
});
