import { describe, expect, it } from 'vitest';
import { alignBlocks, blockKind } from './split-blocks';

const p = (text: string) => `<p>${text}</p>`;

describe('blockKind', () => {
  it.each([
    ['<p>x</p>', 'p'],
    ['<h2 id="a"><a>t</a></h2>', 'h'],
    ['<h3>t</h3>', 'h'],
    ['<UL>\n<li>x</li></UL>', 'ul'],
    ['<pre class="shiki"><code>x</code></pre>', 'pre'],
    ['<section data-footnotes class="footnotes">', 'section'],
    ['<div class="callout callout-tip" role="note">', 'callout'],
    ['<div class="math-display"><span class="katex-display">', 'math'],
    ['<details>\n<summary>S</summary>', 'details'],
    ['plain', 'text'],
    ['', 'text'],
  ])('%j → %s', (html, kind) => {
    expect(blockKind(html)).toBe(kind);
  });
});

describe('alignBlocks', () => {
  it('pairs by position when the counts match', () => {
    expect(alignBlocks(['<p>a</p>', '<h2>b</h2>'], ['<p>A</p>', '<h2>B</h2>'])).toEqual([
      { left: '<p>a</p>', right: '<p>A</p>' },
      { left: '<h2>b</h2>', right: '<h2>B</h2>' },
    ]);
  });

  it('faces an extra paragraph with a gap instead of shifting the rest', () => {
    const zh = ['<h2>一</h2>', p('甲'), p('乙'), '<pre>c</pre>', p('丙')];
    const en = ['<h2>One</h2>', p('A'), '<pre>c</pre>', p('C')];
    expect(alignBlocks(zh, en)).toEqual([
      { left: '<h2>一</h2>', right: '<h2>One</h2>' },
      { left: p('甲'), right: p('A') },
      { left: p('乙'), right: null },
      { left: '<pre>c</pre>', right: '<pre>c</pre>' },
      { left: p('丙'), right: p('C') },
    ]);
  });

  it('puts a gap on the left for an extra block on the right', () => {
    const rows = alignBlocks([p('a'), '<table></table>'], [p('A'), '<ul></ul>', '<table></table>']);
    expect(rows).toEqual([
      { left: p('a'), right: p('A') },
      { left: null, right: '<ul></ul>' },
      { left: '<table></table>', right: '<table></table>' },
    ]);
  });

  it('keeps every block of both sides, in order', () => {
    const left = ['<h2>1</h2>', p('1'), '<ul></ul>', p('2'), '<blockquote></blockquote>', '<hr>', p('3')];
    const right = [p('x'), '<h2>1</h2>', '<pre></pre>', p('1'), p('2'), '<hr>'];
    const rows = alignBlocks(left, right);
    expect(rows.map((row) => row.left).filter((x) => x !== null)).toEqual(left);
    expect(rows.map((row) => row.right).filter((x) => x !== null)).toEqual(right);
    for (const row of rows) {
      if (row.left && row.right) expect(blockKind(row.left)).toBe(blockKind(row.right));
    }
  });

  it('handles empty sides', () => {
    expect(alignBlocks([], [p('x')])).toEqual([{ left: null, right: p('x') }]);
    expect(alignBlocks([p('x')], [])).toEqual([{ left: p('x'), right: null }]);
    expect(alignBlocks([], [])).toEqual([]);
  });

  it('aligns very long, very different versions without running out of memory', () => {
    const left = Array.from({ length: 5000 }, (_, i) => (i % 2 ? p(String(i)) : '<ul></ul>'));
    const right = Array.from({ length: 4000 }, (_, i) => (i % 3 ? '<pre></pre>' : p(String(i))));
    const rows = alignBlocks(left, right);
    expect(rows.map((row) => row.left).filter((x) => x !== null)).toEqual(left);
    expect(rows.map((row) => row.right).filter((x) => x !== null)).toEqual(right);
  });
});
