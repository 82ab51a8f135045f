// The Content API and its reference against the production server: a key made in the
// Studio reads what the pages show; a Unicode slug in the path is found (Next hands a
// route handler its segments decoded); ETag and 304 over real HTTP; the OpenAPI document
// is public; the reference reads in both languages, fits a phone and passes axe (its markup
// is checked by the Nu Html Checker in html-validity.spec.ts).
import axe from 'axe-core';
import { expect, test, type Page } from '@playwright/test';
import { ownerPage } from './helpers/studio';

const article = { zh: 'wei-shenme-yong-liang-zhong-yuyan-chuban', en: 'why-publish-in-two-languages' };

async function makeContentKey(page: Page): Promise<string> {
  await page.goto('/en/studio/integrations');
  const form = page.locator('form').filter({ has: page.locator('[name=allowedOrigins]') });
  await form.locator('[name=name]').fill(`e2e ${Date.now()}`);
  await form.getByRole('button', { name: 'Create key' }).click();
  const key = await page.locator('[role=status] code').textContent();
  expect(key).toBeTruthy();
  return key!.trim();
}

test('a content key reads what the pages show, with ETags, and finds a Unicode slug', async ({ browser, baseURL, request }) => {
  const page = await ownerPage(browser, baseURL!);
  const key = await makeContentKey(page);
  const auth = { authorization: `Bearer ${key}` };

  expect((await request.get('/api/v1/content/posts')).status()).toBe(401);
  const answer = await request.get(`/api/v1/content/posts/slug/en/${article.en}?lang=en`, { headers: auth });
  expect(answer.status()).toBe(200);
  expect(answer.headers()['content-language']).toBe('en');
  expect(answer.headers()['cache-control']).toBe('public, max-age=0, must-revalidate');
  const post = (await answer.json()).data;
  await page.goto(`/en/posts/${article.en}`);
  await expect(page.locator('article h1')).toHaveText(post.translations.en.title);
  const pageText = (await page.locator('article .prose').innerText()).replace(/\s+/g, ' ').trim();
  await page.setContent(post.translations.en.html);
  expect((await page.locator('body').innerText()).replace(/\s+/g, ' ').trim()).toBe(pageText);

  const etag = answer.headers().etag!;
  const again = await request.get(`/api/v1/content/posts/slug/en/${article.en}?lang=en`, { headers: { ...auth, 'if-none-match': etag } });
  expect([again.status(), await again.text()]).toEqual([304, '']);

  // A hand-set slug may be Chinese: made in the Studio, found by the API from its encoded path.
  const slug = `排版${Date.now()}`;
  await page.goto('/en/studio/tags');
  const tagForm = page.locator('section[aria-labelledby=new-tag] form');
  await tagForm.locator('[name=key]').fill(`e2e-${Date.now()}`);
  await tagForm.locator('[name="names.zh.name"]').fill('排版测试');
  await tagForm.locator('[name="names.zh.slug"]').fill(slug);
  await tagForm.locator('button[type=submit]').click();
  await expect(page.locator('[role=status]').first()).toBeVisible();
  const tag = await request.get(`/api/v1/content/tags/${encodeURIComponent(slug)}?key=${key}`);
  expect(tag.status()).toBe(200);
  expect((await tag.json()).data.translations.zh).toMatchObject({ name: '排版测试', slug });
  expect((await request.get(`/api/v1/content/tags/100%25?key=${key}`)).status()).toBe(404);

  const document = await request.get('/api/v1/openapi.json');
  expect(document.status()).toBe(200);
  expect((await document.json()).openapi).toBe('3.1.0');
  await page.context().close();
});

// One test per language: the page is long (15 operations with their examples) and axe reads
// all of it, so both languages in one test came close to its 30 s on a busy machine.
for (const [locale, title, group] of [['en', 'API reference', 'Posts'], ['zh', 'API 参考', '文章']] as const) {
  test(`the API reference reads in ${locale} and fits the window`, { tag: '@both-widths' }, async ({ browser, baseURL }, info) => {
    const page = await ownerPage(browser, baseURL!);
    await page.goto(`/${locale}/studio/integrations/api`);
    await expect(page.locator('h1')).toHaveText(title);
    await expect(page.locator('html')).toHaveAttribute('lang', locale);
    await expect(page.getByRole('heading', { level: 2, name: group })).toBeVisible();
    await expect(page.locator('section[aria-labelledby^=op-]')).toHaveCount(15);
    await expect(page.locator('pre code').first()).toContainText('curl -H "Authorization: Bearer $DUET_API_KEY"');
    const levels = await page.locator('main h1, main h2, main h3, main h4').evaluateAll((hs) => hs.map((h) => Number(h.tagName[1])));
    levels.forEach((level, i) => expect(level - (levels[i - 1] ?? 0), `heading ${i}`).toBeLessThanOrEqual(1));
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow, info.project.name).toBeLessThanOrEqual(0);
    await page.addScriptTag({ content: axe.source });
    const results = await page.evaluate(() => (window as unknown as { axe: typeof axe }).axe.run());
    const serious = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
    expect(serious.map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).slice(0, 3).join(', ')})`), locale).toEqual([]);
    await page.context().close();
  });
}
