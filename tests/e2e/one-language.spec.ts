// A post in one language in the Studio's editor: its text takes the width of the page (the
// missing language is a narrow card offering to start it), and once the translation is
// started the two panes share the width again; on a phone both are the full width.
import { randomBytes } from 'node:crypto';
import { expect, test } from '@playwright/test';
import { newDraft, ownerPage } from './helpers/studio';

const run = randomBytes(3).toString('hex');

test('a post in one language gives its text the width', { tag: '@both-widths' }, async ({ browser, baseURL }, info) => {
  const page = await ownerPage(browser, baseURL!);
  await newDraft(page, `Only English ${run} ${info.project.name}`);
  const source = page.locator('section[aria-labelledby=en-heading]');
  const missing = page.locator('section[aria-labelledby=zh-heading]');
  await expect(missing.getByRole('button', { name: 'Start the Chinese translation' })).toBeVisible();
  const grid = (await source.locator('..').boundingBox())!;
  const sourceBox = (await source.boundingBox())!;
  const missingBox = (await missing.boundingBox())!;
  if (info.project.name === 'mobile') {
    expect(sourceBox.width).toBeGreaterThan(grid.width * 0.95);
    expect(missingBox.width).toBeGreaterThan(grid.width * 0.95);
    return;
  }
  // Side by side: most of the width for the text, a card for the missing language.
  expect(sourceBox.width).toBeGreaterThan(grid.width * 0.7);
  expect(missingBox.width).toBeLessThan(grid.width * 0.3);
  expect(missingBox.y).toBeCloseTo(sourceBox.y, 0);

  await missing.getByRole('button', { name: 'Start the Chinese translation' }).click();
  await expect(missing.getByLabel('Title', { exact: true })).toBeVisible();
  await expect(async () => {
    const [a, b] = [(await source.boundingBox())!, (await missing.boundingBox())!];
    expect(Math.abs(a.width - b.width)).toBeLessThan(2);
  }).toPass({ timeout: 5_000 });
});
