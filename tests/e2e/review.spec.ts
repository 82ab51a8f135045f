// What the reviewer saw is what is published (issue #23), with three people at once: a
// translator submits a translation and fixes a mistake after submitting; the reviewer, who
// opened the request before the fix, approves and is refused with the reason (nothing goes
// live), loads the latest version, sees what changed since it was submitted, approves
// that; the reader gets the fixed text. Also: an Update asks with its diff in view.
import { randomBytes } from 'node:crypto';
import { expect, test, type Page } from '@playwright/test';
import { acceptInvite, invite, newDraft, randomIp, signInAsOwner } from './helpers/studio';

const run = randomBytes(3).toString('hex');

function pane(page: Page, language: 'Chinese' | 'English') {
  return page.locator('section', { has: page.getByRole('heading', { name: new RegExp(`^${language} ·`) }) });
}

test('a review request follows the draft, and Approve publishes only what the reviewer was shown', async ({ browser, baseURL }, info) => {
  test.setTimeout(180_000);
  const tag = `${run}-${info.project.name}`;
  const context = () => browser.newContext({ baseURL, extraHTTPHeaders: { 'x-forwarded-for': randomIp() } });

  // The reviewer (the owner) writes an English post and publishes it.
  const reviewer = await (await context()).newPage();
  await signInAsOwner(reviewer);
  const link = await invite(reviewer, `translator-${tag}@duet.test`, 'translator');
  const postId = await newDraft(reviewer, `Night trains ${tag}`, 'en');
  const source = pane(reviewer, 'English');
  await expect(reviewer.locator('section[data-ready]').first()).toBeVisible();
  await source.getByLabel('Text (Markdown)').fill('The night train leaves at nine.\n\nIt arrives at dawn.');
  await expect(source.getByRole('status')).toContainText('Saved at', { timeout: 15_000 });
  await source.getByRole('button', { name: 'Publish', exact: true }).click();
  await expect(source.getByText(/^Published\. Last updated/)).toBeVisible();

  // The translator translates, with a mistake, and submits.
  const translator = await (await context()).newPage();
  await acceptInvite(translator, link, `Tom ${tag}`, 'translator passphrase');
  await translator.goto(`/en/studio/posts/${postId}`);
  await expect(translator.locator('section[data-ready]').first()).toBeVisible();
  const zh = pane(translator, 'Chinese');
  await zh.getByRole('button', { name: 'Start the Chinese translation' }).click();
  await zh.getByLabel('Title', { exact: true }).fill(`夜车 ${tag}`);
  await zh.getByLabel('Text (Markdown)').fill('夜车十点出发。\n\n黎明时到达。');
  await expect(zh.getByRole('status')).toContainText('Saved at', { timeout: 15_000 });
  await zh.getByRole('button', { name: 'Submit for review' }).click();
  await expect(zh.getByText(/^Waiting for review since/)).toBeVisible();
  await expect(zh.getByText('Your edits after submitting go into this request')).toBeVisible();
  const zhSlug = (await zh.locator('#zh-address strong').textContent())!.trim();

  // The reviewer opens the request now, before the fix.
  await reviewer.goto(`/en/studio/posts/${postId}`);
  await expect(reviewer.locator('section[data-ready]').first()).toBeVisible();
  const zhAsReviewer = pane(reviewer, 'Chinese');
  await expect(zhAsReviewer.getByText(/^Approving publishes the text exactly as it is shown here/)).toBeVisible();
  // One button publishes a pending request: no Publish beside it.
  await expect(zhAsReviewer.getByRole('button', { name: 'Publish', exact: true })).toHaveCount(0);

  // The translator fixes the time after submitting; autosave takes it into the request.
  await zh.getByLabel('Text (Markdown)').fill('夜车九点出发。\n\n黎明时到达。');
  await expect(zh.getByRole('status')).toContainText('Saved at', { timeout: 15_000 });

  // The reviewer approves what they were shown: refused, with the reason, and nothing is published.
  await zhAsReviewer.getByRole('button', { name: 'Approve and publish' }).click();
  await reviewer.getByRole('dialog').getByRole('button', { name: 'Approve and publish' }).click();
  await expect(zhAsReviewer.getByRole('alert')).toContainText('The text was changed after you opened it, so nothing was published.');
  const reader = await (await browser.newContext({ baseURL })).newPage();
  const first = await reader.goto(`/zh/posts/${zhSlug}`);
  expect(first!.status()).toBe(404);

  // Shown the latest version and what changed since it was submitted, the reviewer approves it.
  await zhAsReviewer.getByRole('button', { name: 'Load the latest version' }).click();
  await expect(reviewer.locator('section[data-ready]').first()).toBeVisible();
  await expect(zhAsReviewer.getByText(/^Changed since it was submitted/)).toBeVisible();
  await zhAsReviewer.getByRole('button', { name: 'Compare with what was submitted' }).click();
  await expect(zhAsReviewer.getByRole('region', { name: 'Compare with what was submitted' })).toContainText('九');
  await zhAsReviewer.getByRole('button', { name: 'Approve and publish' }).click();
  await reviewer.getByRole('dialog').getByRole('button', { name: 'Approve and publish' }).click();
  await expect(zhAsReviewer.getByText(/^Published\. Last updated/)).toBeVisible();

  await reader.goto(`/zh/posts/${zhSlug}`);
  await expect(reader.getByRole('heading', { level: 1 })).toHaveText(`夜车 ${tag}`);
  await expect(reader.locator('article')).toContainText('夜车九点出发。');
  await expect(reader.locator('article')).not.toContainText('十点');

  // An update asks first, with what readers will see change in view (no toggle to find).
  await source.getByLabel('Text (Markdown)').fill('The night train leaves at nine sharp.\n\nIt arrives at dawn.');
  await expect(source.getByRole('status')).toContainText('Saved at', { timeout: 15_000 });
  await reviewer.reload();
  await expect(reviewer.locator('section[data-ready]').first()).toBeVisible();
  await pane(reviewer, 'English').getByRole('button', { name: 'Update', exact: true }).click();
  const dialog = reviewer.getByRole('dialog');
  await expect(dialog.getByRole('region', { name: 'What readers will see change:' })).toContainText('sharp');
  await dialog.getByRole('button', { name: 'Update', exact: true }).click();
  // The source moved past the translation: the other pane says so at once.
  await expect(pane(reviewer, 'English').getByText(/^Published\. Last updated/)).toBeVisible();
  await expect(pane(reviewer, 'Chinese').getByText('The source changed after this translation was made')).toBeVisible();
});
