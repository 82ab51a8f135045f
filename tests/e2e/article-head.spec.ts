// The head of an article as a reader and its writer see it: a text with no excerpt of its
// own is led by its first paragraph (never its heading or its list), the same in the draft
// preview and on the live page; a draft's byline has no empty separators where the date
// will go; and a Chinese date is set in the text's face, not the monospace of figures.
import { randomBytes } from 'node:crypto';
import { expect, test } from '@playwright/test';
import { latestRevision, newDraft, ownerPage } from './helpers/studio';

const run = randomBytes(3).toString('hex');

const body = [
  '## Origins',
  '- Typeface: Source Han Serif',
  '- Setting: punctuation squeezed',
  `We have been writing in two languages for years, and this is what we learned along the way ${run}. The rest of this text follows from there.`,
  '## Later',
  'Another paragraph that is not the lead.',
].join('\n\n');
const lead = `We have been writing in two languages for years, and this is what we learned along the way ${run}. The rest of this text follows from there.`;

test('the derived lead is the first paragraph, in the preview as on the live page, and the draft byline has no empty separator', async ({ browser, baseURL }, info) => {
  test.setTimeout(60_000);
  const page = await ownerPage(browser, baseURL!);
  const postId = await newDraft(page, `Origins ${run} ${info.project.name}`);
  const origin = { origin: new URL(baseURL!).origin };
  const slug = `origins-${run}-${info.project.name}`;
  const before = await latestRevision(page, postId, 'en');
  const saved = await page.request.put(`/api/v1/studio/posts/${postId}/translations/en`, {
    headers: origin,
    data: { postId, locale: 'en', title: `Origins ${run}`, slug, excerpt: '', body, expectedRevisionId: before.id, basedOnRevisionId: null },
  });
  expect(saved.status(), await saved.text()).toBe(200);

  await page.goto(`/en/studio/posts/${postId}/preview`);
  await expect(page.locator('.post-header__excerpt')).toHaveText(lead);
  const meta = page.locator('.post-header__meta');
  await expect(meta).toContainText('min read');
  // No date yet: the byline runs "By … · 1 min read", never "· ·".
  expect(await meta.innerText()).not.toMatch(/·\s*·/);
  await expect(meta.locator('time')).toHaveCount(0);

  expect((await page.request.post(`/api/v1/studio/posts/${postId}/publication`, { headers: origin, data: { postId, locale: 'en', action: 'publish' } })).ok()).toBe(true);
  await page.goto(`/en/posts/${slug}`);
  await expect(page.locator('.post-header__excerpt')).toHaveText(lead);
  await expect(page.locator('.post-header__meta time')).toHaveCount(1);
  expect(await page.locator('.post-header__meta').innerText()).not.toMatch(/·\s*·/);
  // Lists and feeds carry the same lead.
  await page.goto('/en/archive');
  const feed = await (await page.request.get('/en/feed.json')).json();
  const item = (feed.items as Array<{ url: string; summary?: string }>).find((i) => i.url.endsWith(`/en/posts/${slug}`));
  expect(item?.summary).toBe(lead);
  await page.context().close();
});

test('a Chinese date is set in the body face, an English one in the figures’ monospace', async ({ page }) => {
  const fontOf = async (path: string) => {
    await page.goto(path);
    return page.locator('.post-card__meta time').first().evaluate((el) => getComputedStyle(el).fontFamily);
  };
  const zh = await fontOf('/zh');
  const en = await fontOf('/en');
  expect(en).toMatch(/^['"]?JetBrains Mono/);
  expect(zh).not.toMatch(/JetBrains Mono/);
  expect(zh).toMatch(/Inter/);
});
