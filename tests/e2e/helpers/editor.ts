// The body editor from the browser suite: opening a post's editor, pasting as a browser
// does, and where the caret is in the text (for checks that no movement leaves it in
// syntax the writing mode hides).
import { expect, type Locator, type Page } from '@playwright/test';

export const mod = process.platform === 'darwin' ? 'Meta' : 'Control';

export async function openEditor(page: Page, ui: 'en' | 'zh', postId: number) {
  await page.goto(`/${ui}/studio/posts/${postId}`);
  await expect(page.locator('[data-editor=ready]').first()).toBeVisible();
}

/** Pastes clipboard content as the browser delivers a paste. */
export async function paste(target: Locator, data: Record<string, string>) {
  await target.evaluate((element, items) => {
    const transfer = new DataTransfer();
    for (const [type, value] of Object.entries(items)) transfer.setData(type, value);
    element.dispatchEvent(new ClipboardEvent('paste', { clipboardData: transfer, bubbles: true, cancelable: true }));
  }, data);
}

export interface CaretInfo {
  /** The text, as the editor holds it. */
  doc: string;
  head: number;
  anchor: number;
  /** What the caret's line shows on screen. */
  lineShows: string;
}

/**
 * The editor's text and selection. CodeMirror keeps its view on the content element's
 * `cmTile` (what EditorView.findFromDOM reads); the suite reads it there rather than
 * widening the app for tests.
 */
export function caretIn(body: Locator): Promise<CaretInfo> {
  return body.evaluate((content) => {
    type View = { state: { doc: { toString(): string }; selection: { main: { head: number; anchor: number } } }; domAtPos(pos: number): { node: Node } };
    const view = (content as unknown as { cmTile?: { root?: { view?: View } } }).cmTile?.root?.view;
    if (!view) throw new Error('No editor view on the content element');
    const { head, anchor } = view.state.selection.main;
    const node = view.domAtPos(head).node;
    const line = (node instanceof Element ? node : node.parentElement)?.closest('.cm-line');
    return { doc: view.state.doc.toString(), head, anchor, lineShows: line?.textContent ?? '' };
  });
}
