// The reading experience on the demo magazine, in both languages, JavaScript on and off.
import { expect, test } from '@playwright/test';

const pair = { zh: '/zh/posts/wei-shenme-yong-liang-zhong-yuyan-chuban', en: '/en/posts/why-publish-in-two-languages' };

for (const javaScriptEnabled of [true, false]) {
  test.describe(`JavaScript ${javaScriptEnabled ? 'on' : 'off'}`, () => {
    test.use({ javaScriptEnabled });

    test('home lists featured and latest articles in each language', async ({ page }, info) => {
      for (const locale of ['zh', 'en'] as const) {
        await page.goto(`/${locale}`);
        await expect(page.locator('html')).toHaveAttribute('lang', locale);
        await expect(page.locator('#featured-title')).toBeVisible();
        expect(await page.locator('script[type="application/ld+json"]').first().textContent()).toContain('"SearchAction"');
        expect(await page.locator('.post-card').count()).toBeGreaterThanOrEqual(8);
        await expect(page.locator('.post-card img').first()).toHaveAttribute('width', /\d+/);
        if (!javaScriptEnabled) await page.screenshot({ path: info.outputPath(`home-${locale}.png`), fullPage: true });
      }
    });

    test('an article reads in both languages and the switcher keeps the pair', { tag: '@both-widths' }, async ({ page }, info) => {
      await page.goto(pair.zh);
      await expect(page.locator('article.post')).toHaveAttribute('lang', 'zh');
      await expect(page.locator('h1')).toHaveText('为什么要用两种语言出版');
      await expect(page.locator('.post-header__meta')).toContainText('分钟');
      await expect(page.locator('.post-header__meta a[href="/zh/authors/lin-yue"]')).toHaveText('林悦');
      await expect(page.locator('.post-cover img')).toHaveAttribute('alt', /.+/);
      if (!javaScriptEnabled) await page.screenshot({ path: info.outputPath('post-zh.png'), fullPage: true });
      await page.locator('a.locale-switcher').click();
      await expect(page).toHaveURL(new RegExp(`${pair.en}$`));
      await expect(page.locator('article.post')).toHaveAttribute('lang', 'en');
      await expect(page.locator('.post-header__meta')).toContainText('min read');
      const alternates = await page.locator('link[rel=alternate][hreflang]').evaluateAll((links) =>
        Object.fromEntries(links.map((l) => [l.getAttribute('hreflang'), new URL(l.getAttribute('href')!).pathname])),
      );
      expect(alternates).toEqual({ ...pair, 'zh-Hant': pair.zh.replace(/^\/zh/, '/zh/hant'), 'x-default': pair.zh });
      const [article, breadcrumbs] = JSON.parse((await page.locator('script[type="application/ld+json"]').textContent())!);
      expect(article).toMatchObject({ '@type': 'Article', headline: 'Why Publish in Two Languages', inLanguage: 'en' });
      expect(breadcrumbs['@type']).toBe('BreadcrumbList');
      expect(breadcrumbs.itemListElement.at(-1).item).toMatch(/\/en\/posts\/why-publish-in-two-languages$/);
      await expect(page.locator('meta[property="og:type"]')).toHaveAttribute('content', 'article');
    });

    test('a Chinese-only article reads under /en with a notice, canonical to the Chinese URL', async ({ page }) => {
      const res = await page.goto('/en/posts/chunjie-suibi');
      expect(res?.status()).toBe(200);
      await expect(page.locator('html')).toHaveAttribute('lang', 'en');
      await expect(page.locator('article.post')).toHaveAttribute('lang', 'zh');
      await expect(page.locator('.notice')).toContainText('not available in English');
      const canonical = await page.locator('link[rel=canonical]').getAttribute('href');
      expect(new URL(canonical!).pathname).toBe('/zh/posts/chunjie-suibi');
      await expect(page.locator('link[rel=alternate][hreflang="en"]')).toHaveCount(0);
      await expect(page.locator('a.locale-switcher')).toHaveAttribute('href', '/zh/posts/chunjie-suibi');
    });

    test('an outdated translation shows a discreet notice linking to the original', async ({ page }) => {
      await page.goto('/en/posts/how-long-does-it-take-to-read');
      await expect(page.locator('.notice--quiet')).toContainText('Chinese original has changed');
      await expect(page.locator('.notice--quiet a')).toHaveAttribute('href', '/zh/posts/yuedu-shijian-zenme-suan');
      await page.goto('/zh/posts/yuedu-shijian-zenme-suan');
      await expect(page.locator('.notice')).toHaveCount(0);
    });

    test('narration in the page language; video with both subtitle tracks, page language default', async ({ page, request }) => {
      await page.goto('/en/posts/the-time-it-takes-to-drink-tea');
      const audio = await page.locator('audio').getAttribute('src');
      expect(audio).toMatch(/^\/audios\/tea-and-time\.en\.[0-9a-f]{10}\.mp3$/);
      const head = await request.get(audio!, { headers: { range: 'bytes=0-99' } });
      expect(head.status()).toBe(206);
      expect(head.headers()['content-type']).toBe('audio/mpeg');

      await page.goto('/zh/posts/yanzhe-suzhouhe-zou');
      const tracks = await page.locator('video track').evaluateAll((els) =>
        els.map((t) => ({ lang: t.getAttribute('srclang'), isDefault: t.hasAttribute('default'), src: t.getAttribute('src') })),
      );
      expect(tracks.map((t) => t.lang).sort()).toEqual(['en', 'zh']);
      expect(tracks.find((t) => t.isDefault)?.lang).toBe('zh');
      const vtt = await request.get(tracks[0]!.src!);
      expect(vtt.headers()['content-type']).toContain('text/vtt');
      expect(await vtt.text()).toMatch(/^WEBVTT/);
    });

    test('parallel view aligns the two versions block by block', async ({ page }, info) => {
      await page.goto(`${pair.en}/parallel`);
      const rows = page.locator('.parallel__row');
      expect(await rows.count()).toBeGreaterThan(3);
      await expect(rows.first().locator('.parallel__cell').first()).toHaveAttribute('lang', 'en');
      await expect(rows.first().locator('.parallel__cell').nth(1)).toHaveAttribute('lang', 'zh');
      await expect(page.locator('.parallel__cell--empty')).toHaveCount(0);
      if (!javaScriptEnabled) await page.screenshot({ path: info.outputPath('parallel-en.png'), fullPage: true });
    });

    test('tags, authors, archive and static pages in both languages', { tag: '@both-widths' }, async ({ page }) => {
      await page.goto('/zh/tags');
      await page.getByRole('link', { name: '排版', exact: true }).click();
      await expect(page).toHaveURL(/\/zh\/tags\/paiban$/);
      expect(await page.locator('.post-card').count()).toBeGreaterThan(0);
      await page.locator('a.locale-switcher').click();
      await expect(page).toHaveURL(/\/en\/tags\/typography$/);

      await page.goto('/en/authors/sam-porter');
      await expect(page.locator('h1')).toHaveText('Sam Porter');
      expect(await page.locator('.post-card').count()).toBeGreaterThan(2);

      await page.goto('/en/archive');
      await expect(page.locator('.archive-year__title').first()).toContainText('2026');
      await expect(page.locator('.archive-year__title').last()).toContainText('2025');

      await page.goto('/zh/guanyu-women');
      await expect(page.locator('a.locale-switcher')).toHaveAttribute('href', '/en/about');
    });
  });
}

