import type { List, ListItem, Root } from 'mdast';
import { toHast } from 'mdast-util-to-hast';
import { toHtml } from 'hast-util-to-html';
import { describe, expect, it } from 'vitest';
import { listItemHandler } from './list-item-handler';
import { parseMarkdown } from './parse-markdown';

const html = (tree: Root, custom: boolean) => toHtml(toHast(tree, custom ? { handlers: { listItem: listItemHandler } } : {}));

describe('listItemHandler', () => {
  it.each([
    ['a tight list', '- a\n- b\n- c\n'],
    ['a loose list', '- a\n\n- b\n- c\n'],
    ['an item with two paragraphs', '- a\n\n  more\n- b\n'],
    ['a task list', '- [x] done\n- [ ] todo\n'],
    ['nested lists', '1. a\n   - b\n   - c\n2. d\n'],
  ])('gives the stock HTML for %s', (_name, markdown) => {
    expect(html(parseMarkdown(markdown), true)).toBe(html(parseMarkdown(markdown), false));
  });

  // A denial-of-service regression: the stock handler scanned the whole list for every
  // item, 6 s for this list; the bound is far above the linear time.
  it('turns a list of 50,000 items into HTML in linear time', () => {
    const item = (): ListItem => ({ type: 'listItem', spread: false, children: [{ type: 'paragraph', children: [{ type: 'text', value: 'a' }] }] });
    const list: List = { type: 'list', ordered: false, spread: false, children: Array.from({ length: 50_000 }, item) };
    const started = performance.now();
    const out = html({ type: 'root', children: [list] }, true);
    expect(performance.now() - started).toBeLessThan(3_000);
    expect(out.match(/<li>/g)).toHaveLength(50_000);
  });
});
