// What a reader sees on a phone and a desktop: the parallel view never overflows (its code
// and tables scroll inside their column), a code block's language label never covers
// code, the Chinese search button stays on one line, and the home page never lists a
// featured article twice.
import { expect, test, type Locator, type Page } from '@playwright/test';

/** Demo articles with code lines longer than a column and tables, in both languages. */
const wideArticles = [
  { zh: '/zh/posts/zhongyingwen-hunpai-kongge-biaodian-duanhang', en: '/en/posts/mixing-chinese-and-english-text' },
  { zh: '/zh/posts/yuedu-shijian-zenme-suan', en: '/en/posts/how-long-does-it-take-to-read' },
  { zh: '/zh/posts/zai-ziji-de-fuwuqi-shang-bushu-nextjs', en: '/en/posts/deploying-nextjs-on-your-own-server' },
];

async function open(page: Page, path: string) {
  const res = await page.goto(path);
  expect(res?.status(), path).toBe(200);
  await page.evaluate(() => document.fonts.ready);
}

for (const locale of ['zh', 'en'] as const) {
  test(`${locale}: the parallel view never overflows; code and tables scroll inside their column`, { tag: '@both-widths' }, async ({ page }, info) => {
    let scrolling = 0;
    for (const article of wideArticles) {
      const path = `${article[locale]}/parallel`;
      await open(page, path);
      const root = await page.evaluate(() => ({ scroll: document.documentElement.scrollWidth, client: document.documentElement.clientWidth }));
      expect(root.scroll, `${path}: the page is wider than the screen`).toBeLessThanOrEqual(root.client);
      const cells = await page.locator('.parallel__cell').evaluateAll((elements) =>
        elements.map((cell) => {
          const box = cell.getBoundingClientRect();
          const wide = [...cell.querySelectorAll('pre, table')].map((el) => ({ right: el.getBoundingClientRect().right, scrolls: el.scrollWidth > el.clientWidth }));
          return { overflow: cell.scrollWidth - cell.clientWidth, right: box.right, wide };
        }),
      );
      for (const cell of cells) {
        expect(cell.overflow, `${path}: a column's content is wider than the column`).toBeLessThanOrEqual(0);
        for (const el of cell.wide) expect(el.right, `${path}: a code block or table sticks out of its column`).toBeLessThanOrEqual(cell.right + 0.5);
        scrolling += cell.wide.filter((el) => el.scrolls).length;
      }
    }
    // Not vacuous: some code lines are longer than a column, at 375 px and at 1280 px.
    expect(scrolling, info.project.name).toBeGreaterThan(0);
  });

  test(`${locale}: a code block's language label never covers its first line`, { tag: '@both-widths' }, async ({ page }) => {
    let labelled = 0;
    for (const article of wideArticles) {
      await open(page, article[locale]);
      for (const pre of await page.locator('.prose pre.shiki[data-language]:not([data-language=text])').all()) {
        const { label, line } = await labelAndFirstLine(pre);
        expect(label, 'the label is drawn').not.toBeNull();
        labelled += 1;
        const overlaps = label!.right > line.left && label!.left < line.right && label!.bottom > line.top + 0.5 && label!.top < line.bottom - 0.5;
        expect(overlaps, `${article[locale]}: the label ${JSON.stringify(label)} covers the first line ${JSON.stringify(line)}`).toBe(false);
      }
    }
    expect(labelled).toBeGreaterThan(0);
  });
}

/**
 * The box of a code block's language label (its ::before, measured from its computed
 * style: a pseudo-element has no box of its own to ask for) and of its first line's text.
 */
function labelAndFirstLine(pre: Locator) {
  return pre.evaluate((el) => {
    const px = (value: string) => Number.parseFloat(value) || 0;
    const style = getComputedStyle(el);
    const before = getComputedStyle(el, '::before');
    const box = el.getBoundingClientRect();
    const contentLeft = box.left + el.clientLeft + px(style.paddingLeft);
    const contentRight = box.left + el.clientLeft + el.clientWidth - px(style.paddingRight);
    const top = box.top + el.clientTop + px(style.paddingTop) + px(before.marginTop);
    const width = px(before.width);
    let label: { left: number; right: number; top: number; bottom: number } | null = null;
    if (before.content !== 'none' && before.display !== 'none' && width > 0) {
      const left = before.float === 'right' ? contentRight - px(before.marginRight) - width : contentLeft + px(before.marginLeft);
      label = { left, right: left + width, top, bottom: top + px(before.height) };
    }
    const firstLine = [...el.querySelectorAll('code .line')].find((l) => (l.textContent ?? '').trim() !== '')!;
    const range = document.createRange();
    range.selectNodeContents(firstLine);
    const rects = [...range.getClientRects()].filter((r) => r.width > 0);
    const line = {
      left: Math.min(...rects.map((r) => r.left)),
      right: Math.max(...rects.map((r) => r.right)),
      top: Math.min(...rects.map((r) => r.top)),
      bottom: Math.max(...rects.map((r) => r.bottom)),
    };
    return { label, line };
  });
}

/** Height of an element's content box in lines of its own text. */
function linesTall(locator: Locator) {
  return locator.evaluate((el) => {
    const style = getComputedStyle(el);
    const range = document.createRange();
    range.selectNodeContents(el);
    const tops = new Set([...range.getClientRects()].filter((r) => r.width > 0).map((r) => Math.round(r.top)));
    const content = el.getBoundingClientRect().height - Number.parseFloat(style.paddingTop) - Number.parseFloat(style.paddingBottom) - Number.parseFloat(style.borderTopWidth) - Number.parseFloat(style.borderBottomWidth);
    return { lineBoxes: tops.size, heightInLines: content / Number.parseFloat(style.lineHeight) };
  });
}

test('the Chinese search button and the header’s search link stay on one line', { tag: '@both-widths' }, async ({ page }) => {
  for (const path of ['/zh/search', `/zh/search?q=${encodeURIComponent('出版')}`]) {
    await open(page, path);
    const button = page.locator('form[role=search] button[type=submit]');
    await expect(button).toHaveText('搜索');
    const { lineBoxes, heightInLines } = await linesTall(button);
    expect(lineBoxes, `${path}: the button's text`).toBe(1);
    expect(heightInLines, `${path}: the button's height`).toBeLessThan(1.5);
    const link = page.locator('.site-nav a[href="/zh/search"]');
    expect((await linesTall(link)).lineBoxes, `${path}: the header's search link`).toBe(1);
  }
});

test('the home page lists no featured article again under Latest, nor on its next page', async ({ page }) => {
  const hrefs = (list: Locator) => list.locator('.post-card__title a').evaluateAll((links) => links.map((a) => a.getAttribute('href')!));
  for (const locale of ['zh', 'en'] as const) {
    await open(page, `/${locale}`);
    const featured = await hrefs(page.locator('section[aria-labelledby=featured-title]'));
    const latest = await hrefs(page.locator('section[aria-labelledby=latest-title]'));
    expect(featured.length).toBeGreaterThan(0);
    expect(latest.length).toBeGreaterThan(0);
    expect(latest.filter((href) => featured.includes(href)), `/${locale}: featured articles repeated under Latest`).toEqual([]);
    expect(new Set(latest).size).toBe(latest.length);
    await open(page, `/${locale}/page/2`);
    const older = await hrefs(page.locator('section[aria-labelledby=latest-title]'));
    expect(older.filter((href) => featured.includes(href) || latest.includes(href)), `/${locale}/page/2 repeats the first page`).toEqual([]);
  }
});
