// Chinese punctuation set as a typesetter would (标点挤压, issue #30): two marks in a row
// share one blank, an opening mark that starts a line loses its blank, both natively
// (text-spacing-trim) and through the renderer's fallback for browsers without it; an
// English text keeps a Chinese mark whole; the text a reader copies is as written; and
// nothing on a Chinese article moves while it loads.
import { expect, test, type Page } from '@playwright/test';

const searchArticle = '/zh/posts/zhongwen-sousuo-shi-zenme-gongzuo-de';

async function open(page: Page, path: string): Promise<void> {
  await page.goto(path);
  await page.evaluate(() => document.fonts.ready);
}

/**
 * The width, in ems of its paragraph, of the first pair the renderer marked in the
 * article: the marked mark and its neighbour in the pair (the mark before an opening
 * mark, the one after a closing mark), as a Range on the page measures them.
 */
function firstMarkedPairInEms(page: Page): Promise<number> {
  return page.evaluate(() => {
    const span = document.querySelector('.prose .punct-trim')!;
    const mark = span.firstChild as Text;
    const walker = document.createTreeWalker(document.querySelector('.prose')!, NodeFilter.SHOW_TEXT);
    walker.currentNode = mark;
    const range = document.createRange();
    if (/[（「『《“‘]/u.test(mark.data)) {
      const before = walker.previousNode() as Text;
      range.setStart(before, before.length - 1);
      range.setEnd(mark, 1);
    } else {
      range.setStart(mark, 0);
      range.setEnd(walker.nextNode()!, 1);
    }
    const em = parseFloat(getComputedStyle(span.parentElement!).fontSize);
    return range.getBoundingClientRect().width / em;
  });
}

/** A browser without text-spacing-trim, as far as this page goes: what its stylesheet gives one. */
function emulateNoTextSpacingTrim(page: Page, withFallback: boolean): Promise<void> {
  return page.evaluate((isFallbackOn) => {
    const rules: string[] = [];
    for (const sheet of document.styleSheets) {
      for (const rule of sheet.cssRules) {
        if (rule instanceof CSSSupportsRule && rule.conditionText.includes('not (text-spacing-trim')) {
          for (const inner of rule.cssRules) rules.push(inner.cssText);
        }
      }
    }
    const style = document.createElement('style');
    style.textContent = `.prose, .prose * { text-spacing-trim: space-all !important; }\n${isFallbackOn ? rules.join('\n') : ''}`;
    document.head.append(style);
  }, withFallback);
}

test.describe('punctuation compression', () => {
  test('two marks in a row take less room than two full marks', async ({ page }) => {
    await open(page, searchArticle);
    // A full-width mark is one em: a pair whose blanks face each other shares one half.
    expect(await firstMarkedPairInEms(page)).toBeLessThan(1.75);
  });

  test('a browser without text-spacing-trim gets the same from the renderer’s marks', async ({ page }) => {
    await open(page, searchArticle);
    await emulateNoTextSpacingTrim(page, false);
    // The emulation is real: without trimming, the pair takes two full ems.
    expect(await firstMarkedPairInEms(page)).toBeGreaterThan(1.9);
    await page.reload();
    await page.evaluate(() => document.fonts.ready);
    await emulateNoTextSpacingTrim(page, true);
    expect(await firstMarkedPairInEms(page)).toBeLessThan(1.75);
  });

  test('an opening quote that starts a paragraph loses its blank', async ({ page }) => {
    await open(page, '/zh/posts/fanyi-jing-ye-si');
    const width = await page.evaluate(() => {
      const paragraph = [...document.querySelectorAll('.prose p')].find((p) => p.textContent!.startsWith('“床”'))!;
      const range = document.createRange();
      range.setStart(paragraph.firstChild!, 0);
      range.setEnd(paragraph.firstChild!, 1);
      return range.getBoundingClientRect().width / parseFloat(getComputedStyle(paragraph).fontSize);
    });
    expect(width).toBeLessThan(0.75);
  });

  test('Chinese marks shown in an English text keep their whole width', async ({ page }) => {
    await open(page, '/en/posts/mixing-chinese-and-english-text');
    const width = await page.evaluate(() => {
      const item = [...document.querySelectorAll('.prose li')].find((li) => li.textContent!.endsWith('，。：；'))!;
      const text = item.lastChild!;
      const range = document.createRange();
      range.setStart(text, text.textContent!.length - 4);
      range.setEnd(text, text.textContent!.length);
      return range.getBoundingClientRect().width / parseFloat(getComputedStyle(item).fontSize);
    });
    expect(width).toBeGreaterThan(3.9);
    await expect(page.locator('.prose .punct-trim')).toHaveCount(0);
  });

  test('the text a reader copies is the text as written', async ({ page }) => {
    await open(page, searchArticle);
    const paragraph = page.locator('.prose p', { hasText: '切成“Next”' });
    // The paragraph holds marked pairs, and selecting it gives the marks as they were typed.
    await expect(paragraph.locator('.punct-trim')).not.toHaveCount(0);
    const copied = await paragraph.evaluate((element) => {
      getSelection()!.selectAllChildren(element);
      return getSelection()!.toString();
    });
    expect(copied).toContain('切成“Next”“.”“js”三段');
  });

  test('a Chinese article does not move while it loads', { tag: '@both-widths' }, async ({ page }) => {
    await page.addInitScript(() => {
      (window as unknown as { shift: number }).shift = 0;
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries() as Array<PerformanceEntry & { value: number; hadRecentInput: boolean }>) {
          if (!entry.hadRecentInput) (window as unknown as { shift: number }).shift += entry.value;
        }
      }).observe({ type: 'layout-shift', buffered: true });
    });
    await page.goto(searchArticle, { waitUntil: 'networkidle' });
    await page.evaluate(() => document.fonts.ready);
    const shift = await page.evaluate(() => new Promise<number>((resolve) => requestAnimationFrame(() => resolve((window as unknown as { shift: number }).shift))));
    expect(shift).toBeLessThanOrEqual(0.02);
  });
});
