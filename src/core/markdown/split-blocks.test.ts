import { describe, expect, it } from 'vitest';
import { alignBlocks, blockKind } from './split-blocks';

describe('alignBlocks', () => {
  it('pairs by position when the counts match', () => {
    expect(alignBlocks(['<p>a</p>', '<h2>b</h2>'], ['<p>A</p>', '<h2>B</h2>'])).toEqual([
      { left: '<p>a</p>', right: '<p>A</p>' },
      { left: '<h2>b</h2>', right: '<h2>B</h2>' },
    ]);
  });

  it('faces an extra block with a gap instead of shifting the rest', () => {
    const zh = ['<h2>一</h2>', '<p>甲</p>', '<p>乙</p>', '<pre>c</pre>', '<p>丙</p>'];
    const en = ['<h2>One</h2>', '<p>A</p>', '<pre>c</pre>', '<p>C</p>'];
    const rows = alignBlocks(zh, en);
    expect(rows).toHaveLength(5);
    expect(rows.filter((r) => r.right === null)).toHaveLength(1);
    expect(rows.find((r) => r.left === '<pre>c</pre>')?.right).toBe('<pre>c</pre>');
    expect(rows.at(-1)).toEqual({ left: '<p>丙</p>', right: '<p>C</p>' });
  });

  it('handles empty sides', () => {
    expect(alignBlocks([], ['<p>x</p>'])).toEqual([{ left: null, right: '<p>x</p>' }]);
    expect(alignBlocks([], [])).toEqual([]);
  });

  it('treats every heading level as one kind', () => {
    expect(blockKind('<h3 id="x">t</h3>')).toBe('h');
    expect(blockKind('plain')).toBe('text');
  });
});
