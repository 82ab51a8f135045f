// Chinese headlines break between words, never inside them: in a real browser, every line
// of a Chinese title (article, cards, parallel view) starts where jieba sees a word
// begin. Lines are found by measuring each character's box; the words are jieba's own,
// cut here in the test, not the phrases the server chose.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { expect, test, type Locator, type Page } from '@playwright/test';

const require = createRequire(import.meta.url);
const { Jieba } = require('@node-rs/jieba') as typeof import('@node-rs/jieba');
const { dict } = require('@node-rs/jieba/dict') as { dict: Uint8Array };
const jieba = Jieba.withDict(dict);

/** The demo magazine's Chinese titles and where each is read. */
const demoPosts = join(process.cwd(), 'demo/posts');
const chineseTitles = readdirSync(demoPosts).flatMap((key) => {
  if (!existsSync(join(demoPosts, key, 'zh.md'))) return [];
  const source = readFileSync(join(demoPosts, key, 'zh.md'), 'utf8');
  const field = (name: string) => new RegExp(`^${name}: (.+)$`, 'm').exec(source)![1]!.trim();
  const { kind } = JSON.parse(readFileSync(join(demoPosts, key, 'meta.json'), 'utf8')) as { kind: string };
  return [{ title: field('title'), path: kind === 'page' ? `/zh/${field('slug')}` : `/zh/posts/${field('slug')}` }];
});

/** Offsets in `text` where jieba starts a word. */
function wordStarts(text: string): Set<number> {
  const starts = new Set<number>();
  let at = 0;
  for (const word of jieba.cut(text, true)) starts.add((at += word.length));
  return starts;
}

/** The element's text and the offsets of the characters that begin its second and later lines. */
function measureLines(locator: Locator) {
  return locator.evaluate((element) => {
    const starts: number[] = [];
    let offset = 0;
    let lineTop: number | null = null;
    const walker = document.createTreeWalker(element, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const text = node.nodeValue ?? '';
      for (let i = 0; i < text.length; i++) {
        if (/\s/.test(text[i]!)) continue;
        const range = document.createRange();
        range.setStart(node, i);
        range.setEnd(node, i + 1);
        const box = [...range.getClientRects()].find((r) => r.width > 0);
        if (!box) continue;
        if (lineTop === null) lineTop = box.top;
        else if (box.top > lineTop + box.height / 2) {
          starts.push(offset + i);
          lineTop = box.top;
        }
      }
      offset += text.length;
    }
    return { text: element.textContent ?? '', starts };
  });
}

/** Asserts every line of the element starts a word; returns how many lines it has. */
async function expectBreaksBetweenWords(locator: Locator, where: string): Promise<number> {
  const { text, starts } = await measureLines(locator);
  const words = wordStarts(text);
  const inside = starts.filter((at) => !words.has(at)).map((at) => `${text.slice(0, at)}|${text.slice(at)}`);
  expect(inside, `${where}: lines that start inside a word`).toEqual([]);
  return starts.length + 1;
}

async function open(page: Page, path: string) {
  await page.goto(path);
  await page.evaluate(() => document.fonts.ready);
}

test('Chinese titles are phrased with <wbr> under keep-all; English titles are untouched', async ({ page }) => {
  await open(page, '/zh/posts/zhongyingwen-hunpai-kongge-biaodian-duanhang');
  const phrased = page.locator('h1 .phrased');
  expect(await phrased.evaluate((el) => el.innerHTML)).toBe('中英文<wbr>混排：<wbr>空格、<wbr>标点<wbr>与断行');
  expect(await phrased.evaluate((el) => [getComputedStyle(el).wordBreak, getComputedStyle(el).overflowWrap])).toEqual(['keep-all', 'anywhere']);
  expect(await page.locator('h1').evaluate((el) => getComputedStyle(el).textWrap)).toContain('balance');
  await open(page, '/en/posts/mixing-chinese-and-english-text');
  await expect(page.locator('h1 .phrased, h1 wbr')).toHaveCount(0);
  // The essays tag lists a Chinese-only article, its card in Chinese, among English ones.
  await open(page, '/en/tags/essays');
  await expect(page.locator('.post-card:not([lang]) .post-card__title wbr')).toHaveCount(0);
  await expect(page.locator('.post-card[lang=zh] .post-card__title wbr')).not.toHaveCount(0);
});

test('card titles on the home page and archive pages break between words only', { tag: '@both-widths' }, async ({ page }) => {
  for (const path of ['/zh', '/zh/page/2', '/zh/tags/paiban']) {
    await open(page, path);
    const titles = page.locator('.post-card__title a');
    expect(await titles.count(), path).toBeGreaterThan(0);
    for (const title of await titles.all()) await expectBreaksBetweenWords(title, `${path}: ${await title.textContent()}`);
  }
});

test('the archive’s titles break between words only, and are phrased', { tag: '@both-widths' }, async ({ page }) => {
  await open(page, '/zh/archive');
  const titles = page.locator('.archive-list a');
  expect(await titles.count()).toBeGreaterThan(3);
  await expect(page.locator('.archive-list a .phrased wbr').first()).toBeAttached();
  for (const title of await titles.all()) await expectBreaksBetweenWords(title, `/zh/archive: ${await title.textContent()}`);
});

test('the parallel view’s titles break between words only', { tag: '@both-widths' }, async ({ page }) => {
  // Six pages, each a first render of its parallel view: 30.7 s once on a slow CI machine.
  test.setTimeout(60_000);
  for (const { path } of chineseTitles.filter((t) => t.path.startsWith('/zh/posts/')).slice(0, 6)) {
    const res = await page.goto(`${path}/parallel`);
    if (res?.status() === 404) continue; // a Chinese-only article has no parallel view
    await page.evaluate(() => document.fonts.ready);
    await expectBreaksBetweenWords(page.locator('h1'), `${path}/parallel`);
    const columnTitle = page.locator('.parallel__titles p[lang=zh]');
    if (await columnTitle.isVisible()) await expectBreaksBetweenWords(columnTitle, `${path}/parallel column title`);
  }
});

// Desktop project only: it sweeps the widths itself, a phone's 375 px among them.
test('every Chinese article title breaks between words only, at every width from 320 to 1280 px', async ({ page }) => {
  test.setTimeout(120_000);
  const widths = [375, ...Array.from({ length: 25 }, (_, i) => 320 + 40 * i)];
  let wrappedOnPhone = 0;
  for (const { title, path } of chineseTitles) {
    await open(page, path);
    const h1 = page.locator('h1');
    await expect(h1).toHaveText(title);
    for (const width of widths) {
      await page.setViewportSize({ width, height: 900 });
      const lines = await expectBreaksBetweenWords(h1, `${path} at ${width} px`);
      if (width === 375 && lines > 1) wrappedOnPhone += 1;
    }
    await page.setViewportSize({ width: 1280, height: 900 });
  }
  // Not vacuous: on a phone several titles take more than one line.
  expect(wrappedOnPhone).toBeGreaterThanOrEqual(3);
});
