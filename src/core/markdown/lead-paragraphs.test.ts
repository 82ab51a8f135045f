import { describe, expect, it } from 'vitest';
import { deriveExcerpt } from '@/core/content/derive-excerpt';
import { leadParagraphsOf } from './lead-paragraphs';
import { parseMarkdown } from './parse-markdown';

const lead = (markdown: string) => leadParagraphsOf(parseMarkdown(markdown));
const excerpt = (markdown: string) => deriveExcerpt(lead(markdown));

describe('leadParagraphsOf', () => {
  it('skips a heading, a list, a table, code and a quotation before the first paragraph', () => {
    const markdown = [
      '## 缘起',
      '- 字体：思源宋体\n- 排版：标点挤压',
      '| a | b |\n| - | - |\n| 1 | 2 |',
      '```ts\nconst a = 1;\n```',
      '> 一句引文，不是作者的开场白。',
      '我们在两种语言之间来回走动时，常常会注意到一些小事。',
      '## 第二节',
      '后面还有一段话。',
    ].join('\n\n');
    expect(lead(markdown)[0]).toBe('我们在两种语言之间来回走动时，常常会注意到一些小事。');
    expect(excerpt(markdown)).not.toMatch(/缘起|字体|排版|引文|const|第二节/);
  });

  it('takes the paragraph under the first heading when the text opens with one', () => {
    expect(excerpt('# Origins\n\nWe have been writing in two languages for years.')).toBe('We have been writing in two languages for years.');
  });

  it('skips a figure and its caption, an embed and shortcode leftovers', () => {
    const markdown = [
      '![A cup of tea](/images/tea.webp "Tea at four")',
      '![one](/images/a.webp) ![two](/images/b.webp)',
      '*Two cups, one pot.*',
      'https://www.youtube.com/watch?v=abc',
      '`{{< admonition note >}}`',
      '`[gallery ids="1,2"]`',
      'The first words {{< ref "x" >}} of the <span>article</span> [caption id="a"]itself[/caption].',
    ].join('\n\n');
    expect(lead(markdown)).toEqual(['The first words of the article itself .']);
  });

  it('keeps inline code and links inside prose, and drops footnote marks and images', () => {
    expect(lead('Set `output: "standalone"` in [the config](https://example.com)![x](/y.webp)[^1].\n\n[^1]: A note.')).toEqual([
      'Set output: "standalone" in the config.',
    ]);
  });

  it('is empty for a text with no paragraph of prose', () => {
    expect(lead('# Title\n\n- a list\n- only\n\n```\ncode\n```\n\n> a quote')).toEqual([]);
    expect(excerpt('')).toBe('');
  });
});
