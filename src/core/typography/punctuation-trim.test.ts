import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { trimmedMarkIndices } from './punctuation-trim';

/** Each mark that loses its blank, with its neighbour: "。」" names the 。 of 。」. */
function pairsOf(text: string): string[] {
  return trimmedMarkIndices(text).map((i) => {
    const isFirst = !/[（「『《〈【〔〖［｛｟“‘]/u.test(text[i]!);
    return isFirst ? `[${text[i]}]${text[i + 1]}` : `${text[i - 1]}[${text[i]}]`;
  });
}

describe('trimmedMarkIndices', () => {
  it.each([
    ['a full stop before a closing bracket', '他说：「好。」然后', ['：[「]', '[。]」']],
    ['a closing bracket before a comma', '「双声」，一本刊物', ['[」]，']],
    ['a closing parenthesis before an enumeration comma', '（甲）、（乙）', ['[）]、', '、[（]']],
    ['the second of two opening brackets', '（「引文」）', ['（[「]', '[」]）']],
    ['an opening quote after a colon', '他说：“好”。', ['：[“]', '[”]。']],
    ['an opening bracket after a closing one', '《诗经》《楚辞》', ['》[《]']],
    ['a chain, each but the last', '“他说‘好。’”', ['[。]’', '[’]”']],
  ])('%s', (_name, text, pairs) => {
    expect(pairsOf(text)).toEqual(pairs);
  });

  it.each([
    ['an empty pair of brackets', '「」'],
    ['marks apart', '你好，世界。'],
    ['a mark beside Latin', '用 Next.js。'],
    ['ASCII punctuation', 'Hello, "world".'],
    ['a dash and an ellipsis', '——……'],
  ])('leaves %s', (_name, text) => {
    expect(trimmedMarkIndices(text)).toEqual([]);
  });

  it('finds in a demo article the pairs a reader sees, and nothing else', () => {
    const body = readFileSync('demo/posts/how-chinese-search-works/zh.md', 'utf8');
    const pairs = pairsOf(body);
    expect(pairs).toEqual(expect.arrayContaining(['[）]，', '”[“]', '：[“]', '[”]。']));
    for (const pair of pairs) expect(pair).toMatch(/^(\[.\].|.\[.\])$/u);
  });
});
