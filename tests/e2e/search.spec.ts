// Search on the demo magazine, in both languages, JavaScript on and off: the form, Chinese
// words and single characters, English stems, the states a reader can meet (empty, no
// results, results only in the other language, bad input), pages and tags; and the JSON
// API with its 400s.
import { expect, test, type Page } from '@playwright/test';

const bilingualTitle = { zh: '为什么要用两种语言出版', en: 'Why Publish in Two Languages' };

async function search(page: Page, locale: 'zh' | 'en', query: string) {
  await page.goto(`/${locale}/search`);
  await page.getByRole('searchbox').fill(query);
  await page.getByRole('search').getByRole('button').click();
  await expect(page).toHaveURL(new RegExp(`/${locale}/search\\?q=`));
}

const hits = (page: Page) => page.locator('li.search-hit');

for (const javaScriptEnabled of [true, false]) {
  test.describe(`search, JavaScript ${javaScriptEnabled ? 'on' : 'off'}`, () => {
    test.use({ javaScriptEnabled });

    for (const locale of ['zh', 'en'] as const) {
      test(`${locale}: 双语 through the form finds the bilingual-publishing article, marked`, async ({ page }, info) => {
        await search(page, locale, '双语');
        // The article says 两种语言 / "two languages", never 双语: the glossary's work.
        const hit = hits(page).filter({ has: page.getByRole('link', { name: bilingualTitle[locale], exact: true }) });
        await expect(hit).toHaveCount(1);
        if (locale === 'zh') await expect(hits(page).first().locator('h2 a')).toHaveText(bilingualTitle.zh);
        await expect(hit).toHaveAttribute('lang', locale);
        // (The English article says it only in its title, so its snippet may have no mark.)
        await expect(page.locator('.search-hit__snippet mark').first()).toBeVisible();
        await expect(page.getByRole('searchbox')).toHaveValue('双语');
        await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', /noindex/);
        if (!javaScriptEnabled) await page.screenshot({ path: info.outputPath(`search-${locale}.png`), fullPage: true });
        await hit.locator('h2 a').click();
        await expect(page.locator('article.post h1, article.post .post-header__title').first()).toHaveText(bilingualTitle[locale]);
      });

      test(`${locale}: the empty state explains what to type, and the header links here`, { tag: '@both-widths' }, async ({ page }) => {
        await page.goto(`/${locale}`);
        await page.locator(`.site-nav a[href="/${locale}/search"]`).click();
        await expect(page).toHaveURL(new RegExp(`/${locale}/search$`));
        await expect(page.locator('h1')).toHaveText(locale === 'zh' ? '搜索' : 'Search');
        await expect(page.locator('main')).toContainText(locale === 'zh' ? '一个汉字也能搜' : 'a single Chinese character is enough');
        await expect(hits(page)).toHaveCount(0);
      });

      test(`${locale}: no results says so in the page's language`, async ({ page }) => {
        await page.goto(`/${locale}/search?q=zxqvbnm`);
        await expect(page.locator('main [role="status"]')).toContainText(locale === 'zh' ? '没有找到与“zxqvbnm”相关的文章。' : 'No article matches “zxqvbnm”.');
        await expect(hits(page)).toHaveCount(0);
      });

      test(`${locale}: bad input is explained, never a server error`, async ({ page }) => {
        const cases: Array<[string, string]> = [
          [`q=${'长'.repeat(201)}`, locale === 'zh' ? '最多 200 个字符' : 'at most 200 characters'],
          ['q=a%07b', locale === 'zh' ? '控制字符' : 'control characters'],
          ['q=tea&page=abc', locale === 'zh' ? '页码必须是' : 'page number must be'],
          ['q=tea&tag=no-such-tag', locale === 'zh' ? '没有名为“no-such-tag”的标签' : 'no tag called “no-such-tag”'],
        ];
        for (const [query, text] of cases) {
          const res = await page.goto(`/${locale}/search?${query}`);
          expect(res?.status()).toBe(200);
          await expect(page.locator('main [role="alert"]')).toContainText(text);
          await expect(page.getByRole('searchbox')).toBeVisible();
        }
      });
    }

    test('en: "translations" finds the translation articles, matching other forms of the word', async ({ page }) => {
      await search(page, 'en', 'translations');
      const titles = await hits(page).locator('h2 a').allTextContents();
      expect(titles[0]).toContain('Translating Li Bai');
      expect(titles).toContain(bilingualTitle.en);
      const marked = await page.locator('.search-hit__snippet mark').allTextContents();
      expect(marked.some((m) => /^translat/i.test(m) && m.toLowerCase() !== 'translations')).toBe(true);
    });

    test('zh: a one-character query finds the articles holding that character', async ({ page }) => {
      await search(page, 'zh', '茶');
      await expect(hits(page).first().locator('h2 a')).toHaveText('一杯茶的时间');
      await expect(hits(page).first().locator('mark').first()).toHaveText(/茶/);
    });

    test('zh: a mixed query (Next.js 部署) finds the self-hosting article', async ({ page }) => {
      await page.goto(`/zh/search?q=${encodeURIComponent('Next.js 部署')}`);
      await expect(hits(page).first().locator('h2 a')).toHaveText('在自己的服务器上部署 Next.js');
    });

    test('en: a piece only in Chinese is offered, then shown with both languages', async ({ page }) => {
      await page.goto(`/en/search?q=${encodeURIComponent('春节')}`);
      await expect(page.locator('main [role="status"]')).toContainText('No English article matches “春节”, but 1 Chinese article does.');
      await page.getByRole('link', { name: 'Show results in both languages' }).click();
      await expect(page).toHaveURL(/all=1/);
      await expect(hits(page).first()).toHaveAttribute('lang', 'zh');
      await expect(hits(page).first().locator('.badge')).toHaveText('Chinese');
      await expect(page.getByRole('checkbox')).toBeChecked();
    });

    test('en: results page through, and a tag narrows them', async ({ page }) => {
      await page.goto('/en/search?q=the');
      await expect(page.locator('#search-summary')).toContainText(/\d+ results for “the”/);
      await expect(hits(page)).toHaveCount(10);
      await page.getByRole('link', { name: /Next page/ }).click();
      await expect(page).toHaveURL(/page=2/);
      expect(await hits(page).count()).toBeGreaterThan(0);
      await expect(page.locator('.pagination__status')).toHaveText(/Page 2 of \d+/);

      await page.goto('/en/search?q=the&tag=engineering');
      await expect(page.locator('#search-summary')).toContainText('tagged “Engineering”');
      expect(await hits(page).count()).toBeLessThan(10);
      await page.getByRole('link', { name: 'Search all tags' }).click();
      await expect(page).not.toHaveURL(/tag=/);
    });
  });
}

