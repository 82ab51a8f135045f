// "Copy for WeChat" and "Copy as rich text" from the editor (issue #30), in Chromium: the
// writer opens the dialog, sees the copy at a phone's width, copies it, and pastes it with
// Ctrl+V into a contenteditable on a blank page, the way an editor receives it; what the
// editor gets has no class and no <style>, outside links as numbered references listed at
// the end (WeChat) or kept as links (rich text), and images at absolute addresses.
// Screenshots of the dialog and of the paste go to $DUET_SHOTS when it is set.
import { randomBytes } from 'node:crypto';
import axe from 'axe-core';
import { join } from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { openEditor } from './helpers/editor';
import { latestRevision, newDraft, ownerPage } from './helpers/studio';

const run = randomBytes(3).toString('hex');

const words = {
  zh: { wechat: '复制到公众号', rich: '复制为富文本（知乎、Medium、Substack）', copy: '复制', copied: '已复制', references: '引用链接', frame: '粘贴后的样子（手机宽度）' },
  en: { wechat: 'Copy for WeChat', rich: 'Copy as rich text (Zhihu, Medium, Substack)', copy: 'Copy', copied: 'Copied', references: 'References', frame: 'What will be pasted, at phone width' },
} as const;

const bodyIn = (locale: 'zh' | 'en', image: string) => `${locale === 'zh' ? '一段有链接的文字' : 'A paragraph with links'}: [Example](https://example.com/page), [an account](https://mp.weixin.qq.com/s/abc) and [the about page](/${locale}/about).

![${locale === 'zh' ? '封面' : 'Cover'}](${image} "${locale === 'zh' ? '图片说明' : 'A caption'}")

- one
- two
  - nested

\`\`\`js
const answer = 42; // a comment long enough to scroll sideways on a phone's narrow screen
\`\`\`

| a | b |
|---|---|
| 1 | 2 |
`;

/** Light, then dark (the Studio's own colours; the copy is always on white). */
async function shoot(page: Page, name: string) {
  const dir = process.env.DUET_SHOTS;
  if (!dir) return;
  for (const colorScheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme });
    await page.screenshot({ path: join(dir, `${name}-${colorScheme}.png`) });
  }
  await page.emulateMedia({ colorScheme: null });
}

/** An image of the media library (the demo's), by its address on the site. */
async function libraryImage(page: Page): Promise<string> {
  const { media } = (await (await page.request.get('/api/v1/studio/media')).json()) as { media: Array<{ kind: string; path: string }> };
  return media.find((m) => m.kind === 'image')!.path;
}

/** Pastes the clipboard with Ctrl+V into an empty contenteditable on a page of the site; returns that element. */
async function pasteIntoBlankEditor(page: Page) {
  const blank = await page.context().newPage();
  await blank.goto('/api/health');
  await blank.setContent('<!doctype html><meta charset="utf-8"><div id="editor" contenteditable="true" style="width:375px;min-height:200px;padding:8px"></div>');
  const editor = blank.locator('#editor');
  await editor.focus();
  await blank.keyboard.press('Control+V');
  await expect(editor.locator('p').first()).toBeVisible();
  return { blank, editor };
}

