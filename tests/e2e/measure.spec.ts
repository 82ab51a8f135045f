// English running text is set at 60–75 characters a line on a wide screen: the line
// length typographers agree reads best. Counted in a real browser, from where each
// character is drawn; a paragraph's last line (short by nature) is left out.
import { expect, test } from '@playwright/test';

test('an English article’s lines hold 60–75 characters on a wide screen', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto('/en/posts/the-time-it-takes-to-drink-tea');
  await page.evaluate(() => document.fonts.ready);
  const lengths = await page.evaluate(() => {
    const lines: number[] = [];
    for (const paragraph of document.querySelectorAll('article .prose > p')) {
      const range = document.createRange();
      const walker = document.createTreeWalker(paragraph, NodeFilter.SHOW_TEXT);
      let top: number | null = null;
      let count = 0;
      for (let node = walker.nextNode() as Text | null; node; node = walker.nextNode() as Text | null) {
        for (let i = 0; i < node.length; i++) {
          range.setStart(node, i);
          range.setEnd(node, i + 1);
          const box = range.getClientRects()[0];
          if (!box) continue;
          if (top !== null && box.top > top + 5) {
            lines.push(count);
            count = 0;
          }
          top = box.top;
          count += 1;
        }
      }
    }
    return lines;
  });
  expect(lengths.length).toBeGreaterThan(10);
  for (const length of lengths) {
    expect(length, lengths.join(' ')).toBeGreaterThanOrEqual(60);
    expect(length, lengths.join(' ')).toBeLessThanOrEqual(75);
  }
});
