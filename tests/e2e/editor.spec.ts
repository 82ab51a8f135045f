// The writer's editor in a real browser, in both Studio languages (and at phone width in
// Chinese): formatting with the toolbar and the shortcuts only, an image dropped in with
// its upload progress shown and its description asked, a Google Docs fragment pasted,
// published and read; and a translator's panes that scroll and point together.
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { expect, test, type Locator, type Page } from '@playwright/test';
import sharp from 'sharp';
import { latestRevision, newDraft, ownerPage } from './helpers/studio';

const run = randomBytes(3).toString('hex');
const googleDocs = readFileSync('tests/fixtures/clipboard/google-docs-headings.html', 'utf8');

const words = {
  en: { heading: 'Heading', bold: 'Bold', bullet: 'Bulleted list', insert: 'Insert', alt: 'Description (alt text)', saved: /Saved at/, publish: 'Publish', published: /^Published\. Last updated/, body: 'Text (Markdown)' },
  zh: { heading: '标题', bold: '粗体', bullet: '项目符号列表', insert: '插入', alt: '描述（替代文字）', saved: /已于 .* 保存/, publish: '发布', published: /^已发布，最近更新于/, body: '正文（Markdown）' },
} as const;

const mod = process.platform === 'darwin' ? 'Meta' : 'Control';

