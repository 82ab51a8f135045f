import { describe, expect, it } from 'vitest';
import { renderDocument } from './render-document';
import { compactStoredBlocks, decodeStoredBlocks, encodeStoredBlocks } from './stored-blocks';

const markdown = '# 标题\n\n一段文字。\n\n```js\nconst a = 1;\n\nconst b = 2;\n```\n\n- one\n- two\n\n> quoted\n> text\n\n| a | b |\n|---|---|\n| 1 | 2 |\n';

describe('stored blocks', () => {
  it('stores a rendering’s blocks as lengths and reads back the very same blocks', async () => {
    const rendered = await renderDocument({ markdown, locale: 'zh' });
    const stored = encodeStoredBlocks(rendered.html, rendered.blocks);
    expect(stored).toMatch(/^\[\d+(,\d+)*\]$/);
    expect(stored.length).toBeLessThan(rendered.html.length / 4);
    expect(decodeStoredBlocks(rendered.html, stored)).toEqual(rendered.blocks);
  });

  it('keeps the blocks themselves when the HTML is not made of them', () => {
    const stored = encodeStoredBlocks('<p>whole</p>', ['<p>other</p>']);
    expect(decodeStoredBlocks('<p>whole</p>', stored)).toEqual(['<p>other</p>']);
  });

  it('reads blocks stored in full, and compacts them when it can', async () => {
    const rendered = await renderDocument({ markdown, locale: 'en' });
    const full = JSON.stringify(rendered.blocks);
    expect(decodeStoredBlocks(rendered.html, full)).toEqual(rendered.blocks);
    const compact = compactStoredBlocks(rendered.html, full);
    expect(compact).not.toBeNull();
    expect(decodeStoredBlocks(rendered.html, compact!)).toEqual(rendered.blocks);
    expect(compactStoredBlocks(rendered.html, compact!)).toBeNull();
    expect(compactStoredBlocks('<p>a</p>', '[]')).toBeNull();
  });

  it('reads an empty rendering', () => {
    expect(decodeStoredBlocks('', encodeStoredBlocks('', []))).toEqual([]);
  });
});
