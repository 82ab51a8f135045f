import type { Root } from 'mdast';
import remarkGfm from 'remark-gfm';
import remarkParse from 'remark-parse';
import remarkRehype from 'remark-rehype';
import rehypeStringify from 'rehype-stringify';
import { unified } from 'unified';
import { visit } from 'unist-util-visit';
import { describe, expect, it } from 'vitest';
import { parseInChunks, splitMarkdownChunks } from './parse-in-chunks';

const processor = unified().use(remarkParse).use(remarkGfm);
const parse = (text: string) => processor.parse(text) as Root;

function withoutPositions(tree: Root): Root {
  const copy = structuredClone(tree);
  visit(copy, (node) => {
    delete node.position;
  });
  return copy;
}

// A long document with everything that must survive cutting: lists split by blank lines,
// fences holding blank lines and Markdown-looking text, an HTML comment spanning blank
// lines, and link and footnote definitions used far from where they are defined.
function longDocument(): string {
  const sections: string[] = ['See [the guide][guide] and a note.[^first]'];
  for (let i = 0; i < 250; i += 1) {
    sections.push(
      `## Section ${i}`,
      `Paragraph ${i} with **bold**, a [link][guide] and a reference.[^n${i % 7}]`,
      `- item a\n- item b\n\n- item c after a blank line\n\n  continued item c`,
      '```md\n# not a heading\n\nstill code\n\nParagraph-looking code\n```',
      `<!-- a comment\n\nParagraph-looking comment text\n-->`,
      `> quote ${i}\n\n1. one\n2. two`,
    );
  }
  sections.push('[guide]: https://example.com/guide "The guide"', '[^first]: First note.');
  for (let n = 0; n < 7; n += 1) sections.push(`[^n${n}]: Note ${n}.`);
  return sections.join('\n\n');
}

describe('splitMarkdownChunks', () => {
  it('never cuts inside a fence, a comment or a list', () => {
    const markdown = longDocument();
    const chunks = splitMarkdownChunks(markdown, 2000);
    expect(chunks.length).toBeGreaterThan(10);
    expect(chunks.map((chunk) => chunk.text).join('')).toBe(markdown);
    for (const chunk of chunks.slice(1)) {
      expect(chunk.text).toMatch(/^(?:## |Paragraph |```|<!--|> |\[)/);
      expect(markdown.slice(chunk.offset, chunk.offset + chunk.text.length)).toBe(chunk.text);
      expect(markdown.slice(0, chunk.offset).split('\n').length).toBe(chunk.line);
    }
  });

  it('marks a chunk that ends in an open fence', () => {
    const chunks = splitMarkdownChunks('para\n\n```\ncode\n\nmore', 1);
    expect(chunks.at(-1)?.closed).toBe(false);
  });
});

describe('parseInChunks', () => {
  it('parses a short text in one piece', () => {
    const markdown = 'Hello *world*';
    expect(parseInChunks(markdown, parse)).toEqual(parse(markdown));
  });

  it('gives the same tree as one-piece parsing for a long document', () => {
    const markdown = longDocument();
    expect(markdown.length).toBeGreaterThan(64 * 1024);
    const chunked = parseInChunks(markdown, parse);
    const whole = parse(markdown);
    expect(withoutPositions(chunked)).toEqual(withoutPositions(whole));
  });

  it('renders a reference to a definition that only appears in code as text, as one-piece parsing does', async () => {
    const markdown = `${longDocument()}\n\nA fake note.[^fake] A [fake link][fakelink].\n\n\`\`\`\n[^fake]: not a definition\n[fakelink]: https://example.com\n\`\`\``;
    const toHtml = unified().use(remarkRehype).use(rehypeStringify);
    const html = async (tree: Root) => toHtml.stringify(await toHtml.run(tree));
    const chunked = await html(parseInChunks(markdown, parse));
    expect(chunked).toContain('A fake note.[^fake] A [fake link][fakelink].');
    expect(chunked).toBe(await html(parse(markdown)));
  });

  it('keeps positions pointing into the whole text', () => {
    const markdown = longDocument();
    const chunked = parseInChunks(markdown, parse);
    const whole = parse(markdown);
    expect(chunked.children.at(-1)?.position).toEqual(whole.children.at(-1)?.position);
  });
});
