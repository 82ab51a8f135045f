// What a reader downloads to read a page in each language: the Chinese article gets its
// headlines' characters of Noto Serif SC (a few small subsets, no Chinese body font) and
// the English one no Chinese font at all; nothing moves when the fonts arrive.
import { expect, test, type Page } from '@playwright/test';

interface FontLoad {
  url: string;
  bytes: number;
}

async function fontsOf(page: Page, path: string): Promise<FontLoad[]> {
  const fonts: FontLoad[] = [];
  page.on('response', async (response) => {
    if (response.request().resourceType() !== 'font') return;
    fonts.push({ url: new URL(response.url()).pathname, bytes: (await response.body().catch(() => Buffer.alloc(0))).length });
  });
  await page.goto(path);
  await page.waitForLoadState('networkidle');
  await page.evaluate(() => document.fonts.ready);
  return fonts;
}

test.describe('fonts', () => {
  test('a Chinese article loads its headlines’ characters, not the Chinese font', async ({ page }) => {
    const fonts = await fontsOf(page, '/zh/posts/yi-bei-cha-de-shijian');
    const chinese = fonts.filter((f) => f.url.startsWith('/fonts/serif-sc/'));
    expect(chinese.length).toBeGreaterThan(0);
    // No slice of a Chinese face from the packages: those are 40–100 KB each.
    expect(fonts.filter((f) => /noto-(sans|serif)-sc/.test(f.url))).toEqual([]);
    const sum = (list: FontLoad[]) => list.reduce((total, f) => total + f.bytes, 0);
    const listing = fonts.map((f) => `${f.url} ${f.bytes}`).join('\n');
    // The headlines' Chinese characters cost a few kilobytes a slice (measured: 28 KB in all);
    // the rest is the three Latin faces' cores (95 KB), which every page shares. The issue's
    // budget for a Chinese article's fonts is 150 KB.
    expect(sum(chinese), listing).toBeLessThan(60 * 1024);
    expect(sum(fonts), listing).toBeLessThan(150 * 1024);
    // The headline is drawn in the display face: each of its Chinese characters is in a loaded subset.
    const title = (await page.getByRole('heading', { level: 1 }).textContent())!;
    const missing = await page.evaluate((text) => {
      const ranges = [...document.fonts]
        .filter((face) => face.family.replace(/["']/g, '') === 'Noto Serif SC Variable' && face.status === 'loaded')
        .flatMap((face) => face.unicodeRange.split(','))
        .map((range) => range.trim().replace(/^U\+/i, '').split('-').map((hex) => parseInt(hex, 16)));
      const isCovered = (codePoint: number) => ranges.some(([first = 0, last = first]) => codePoint >= first && codePoint <= last);
      return [...text].filter((ch) => /\p{Script=Han}/u.test(ch) && !isCovered(ch.codePointAt(0)!));
    }, title);
    expect(missing).toEqual([]);
  });

  test('an English article loads no Chinese font, and only the Latin cores', async ({ page }) => {
    const fonts = await fontsOf(page, '/en/posts/the-time-it-takes-to-drink-tea');
    expect(fonts.filter((f) => /serif-sc|sans-sc/.test(f.url))).toEqual([]);
    expect(fonts.length).toBeGreaterThan(0);
    // ASCII and common punctuation only: the small core files (scripts/latin-fonts.mjs).
    const listing = fonts.map((f) => f.url).join('\n');
    expect(fonts.every((f) => /-latin-core-/.test(f.url)), listing).toBe(true);
  });

  test('an accented letter fetches the rest of the Latin range, and is drawn in the web font', async ({ page }) => {
    await fontsOf(page, '/en');
    const requested: string[] = [];
    page.on('request', (request) => {
      if (request.resourceType() === 'font') requested.push(new URL(request.url()).pathname);
    });
    const covered = await page.evaluate(async () => {
      const probe = document.createElement('p');
      probe.textContent = 'Café';
      document.querySelector('main')!.append(probe);
      await document.fonts.load('16px "Inter Variable"', 'é');
      const ranges = [...document.fonts]
        .filter((face) => face.family.replace(/["']/g, '') === 'Inter Variable' && face.status === 'loaded')
        .flatMap((face) => face.unicodeRange.split(','))
        .map((range) => range.trim().replace(/^U\+/i, '').split('-').map((hex) => parseInt(hex, 16)));
      return ranges.some(([first = 0, last = first]) => 0xe9 >= first && 0xe9 <= last);
    });
    await expect.poll(() => requested.some((url) => /inter-latin-wght/.test(url))).toBe(true);
    expect(covered).toBe(true);
  });

  test('the display face follows a client-side navigation', async ({ page }) => {
    await fontsOf(page, '/zh');
    const requested: string[] = [];
    page.on('request', (request) => {
      if (request.url().includes('/fonts/serif-sc.css')) requested.push(request.url());
    });
    await page.locator('main a[href^="/zh/posts/"]').first().click();
    await expect(page).toHaveURL(/\/zh\/posts\//);
    await expect.poll(() => requested.length).toBeGreaterThan(0);
  });
});