// Playwright's key presses are a desktop keyboard's, not what an Android keyboard sends
// (CodeMirror reads Android input from the DOM changes those make): at phone width the
// writer here types on a desktop browser's keyboard, with the phone's screen and touch.
test.use({ userAgent: 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/156.0.0.0 Safari/537.36' });

/** Fires the events a real drop of a file makes, with the file's bytes. */
async function dropFile(target: Locator, name: string, bytes: Buffer, type: string) {
  await target.evaluate(
    (element, file) => {
      const transfer = new DataTransfer();
      transfer.items.add(new File([Uint8Array.from(atob(file.base64), (c) => c.charCodeAt(0))], file.name, { type: file.type }));
      const box = element.getBoundingClientRect();
      const at = { clientX: box.left + 20, clientY: box.bottom - 10, bubbles: true, cancelable: true, dataTransfer: transfer };
      element.dispatchEvent(new DragEvent('dragenter', at));
      element.dispatchEvent(new DragEvent('dragover', at));
      element.dispatchEvent(new DragEvent('drop', at));
    },
    { name, type, base64: bytes.toString('base64') },
  );
}

/** Pastes clipboard content as the browser delivers a paste. */
async function paste(target: Locator, data: Record<string, string>) {
  await target.evaluate((element, items) => {
    const transfer = new DataTransfer();
    for (const [type, value] of Object.entries(items)) transfer.setData(type, value);
    element.dispatchEvent(new ClipboardEvent('paste', { clipboardData: transfer, bubbles: true, cancelable: true }));
  }, data);
}

async function openEditor(page: Page, ui: 'en' | 'zh', postId: number) {
  await page.goto(`/${ui}/studio/posts/${postId}`);
  await expect(page.locator('[data-editor=ready]').first()).toBeVisible();
}

for (const ui of ['en', 'zh'] as const) {
  // At 375 px once, in Chinese: the toolbar sits in the flow there with larger buttons.
  test(`${ui} Studio: a post formatted with the toolbar and shortcuts, an image dropped in, a Google Docs paste; readers see it`, { tag: ui === 'zh' ? '@both-widths' : [] }, async ({ browser, baseURL }, info) => {
    test.setTimeout(120_000);
    const w = words[ui];
    const tag = `${run}-${ui}-${info.project.name}`;
    const page = await ownerPage(browser, baseURL!);
    const postId = await newDraft(page, `Formatted ${tag}`, 'en');
    await openEditor(page, ui, postId);
    const body = page.locator('#en-body');
    const toolbar = page.getByRole('toolbar').first();

    await body.click();
    await toolbar.getByRole('button', { name: w.heading, exact: true }).click();
    await page.keyboard.type('Brewing');
    await page.keyboard.press('Enter');
    await page.keyboard.press('Enter');
    await page.keyboard.type('Use ');
    await page.keyboard.press(`${mod}+b`);
    await page.keyboard.type('fresh');
    await page.keyboard.press(`${mod}+b`);
    await page.keyboard.type(' water.');
    await page.keyboard.press('Enter');
    await page.keyboard.press('Enter');
    await toolbar.getByRole('button', { name: w.bullet }).click();
    await page.keyboard.type('Leaves');
    await page.keyboard.press('Enter');
    await page.keyboard.type('Water');
    // Enter continues the list; the list button ends it again.
    await page.keyboard.press('Enter');
    await toolbar.getByRole('button', { name: w.bullet }).click();
    await page.keyboard.press('Enter');
    // A separate burst of typing is one step of undo.
    await page.waitForTimeout(700);
    await page.keyboard.type('Undo me');
    await page.keyboard.press(`${mod}+z`);

    // An image dropped in: its progress shows where it lands while its description is asked.
    const png = await sharp({ create: { width: 1600, height: 900, channels: 3, background: '#2a6b4f' } }).png().toBuffer();
    await dropFile(body, `leaves-${tag}.png`, png, 'image/png');
    const progress = body.locator('.cm-md-upload progress');
    await expect(progress).toBeVisible();
    await expect(progress).toHaveJSProperty('value', 100, { timeout: 30_000 });
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel(w.alt).fill('Green tea leaves in a white cup');
    await dialog.getByRole('button', { name: w.insert, exact: true }).click();
    // The mark stays until the server has made the image's copies, which a busy machine takes a while over.
    await expect(progress).toHaveCount(0, { timeout: 30_000 });

    // A fragment of a Google Docs document, pasted at the end.
    await body.press(`${mod}+End`);
    await paste(body, { 'text/html': googleDocs, 'text/plain': 'This is a test of headings and paragraphs.' });

    await expect(page.getByRole('status').filter({ hasText: w.saved }).first()).toBeVisible({ timeout: 15_000 });
    await expect(async () => {
      const saved = (await latestRevision(page, postId, 'en')).body;
      expect(saved).toMatch(/^## Brewing\n\nUse \*\*fresh\*\* water\.\n\n- Leaves\n- Water\n\n/);
      expect(saved).not.toContain('Undo me');
      expect(saved).toMatch(/!\[Green tea leaves in a white cup\]\(\/images\/leaves-[^)]+\)/);
      expect(saved).toContain('# Heading 1\n\nSome text.');
      expect(saved).not.toMatch(/style=|<span/);
    }).toPass({ timeout: 15_000 });

    // The saved draft as a page of the site, before anyone publishes it.
    const preview = await page.context().newPage();
    await preview.goto(`/en/studio/posts/${postId}/preview`);
    await expect(preview.getByRole('note').first()).toContainText('readers do not see it');
    await expect(preview.getByRole('heading', { name: 'Brewing', level: 2 })).toBeVisible();
    await expect(preview.getByRole('banner')).toBeVisible();
    await preview.close();

    const en = page.locator('section').filter({ has: page.getByRole('heading', { name: /^(English|英文) ·/ }) });
    await en.getByRole('button', { name: w.publish, exact: true }).click();
    await expect(en.getByText(w.published)).toBeVisible();
    const slug = (await page.locator('#en-address strong').textContent())!.trim();

    const reader = await (await browser.newContext({ baseURL })).newPage();
    await reader.goto(`/en/posts/${slug}`);
    await expect(reader.getByRole('heading', { name: 'Brewing', level: 2 })).toBeVisible();
    await expect(reader.locator('.prose strong', { hasText: 'fresh' })).toBeVisible();
    await expect(reader.locator('.prose li')).toHaveText(['Leaves', 'Water']);
    const image = reader.getByRole('img', { name: 'Green tea leaves in a white cup' });
    await expect(image).toBeVisible();
    // The library's smaller WebP copies are offered to phones, and the size is known up front.
    await expect(image).toHaveAttribute('srcset', /\.w\d+\.webp \d+w, .*\.png 1600w$/);
    await expect(image).toHaveAttribute('width', '1600');
    await expect(reader.getByRole('heading', { name: 'Heading 2' })).toBeVisible();
  });
}

// Desktop only: side by side only where the panes sit side by side.
test('a translator\'s panes scroll together block by block, and the block facing the caret is marked', async ({ browser, baseURL }) => {
  const page = await ownerPage(browser, baseURL!);
  const postId = await newDraft(page, `Aligned ${run}`, 'zh');
  // Chinese paragraphs are short, the English long, and English has one extra note: the
  // same block sits at a different height in each pane.
  const zh = Array.from({ length: 30 }, (_, i) => `## 第 ${i + 1} 节\n\n${'茶叶在水中慢慢展开。'.repeat(3)}`).join('\n\n');
  const en = Array.from({ length: 30 }, (_, i) => `## Section ${i + 1}\n\n${'The leaves open slowly in the water, and the room goes quiet. '.repeat(8)}${i === 3 ? '\n\n> A translator\'s note.' : ''}`).join('\n\n');
  for (const [locale, text, title] of [['zh', zh, `对齐 ${run}`], ['en', en, `Aligned ${run}`]] as const) {
    const expectedRevisionId = locale === 'zh' ? (await latestRevision(page, postId, 'zh')).id : null;
    const response = await page.request.put(`/api/v1/studio/posts/${postId}/translations/${locale}`, {
      headers: { origin: new URL(baseURL!).origin },
      data: { postId, locale, title, slug: '', excerpt: '', body: text, expectedRevisionId, basedOnRevisionId: null },
    });
    expect(response.status(), await response.text()).toBeLessThan(300);
  }
  await openEditor(page, 'en', postId);
  const scrollers = page.locator('.cm-scroller');
  await expect(scrollers).toHaveCount(2);

  // Scroll the Chinese pane to section 20: the English pane follows to its section 20.
  await page.locator('#zh-body').evaluate(async (content) => {
    const scroller = content.closest('.cm-scroller')!;
    // CodeMirror draws the lines near the view only: scroll on until the heading is drawn.
    for (let step = 0; step < 200; step += 1) {
      const line = [...content.querySelectorAll('.cm-line')].find((l) => l.textContent?.includes('第 20 节'));
      if (line) {
        scroller.scrollTop += line.getBoundingClientRect().top - scroller.getBoundingClientRect().top;
        return;
      }
      scroller.scrollTop += 300;
      await new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
    }
  });
  await expect(async () => {
    const offset = await page.locator('#en-body').evaluate((content) => {
      const scroller = content.closest('.cm-scroller')!;
      const line = [...content.querySelectorAll('.cm-line')].find((l) => l.textContent?.includes('Section 20'));
      return line ? Math.abs(line.getBoundingClientRect().top - scroller.getBoundingClientRect().top) : Infinity;
    });
    expect(offset).toBeLessThan(60);
  }).toPass({ timeout: 5_000 });

  // The caret in the Chinese section 20 marks the English section 20.
  await page.locator('#zh-body .cm-line', { hasText: '第 20 节' }).click();
  await expect(page.locator('#en-body .cm-md-counterpart').first()).toContainText('Section 20');
});
