import { describe, expect, it } from 'vitest';
import { markdownToPlainText } from './plain-text';
import { renderMarkdown } from './render-markdown';

const render = async (markdown: string, locale: 'zh' | 'en') => (await renderMarkdown(markdown, { locale })).html;

describe('GitHub alerts as callouts', () => {
  it.each([
    ['NOTE', 'note', 'Note', '说明'],
    ['TIP', 'tip', 'Tip', '提示'],
    ['IMPORTANT', 'important', 'Important', '重要'],
    ['WARNING', 'warning', 'Warning', '警告'],
    ['CAUTION', 'caution', 'Caution', '注意'],
  ])('[!%s] is one callout with its label in the article’s language', async (marker, kind, en, zh) => {
    const markdown = `> [!${marker}]\n> Back up **first**.\n>\n> Second paragraph.`;
    const expected = (label: string) =>
      `<div class="callout callout-${kind}" role="note">\n<p class="callout-title"><strong>${label}</strong></p>\n<p>Back up <strong>first</strong>.</p>\n<p>Second paragraph.</p>\n</div>`;
    expect(await render(markdown, 'en')).toBe(expected(en));
    expect(await render(markdown, 'zh')).toBe(expected(zh));
  });

  it('takes the rest of the marker’s line as the label, and reads the marker in any case', async () => {
    expect(await render('> [!tip] Use *pnpm*\n> It is faster.', 'en')).toBe(
      '<div class="callout callout-tip" role="note">\n<p class="callout-title"><strong>Use <em>pnpm</em></strong></p>\n<p>It is faster.</p>\n</div>',
    );
  });

  it('leaves other blockquotes and unknown markers as quotes', async () => {
    expect(await render('> [!DANGER]\n> x', 'en')).toBe('<blockquote>\n<p>[!DANGER]\nx</p>\n</blockquote>');
    expect(await render('> Just a quote', 'en')).toBe('<blockquote>\n<p>Just a quote</p>\n</blockquote>');
  });

  it('keeps the marker out of plain text (excerpts, search)', () => {
    expect(markdownToPlainText('> [!WARNING]\n> Mind the gap.')).toBe('Mind the gap.');
    expect(markdownToPlainText('> [!NOTE] Heads up\n> Body.')).toBe('Heads up\n\nBody.');
  });
});

describe('<details>', () => {
  it('renders a details block with its summary and the Markdown inside', async () => {
    const html = await render('<details>\n<summary>More <b>info</b></summary>\n\nSome *text*.\n\n- a\n- b\n\n</details>\n\nAfter.', 'en');
    expect(html).toBe('<details>\n<summary>More info</summary>\n<p>Some <em>text</em>.</p>\n<ul>\n<li>a</li>\n<li>b</li>\n</ul>\n</details>\n<p>After.</p>');
  });

  it('renders a one-block details, keeps `open`, and nothing else of the HTML', async () => {
    expect(await render('<details class="x" onclick="alert(1)" open><summary style="color:red">S</summary>Body</details>', 'en')).toBe('<details open>\n<summary>S</summary>\n<p>Body</p>\n</details>');
    expect(await render('<details open><summary>S</summary>Body *b*</details>', 'en')).toBe('<details open>\n<summary>S</summary>\n<p>Body <em>b</em></p>\n</details>');
  });

  it('drops an unclosed <details> like any raw HTML', async () => {
    expect(await render('<details>\n<summary>S</summary>\n\nText.', 'en')).toBe('<p>Text.</p>');
  });

  it('nests', async () => {
    const html = await render('<details>\n<summary>A</summary>\n\n<details>\n<summary>B</summary>\n\nInner.\n\n</details>\n\n</details>', 'en');
    expect(html).toBe('<details>\n<summary>A</summary>\n<details>\n<summary>B</summary>\n<p>Inner.</p>\n</details>\n</details>');
  });
});