test.describe('GET /api/v1/search', { tag: '@requests' }, () => {
  test('answers results as JSON', async ({ request }) => {
    const res = await request.get(`/api/v1/search?q=${encodeURIComponent('双语')}&locale=zh`);
    expect(res.status()).toBe(200);
    const body = await res.json();
    expect(body).toMatchObject({ query: '双语', locale: 'zh', page: 1, pageSize: 10, isPartial: false });
    expect(body.total).toBeGreaterThan(0);
    expect(body.items[0]).toMatchObject({ locale: 'zh', slug: 'wei-shenme-yong-liang-zhong-yuyan-chuban', kind: 'post', path: '/zh/posts/wei-shenme-yong-liang-zhong-yuyan-chuban' });
    expect(body.items[0].snippet).toContain('<mark>');

    const english = await (await request.get('/api/v1/search?q=translations&locale=en&page=1')).json();
    expect(english.items[0].slug).toBe('translating-quiet-night-thoughts');
    const both = await (await request.get('/api/v1/search?q=tea')).json();
    expect(new Set(both.items.map((item: { locale: string }) => item.locale))).toEqual(new Set(['zh', 'en']));
  });

  const bad: Array<[string, string]> = [
    ['', 'q'],
    ['q=', 'q'],
    ['q=%20%20', 'q'],
    [`q=${'a'.repeat(201)}`, 'q'],
    ['q=a%00b', 'q'],
    ['q=a%0Ab', 'q'],
    ['q=tea&q=milk', 'q'],
    ['q=tea&locale=fr', 'locale'],
    ['q=tea&page=0', 'page'],
    ['q=tea&page=-1', 'page'],
    ['q=tea&page=1.5', 'page'],
    ['q=tea&page=99999', 'page'],
    ['q=tea&tag=no-such-tag', 'tag'],
    ['q=tea&sort=new', '_'],
  ];
  for (const [query, field] of bad) {
    test(`400 naming ${field} for ?${query.slice(0, 40)}`, async ({ request }) => {
      const res = await request.get(`/api/v1/search?${query}`);
      expect(res.status()).toBe(400);
      const body = await res.json();
      expect(body.error).toMatchObject({ status: 400, title: 'Bad Request' });
      expect(Object.keys(body.error.fields)).toContain(field);
    });
  }

  test('answers other methods with 405 and Allow', async ({ request }) => {
    const res = await request.post('/api/v1/search?q=tea', { data: {} });
    expect(res.status()).toBe(405);
    expect(res.headers()['allow']).toContain('GET');
  });
});
