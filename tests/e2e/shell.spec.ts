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
    // Chinese text takes its quotation marks and dashes from the Chinese face first.
    const punctuation = locale === 'zh' ? '"Duet CJK Punctuation", ' : '';
    expect(await family('h1')).toMatch(new RegExp(`^${punctuation}"Source Serif 4 Variable", "Source Serif 4 Fallback", "Noto Serif SC Variable"`));
    expect(await family('.prose p')).toMatch(new RegExp(`^${punctuation}"Inter Variable", "Inter Fallback", "PingFang SC"`));
    expect(await family('.prose pre code')).toMatch(/^"JetBrains Mono Variable", "JetBrains Mono Fallback"/);

    // The faces actually loaded (not a fallback). No Chinese body face is ever declared (the
    // reader's own sans sets Chinese text); the Chinese display face only as this page's subsets.
    const faces = await page.evaluate(() => [...document.fonts].map((f) => ({ family: f.family.replace(/"/g, ''), status: f.status })));
    const loaded = faces.filter((f) => f.status === 'loaded').map((f) => f.family);
    expect(loaded).toEqual(expect.arrayContaining(['Source Serif 4 Variable', 'Inter Variable', 'JetBrains Mono Variable']));
    expect(faces.filter((f) => f.family === 'Noto Sans SC Variable')).toEqual([]);
    const serifSc = faces.filter((f) => f.family === 'Noto Serif SC Variable');
    if (locale === 'zh') expect(serifSc.filter((f) => f.status === 'loaded').length).toBeGreaterThan(0);
    expect(serifSc.length).toBeLessThan(40);

    expect(foreign).toEqual([]);
  });

  test(`${locale}: landmarks, skip link and screenshot`, { tag: '@both-widths' }, async ({ page }, info) => {
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
