// Writing mode, typed key by key (issue #23, items 1 and 2; the links at phone width too):
// leaving a quote (Enter on its empty line, Backspace at its start, nested, around a list,
// in Markdown mode too) keeps what follows out of it; no caret movement (arrows, word
// jumps, Home/End, clicks, taps, selections) leaves the caret in link syntax the mode
// hides, End then Enter never splits an address; broken link syntax is marked in the
// writer's language. Each time, the saved Markdown and the reader's page (the draft
// preview) say the same.
import { randomBytes } from 'node:crypto';
import { expect, test, type Page } from '@playwright/test';
import { caretIn, mod, openEditor } from './helpers/editor';
import { latestRevision, newDraft, ownerPage } from './helpers/studio';

const run = randomBytes(3).toString('hex');

// As in editor.spec.ts: Playwright's key presses are a desktop keyboard's, so at phone
// width the writer types on one, with the phone's screen and touch.
test.use({ userAgent: 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/156.0.0.0 Safari/537.36' });

async function savedBody(page: Page, postId: number, locale: 'zh' | 'en', expected: string) {
  await expect(async () => expect((await latestRevision(page, postId, locale)).body).toBe(expected)).toPass({ timeout: 20_000 });
}

async function openPreview(page: Page, locale: 'zh' | 'en', postId: number) {
  const preview = await page.context().newPage();
  await preview.goto(`/${locale}/studio/posts/${postId}/preview`);
  return preview;
}

test('leaving a quote by Enter or Backspace keeps the rest of the text out of it, nested, around a list and in Markdown mode', async ({ browser, baseURL }, info) => {
  test.setTimeout(90_000);
  const page = await ownerPage(browser, baseURL!);
  const postId = await newDraft(page, `Quotes ${run}-${info.project.name}`, 'en');
  await openEditor(page, 'en', postId);
  const body = page.locator('#en-body');
  await body.click();
  const { keyboard } = page;

  await keyboard.type('> A quoted line');
  await keyboard.press('Enter');
  await keyboard.press('Enter');
  await keyboard.type('More text after the quote.');
  await keyboard.press('Enter');
  await keyboard.press('Enter');
  await keyboard.type('> > Nested');
  await keyboard.press('Enter');
  await keyboard.press('Enter');
  await keyboard.type('Back in the outer quote.');
  await keyboard.press('Enter');
  await keyboard.press('Enter');
  await keyboard.type('> - An item in a quote');
  await keyboard.press('Enter');
  await keyboard.press('Enter');
  await keyboard.type('After the list, still quoted.');
  await keyboard.press('Enter');
  await keyboard.press('Backspace');
  await keyboard.type('Outside again.');
  await keyboard.press('Enter');
  await keyboard.press('Enter');
  await keyboard.type('```');
  await keyboard.press('Enter');
  await keyboard.type('code');
  await keyboard.press('Enter');
  await keyboard.type('```');
  // The writer sees the caret's line as a plain line, not a quoted one.
  await expect(page.locator('#en-body .cm-line', { hasText: 'Outside again.' })).not.toHaveClass(/cm-md-quote/);

  // The same keys in Markdown mode.
  await page.getByRole('button', { name: 'Markdown', exact: true }).first().click();
  await body.press(`${mod}+End`);
  await keyboard.press('Enter');
  await keyboard.press('Enter');
  await keyboard.type('> In Markdown mode');
  await keyboard.press('Enter');
  await keyboard.press('Enter');
  await keyboard.type('Plain again.');

  await savedBody(
    page,
    postId,
    'en',
    [
      '> A quoted line',
      '',
      'More text after the quote.',
      '',
      '> > Nested',
      '>',
      '> Back in the outer quote.',
      '',
      '> - An item in a quote',
      '>',
      '> After the list, still quoted.',
      '',
      'Outside again.',
      '',
      '```',
      'code',
      '```',
      '',
      '> In Markdown mode',
      '',
      'Plain again.',
    ].join('\n'),
  );

  const preview = await openPreview(page, 'en', postId);
  const prose = preview.locator('.prose').first();
  await expect(prose.locator(':scope > blockquote')).toHaveCount(4);
  for (const text of ['More text after the quote.', 'Outside again.', 'Plain again.']) await expect(prose.locator(':scope > p', { hasText: text })).toBeVisible();
  await expect(prose.locator('blockquote', { hasText: 'More text' })).toHaveCount(0);
  await expect(prose.locator(':scope > pre')).toContainText('code');
  await expect(prose.locator(':scope > blockquote > blockquote')).toHaveText('Nested');
  await expect(prose.locator(':scope > blockquote > p', { hasText: 'Back in the outer quote.' })).toBeVisible();
  await expect(prose.locator(':scope > blockquote > ul > li')).toHaveText('An item in a quote');
  await expect(prose.locator(':scope > blockquote > p', { hasText: 'After the list, still quoted.' })).toBeVisible();
});

const links = {
  en: {
    ui: 'en',
    before: 'We write in two languages, and this platform was made for that: every article has a Chinese and an English version. See ',
    label: 'the Duet home page',
    after: ', and more words that carry on until this paragraph ends.',
    malformed: 'broken link',
    help: /readers will see its brackets/,
  },
  zh: {
    ui: 'zh',
    before: '我们在两种语言之间写作，这个平台就是为此而做的，每篇文章都有中文和英文两个版本。详见',
    label: 'Duet 项目主页',
    after: '，以及更多说明文字在这里继续写下去，直到这一段结束。',
    malformed: '链接不完整',
    help: /读者会看到原样的方括号/,
  },
} as const;
const address = 'https://github.com/example/duet-publishing-platform/blob/main/docs/README.md';

for (const locale of ['zh', 'en'] as const) {
  test(`${locale}: no caret movement stands in a hidden address, End then Enter keeps the link whole, and a broken link is marked`, { tag: '@both-widths' }, async ({ browser, baseURL }, info) => {
    test.setTimeout(180_000);
    const w = links[locale];
    const link = `[${w.label}](${address})`;
    const page = await ownerPage(browser, baseURL!);
    const postId = await newDraft(page, `Links ${run}-${locale}-${info.project.name}`, locale);
    await openEditor(page, w.ui, postId);
    const body = page.locator(`#${locale}-body`);
    await body.click();
    await page.keyboard.type('First paragraph.');
    await page.keyboard.press('Enter');
    await page.keyboard.press('Enter');
    await page.keyboard.type(`${w.before}${link}${w.after}`);
    await page.keyboard.press('Enter');
    await page.keyboard.press('Enter');
    await page.keyboard.type('Last paragraph.');

    // Wherever the caret stops, it is outside the link or the link's syntax is in sight.
    const stops: string[] = [];
    const check = async (how: string) => {
      const caret = await caretIn(body);
      const from = caret.doc.indexOf(link);
      const inLink = [caret.head, caret.anchor].some((p) => p >= from && p <= from + link.length);
      if (inLink && !caret.lineShows.includes(`](${address})`)) stops.push(`${how}: caret at ${caret.head} in hidden syntax`);
    };
    // The paragraph's line, found by its first words (Enter below splits it after them).
    const paragraph = body.locator('.cm-line', { hasText: w.before.slice(0, 12) });
    await paragraph.click({ position: { x: 3, y: 8 } });
    await page.keyboard.press('Home');
    await check('Home');
    for (let i = 0; i < w.before.length - 3; i += 1) await page.keyboard.press('ArrowRight');
    for (let i = 0; i < link.length + 6; i += 1) {
      await page.keyboard.press('ArrowRight');
      await check(`ArrowRight ${i}`);
    }
    for (let i = 0; i < 12; i += 1) {
      await page.keyboard.press(`${mod}+ArrowLeft`);
      await check(`word left ${i}`);
    }
    for (const key of ['End', 'Home', 'End', 'Shift+Home', 'ArrowUp', 'ArrowDown', 'ArrowDown', 'ArrowUp', 'Shift+End', 'ArrowRight']) {
      await page.keyboard.press(key);
      await check(key);
    }
    const box = (await paragraph.boundingBox())!;
    for (let y = box.y + 8; y < box.y + box.height; y += 20) {
      for (let x = box.x + 10; x < box.x + box.width; x += box.width / 6) {
        await page.mouse.click(x, y);
        await check(`click ${Math.round(x - box.x)},${Math.round(y - box.y)}`);
      }
    }
    if (info.project.name === 'mobile') {
      await body.getByText(w.label).tap();
      await check('tap on the link');
    }
    expect(stops).toEqual([]);

    // The steps: into the link's words, End, Enter; and from the paragraph's start.
    await body.getByText(w.label).click();
    await page.keyboard.press('End');
    await page.keyboard.press('Enter');
    await paragraph.click({ position: { x: 3, y: 8 } });
    await page.keyboard.press('End');
    await page.keyboard.press('Enter');

    // A link whose address never closes: marked, in the writer's language.
    await body.press(`${mod}+End`);
    await page.keyboard.press('Enter');
    await page.keyboard.press('Enter');
    await page.keyboard.type('[broken](https://example.com/never-closed');
    await page.keyboard.press('Enter');
    await page.keyboard.press('Enter');
    await page.keyboard.type('After.');
    const badge = body.locator('.cm-md-malformed-badge');
    await expect(badge).toHaveText(w.malformed);
    await expect(badge).toHaveAttribute('title', w.help);
    await expect(body.locator('.cm-md-malformed')).toHaveText('[broken](https://example.com/never-closed');

    let saved = '';
    await expect(async () => {
      saved = (await latestRevision(page, postId, locale)).body;
      expect(saved).toContain('[broken](https://example.com/never-closed\n\nAfter.');
    }).toPass({ timeout: 20_000 });
    // The link is whole: its address on one line, unbroken, where it was typed (Enter
    // only broke lines, which a paragraph reads as spaces).
    const squeeze = (text: string) => text.replace(/\s+/g, '');
    expect(saved).toContain(`](${address})`);
    expect(squeeze(saved)).toContain(squeeze(`${w.before}${link}${w.after}`));

    const preview = await openPreview(page, locale, postId);
    const prose = preview.locator('.prose').first();
    const anchor = prose.locator(`a[href="${address}"]`);
    await expect(anchor).toHaveCount(1);
    expect(squeeze(await anchor.innerText())).toBe(squeeze(w.label));
    const read = prose.locator('p', { hasText: w.before.slice(0, 12) });
    await expect(read).not.toContainText('[');
    await expect(read).not.toContainText('](');
    // What a broken link gives readers: the brackets, as the editor marked them.
    await expect(prose.locator('p', { hasText: '[broken](https://example.com/never-closed' })).toBeVisible();
  });
}

test('writing mode shows a callout’s marker as its label and display math as a formula’s source; the preview renders both', async ({ browser, baseURL }, info) => {
  test.setTimeout(90_000);
  const page = await ownerPage(browser, baseURL!);
  const postId = await newDraft(page, `Callouts ${run}-${info.project.name}`, 'en');
  await openEditor(page, 'en', postId);
  await page.locator('#en-body').click();
  const markdown = '> [!WARNING]\n> Mind the gap.\n\n$$\nE = mc^2\n$$\n\nInline $x^2$ too.';
  await page.keyboard.insertText(markdown);
  await expect(page.locator('#en-body .cm-md-callout-marker')).toHaveText('[!WARNING]');
  await expect(page.locator('#en-body .cm-md-math')).toHaveCount(3);
  await savedBody(page, postId, 'en', markdown);
  const preview = await openPreview(page, 'en', postId);
  await expect(preview.locator('.prose .callout-warning .callout-title')).toHaveText('Warning');
  await expect(preview.locator('.prose .math-display annotation')).toHaveText('E = mc^2');
  await expect(preview.locator('.prose .math-inline annotation')).toHaveText('x^2');
  await expect(preview.locator('head link[href^="/fonts/katex/katex."]')).toHaveCount(1);
  await preview.close();
});