for (const locale of ['zh', 'en'] as const) {
  test(`copying a ${locale} text for WeChat pastes it with inline styles, references and absolute images`, { tag: '@both-widths' }, async ({ browser, baseURL }, info) => {
    test.setTimeout(90_000);
    const w = words[locale];
    const page = await ownerPage(browser, baseURL!);
    await page.context().grantPermissions(['clipboard-read', 'clipboard-write'], { origin: new URL(baseURL!).origin });
    const title = `Copy ${run} ${locale} ${info.project.name}`;
    const postId = await newDraft(page, title, locale);
    const image = await libraryImage(page);
    const saved = await page.request.put(`/api/v1/studio/posts/${postId}/translations/${locale}`, {
      headers: { origin: new URL(baseURL!).origin },
      data: { postId, locale, title, slug: '', excerpt: '', body: bodyIn(locale, image), expectedRevisionId: (await latestRevision(page, postId, locale)).id, basedOnRevisionId: null },
    });
    expect(saved.status(), await saved.text()).toBeLessThan(300);

    await openEditor(page, locale, postId);
    await page.getByRole('button', { name: w.wechat }).first().scrollIntoViewIfNeeded();
    await shoot(page, `editor-${locale}-${info.project.name}`);
    await page.getByRole('button', { name: w.wechat }).first().click();
    const dialog = page.getByRole('dialog');
    const frame = page.frameLocator(`iframe[title="${w.frame}"]`);
    await expect(frame.getByText(w.references)).toBeVisible();
    // The image loads from the site's own address, inside the sandboxed frame too.
    await expect.poll(() => frame.locator('img').evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
    // The phone-width frame fits the dialog, and the dialog the window.
    const box = (await dialog.boundingBox())!;
    expect(box.x).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width).toBeLessThanOrEqual(page.viewportSize()!.width);
    await expect(dialog.getByRole('button', { name: w.copy, exact: true })).toBeInViewport();
    await shoot(page, `dialog-wechat-${locale}-${info.project.name}`);

    await dialog.getByRole('button', { name: w.copy, exact: true }).click();
    await expect(dialog.getByRole('status')).toContainText(w.copied);

    const { blank, editor } = await pasteIntoBlankEditor(page);
    const pasted = await editor.evaluate((root) => ({
      classes: root.querySelectorAll('[class]').length,
      styleElements: root.querySelectorAll('style').length,
      links: [...root.querySelectorAll('a')].map((a) => a.href),
      images: [...root.querySelectorAll('img')].map((img) => img.getAttribute('src')),
      text: (root as HTMLElement).innerText,
      scrolling: [...root.querySelectorAll('pre')].map((pre) => getComputedStyle(pre).overflowX),
      lists: root.querySelectorAll('ul, ol').length,
    }));
    expect(pasted.classes).toBe(0);
    expect(pasted.styleElements).toBe(0);
    expect(pasted.links).toEqual(['https://mp.weixin.qq.com/s/abc']);
    expect(pasted.images).toEqual([`${new URL(baseURL!).origin}${image}`]);
    await expect.poll(() => editor.locator('img').evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
    expect(pasted.text).toContain('Example[1]');
    expect(pasted.text).toMatch(/\[1\] Example: https:\/\/example\.com\/page/);
    expect(pasted.text).toContain(`[2] the about page: ${new URL(baseURL!).origin}/${locale}/about`);
    expect(pasted.text).toContain(w.references);
    expect(pasted.text).toContain(locale === 'zh' ? '图片说明' : 'A caption');
    expect(pasted.scrolling).toEqual(['auto']);
    expect(pasted.lists).toBe(0);
    await shoot(blank, `pasted-wechat-${locale}-${info.project.name}`);
  });
}

test('copying as rich text keeps links as links and lists as lists', async ({ browser, baseURL }) => {
  test.setTimeout(90_000);
  const page = await ownerPage(browser, baseURL!);
  await page.context().grantPermissions(['clipboard-read', 'clipboard-write'], { origin: new URL(baseURL!).origin });
  const title = `Rich ${run}`;
  const postId = await newDraft(page, title, 'en');
  const image = await libraryImage(page);
  const saved = await page.request.put(`/api/v1/studio/posts/${postId}/translations/en`, {
    headers: { origin: new URL(baseURL!).origin },
    data: { postId, locale: 'en', title, slug: '', excerpt: '', body: bodyIn('en', image), expectedRevisionId: (await latestRevision(page, postId, 'en')).id, basedOnRevisionId: null },
  });
  expect(saved.status(), await saved.text()).toBeLessThan(300);
  await openEditor(page, 'en', postId);
  // From the keyboard: Enter opens the dialog, Enter copies, Escape closes it and
  // gives the focus back to the button that opened it.
  const opener = page.getByRole('button', { name: words.en.rich }).first();
  await opener.focus();
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog');
  await expect(page.frameLocator(`iframe[title="${words.en.frame}"]`).getByText('A caption')).toBeVisible();
  await page.addScriptTag({ content: axe.source });
  const violations = await page.evaluate(async () => (await (window as unknown as { axe: typeof axe }).axe.run('dialog')).violations);
  expect(violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => v.id)).toEqual([]);
  await shoot(page, 'dialog-rich-en-desktop');
  // The copy ready, the focus is on Copy.
  await expect(dialog.getByRole('button', { name: 'Copy', exact: true })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(dialog.getByRole('status')).toContainText('Copied');
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(opener).toBeFocused();

  const { blank, editor } = await pasteIntoBlankEditor(page);
  const pasted = await editor.evaluate((root) => ({
    classes: root.querySelectorAll('[class]').length,
    links: [...root.querySelectorAll('a')].map((a) => a.href),
    lists: root.querySelectorAll('ul').length,
    text: (root as HTMLElement).innerText,
  }));
  expect(pasted.classes).toBe(0);
  expect(pasted.links).toEqual(['https://example.com/page', 'https://mp.weixin.qq.com/s/abc', `${new URL(baseURL!).origin}/en/about`]);
  expect(pasted.lists).toBe(2);
  expect(pasted.text).not.toContain('References');
  await shoot(blank, 'pasted-rich-en-desktop');
});
