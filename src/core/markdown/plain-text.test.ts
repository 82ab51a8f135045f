import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { markdownToPlainText } from './plain-text';

describe('markdownToPlainText', () => {
  it.each([
    ['empty', '', ''],
    ['a heading and a paragraph', '# Title\n\nSome *emphasis*, **strong** and ~~struck~~ text.', 'Title\n\nSome emphasis, strong and struck text.'],
    ['links keep their text only', 'See [the docs](https://example.com "Docs") and <https://example.org>.', 'See the docs and https://example.org.'],
    ['reference links', 'See [the docs][d].\n\n[d]: https://example.com', 'See the docs.'],
    ['inline code is kept', 'Run `npm install` first.', 'Run npm install first.'],
    ['code blocks are kept as written', 'Before\n\n```ts\nconst a = 1;\n  indented();\n```', 'Before\n\nconst a = 1;\n  indented();'],
    ['footnote marks are dropped, notes go last', 'One.[^1] Two.\n\n[^1]: The note.\n\nThree.', 'One. Two.\n\nThree.\n\nThe note.'],
    ['images are dropped', 'Look: ![a cup](/cup.webp) here.\n\n![alone](/a.webp "Caption")', 'Look: here.'],
    ['lists, one item a line', '- one\n- two\n  - nested\n\n1. first', 'one\ntwo\nnested\n\nfirst'],
    ['tables, one row a line', '| a | b |\n| - | - |\n| 1 | 2 |', 'a b\n1 2'],
    ['quotes', '> Quoted *text*\n>\n> Second', 'Quoted text\n\nSecond'],
    ['raw HTML and rules have no words', '<div>hidden</div>\n\n---\n\nVisible', 'Visible'],
    ['soft breaks: a space in English', 'one\ntwo', 'one two'],
    ['soft breaks: nothing between Chinese characters', '床前明月光，\n疑是地上霜。', '床前明月光，疑是地上霜。'],
    ['hard breaks stay', 'line one\\\nline two', 'line one\nline two'],
    ['escapes are resolved', '\\*not emphasis\\*', '*not emphasis*'],
  ])('%s', (_name, markdown, expected) => {
    expect(markdownToPlainText(markdown)).toBe(expected);
  });

  it('reduces a real article to its words', () => {
    const source = readFileSync(join(process.cwd(), 'demo/posts/translating-a-tang-poem/en.md'), 'utf8').replace(/^---\n[\s\S]*?\n---\n/, '');
    const text = markdownToPlainText(source);
    expect(text).not.toMatch(/\[\^\d\]|^#|\*\*|\]\(/m);
    expect(text).toContain('Before my bed the moonlight is so bright,\nI wonder');
    expect(text.endsWith('The Jade Mountain (1929).')).toBe(true);
  });

  it('handles 1 MB', { timeout: 60_000 }, () => {
    const markdown = '## Heading\n\nA paragraph with **bold** text.[^1]\n\n- a\n- b\n\n'.repeat(17_500) + '[^1]: Note.';
    expect(markdown.length).toBeGreaterThan(1_000_000);
    const text = markdownToPlainText(markdown);
    expect(text.endsWith('Note.')).toBe(true);
  });
});
