// The page shell: the three typefaces really applied, nothing fetched from another
// origin, landmarks and skip link, and screenshots of both languages to look at.
import { expect, test } from '@playwright/test';

for (const locale of ['zh', 'en'] as const) {
  test(`${locale}: display serif, body sans and monospace faces are self-hosted and applied`, async ({ page, baseURL }) => {
    const foreign: string[] = [];
    page.on('request', (r) => {
      const url = new URL(r.url());
      if (!['http:', 'https:'].includes(url.protocol)) return;
      if (url.origin !== new URL(baseURL!).origin) foreign.push(r.url());
    });
    const slug = locale === 'zh' ? 'zhongyingwen-hunpai-kongge-biaodian-duanhang' : 'mixing-chinese-and-english-text';
    await page.goto(`/${locale}/posts/${slug}`, { waitUntil: 'networkidle' });
    await page.evaluate(() => document.fonts.ready);

    const family = (selector: string) => page.locator(selector).first().evaluate((el) => getComputedStyle(el).fontFamily);
    expect(await family('h1')).toMatch(/^"Source Serif 4 Variable", "Noto Serif SC Variable"/);
    expect(await family('.prose p')).toMatch(/^"Inter Variable", "Noto Sans SC Variable"/);
    expect(await family('.prose pre code')).toMatch(/^"JetBrains Mono Variable"/);

    // The faces actually loaded (not a fallback), and the Chinese ones only in slices.
    const loaded = await page.evaluate(() => [...document.fonts].filter((f) => f.status === 'loaded').map((f) => f.family));
    expect(loaded).toEqual(expect.arrayContaining(['Source Serif 4 Variable', 'Inter Variable', 'JetBrains Mono Variable']));
    if (locale === 'zh') expect(loaded).toEqual(expect.arrayContaining(['Noto Serif SC Variable', 'Noto Sans SC Variable']));
    const cjkSlices = await page.evaluate(() => [...document.fonts].filter((f) => f.family === 'Noto Sans SC Variable'));
    expect(cjkSlices.length).toBeGreaterThan(50);
    const cjkLoaded = await page.evaluate(() => [...document.fonts].filter((f) => f.family === 'Noto Sans SC Variable' && f.status === 'loaded').length);
    expect(cjkLoaded).toBeLessThan(20);

    expect(foreign).toEqual([]);
  });

  test(`${locale}: landmarks, skip link and screenshot`, async ({ page }, info) => {
    await page.goto(`/${locale}`);
    await expect(page.getByRole('banner')).toHaveCount(1);
    await expect(page.locator('main#content')).toHaveCount(1);
    await expect(page.getByRole('contentinfo')).toHaveCount(1);
    await expect(page.locator('nav.site-nav')).toHaveAttribute('aria-label', /.+/);
    await page.keyboard.press('Tab');
    await expect(page.locator('.skip-link')).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/#content$/);
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await page.screenshot({ path: info.outputPath(`home-${locale}.png`), fullPage: true });
    await page.goto(`/${locale}/nope`);
    await page.screenshot({ path: info.outputPath(`404-${locale}.png`), fullPage: true });
  });
}

test('dark theme follows the system', async ({ browser }) => {
  const context = await browser.newContext({ colorScheme: 'dark' });
  const page = await context.newPage();
  await page.goto('/en');
  const background = await page.evaluate(() => getComputedStyle(document.body).backgroundColor);
  expect(background).toBe('rgb(21, 23, 28)');
  await context.close();
});
