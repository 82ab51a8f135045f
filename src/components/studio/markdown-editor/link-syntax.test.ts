import { syntaxTree } from '@codemirror/language';
import { describe, expect, it } from 'vitest';
import { editorState } from './create-editor';
import { findMalformed, linkStatus, outsideLink } from './link-syntax';

/** Each broken span of a text, as the text it covers. */
function malformed(text: string): string[] {
  const state = editorState(text);
  return findMalformed(state, 0, state.doc.length).map((span) => `${span.kind}:${text.slice(span.from, span.to)}`);
}

/** The status of each link and image node, in order. */
function statuses(text: string): string[] {
  const state = editorState(text);
  const out: string[] = [];
  syntaxTree(state).iterate({
    enter: (node) => {
      if (node.name === 'Link' || node.name === 'Image') out.push(linkStatus(state, node.node));
    },
  });
  return out;
}

describe('broken link and image syntax', () => {
  it('finds nothing wrong in well-formed links, images, references and footnotes', () => {
    const text = [
      '详见[Duet 项目主页](https://github.com/example/duet)，以及 ![茶](/images/tea.png "一杯茶")。',
      '[a][ref], [ref][] and [ref]; [with title](https://x.test "t"), [<spaced>](<a b>), [nested](https://x.test/a_(b)).',
      'A note[^1], `code ](x`, \\](escaped), and https://bare.example/x.',
      '',
      '[ref]: https://example.com',
      '[^1]: The note.',
    ].join('\n');
    expect(malformed(text)).toEqual([]);
    expect(statuses(text).every((s) => s === 'link')).toBe(true);
  });

  it('marks a link whose address was split by Enter, on the line it starts', () => {
    const split = '详见[Duet 项目主页](https://github.com/example/duet-publishing-\nplatform/blob/main/README.md)，以及更多。';
    expect(malformed(split)).toEqual(['link:[Duet 项目主页](https://github.com/example/duet-publishing-']);
  });

  it('marks an address that never closes, or that has a space in it', () => {
    expect(malformed('see [home](https://example.com and more')).toEqual(['link:[home](https://example.com and more']);
    expect(malformed('see [home](https://example.com/a b) then')).toEqual(['link:[home](https://example.com/a b)']);
    expect(malformed('see [home](https://x.test/a_(b) then')).toEqual(['link:[home](https://x.test/a_(b)']);
  });

  it('marks a half link: a `](` without its `[`, and an image without its `]`', () => {
    expect(malformed('Duet 项目主页](https://example.com) here')).toEqual(['link:](https://example.com)']);
    expect(malformed('a picture ![tea leaves')).toEqual(['image:![tea leaves']);
    expect(malformed('![tea](https://example.com/t.png')).toEqual(['image:![tea](https://example.com/t.png']);
  });

  it('marks a reference that is never defined, and leaves plain brackets plain', () => {
    expect(malformed('see [the page][nowhere].')).toEqual(['link:[the page][nowhere]']);
    expect(statuses('see [the page][nowhere].')).toEqual(['malformed']);
    // [1] or [注] in running text is what readers see, brackets and all: not a link, not broken.
    expect(malformed('As shown [1], and [注] here.')).toEqual([]);
    expect(statuses('As shown [1], and [注] here.')).toEqual(['text', 'text']);
  });
});

describe('Home and End out of a link', () => {
  const text = '详见[Duet 项目主页](https://github.com/example/duet "主页")，以及 ![茶](/images/tea.png)。\n\n[多行\n链接](https://x.test)';
  const state = editorState(text);
  const link = { from: text.indexOf('['), to: text.indexOf('，') };
  const image = { from: text.indexOf('!'), to: text.indexOf('。') };

  it('moves a position inside a link or image, words or address, to its edge', () => {
    for (const inside of [text.indexOf('example'), text.indexOf('项目'), text.indexOf('](') + 1, text.indexOf('主页")') + 1]) {
      expect(outsideLink(state, inside, true)).toBe(link.to);
      expect(outsideLink(state, inside, false)).toBe(link.from);
    }
    expect(outsideLink(state, text.indexOf('/images') + 3, false)).toBe(image.from);
    expect(outsideLink(state, text.indexOf('茶'), true)).toBe(image.to);
  });

  it('leaves the edges, plain text and the line ends of a link over two lines alone', () => {
    for (const pos of [0, link.from, link.to, image.from, image.to, text.indexOf('以及')]) expect(outsideLink(state, pos, true)).toBe(pos);
    const lineEnd = text.indexOf('多行') + 2;
    expect(outsideLink(state, lineEnd, true)).toBe(lineEnd);
    expect(outsideLink(state, lineEnd + 1, false)).toBe(lineEnd + 1);
  });
});