test('rendered Markdown: highlighted code, tables, footnotes, no script', async ({ page }) => {
  await page.goto('/en/posts/translating-quiet-night-thoughts');
  await expect(page.locator('.prose blockquote').first()).toBeVisible();
  await expect(page.locator('.prose .footnotes li')).not.toHaveCount(0);
  await page.goto('/zh/posts/zhongyingwen-hunpai-kongge-biaodian-duanhang');
  await expect(page.locator('.prose table')).toBeVisible();
  await expect(page.locator('.prose pre.shiki')).not.toHaveCount(0);
  expect(await page.locator('.prose script').count()).toBe(0);
});

test('unknown slugs, bad page numbers and odd paths answer 404, never 500', { tag: '@requests' }, async ({ request }) => {
  for (const path of ['/zh/posts/no-such-post', '/en/posts/%F0%9F%98%80', '/en/page/abc', '/en/page/0', '/en/page/999', '/zh/tags/nope', '/en/authors/NOPE', '/en/authors/nobody', '/zh/nope-page']) {
    const res = await request.get(path);
    expect(res.status(), path).toBe(404);
  }
  expect((await request.get('/zh/posts/why-publish-in-two-languages', { maxRedirects: 0 })).status()).toBe(308);
});

test('page 2 of the home list exists when there are enough articles', { tag: '@both-widths' }, async ({ page }) => {
  await page.goto('/en');
  const next = page.locator('.pagination a[rel=next]');
  await expect(next).toHaveAttribute('href', '/en/page/2');
  await next.click();
  await expect(page).toHaveURL(/\/en\/page\/2$/);
  expect(await page.locator('.post-card').count()).toBeGreaterThan(0);
});

test('health reports the database', { tag: '@requests' }, async ({ request }) => {
  expect(await (await request.get('/api/health')).json()).toMatchObject({ status: 'ok', db: 'ok' });
});
