import rehypeSlug from 'rehype-slug';
import rehypeStringify from 'rehype-stringify';
import remarkParse from 'remark-parse';
import remarkRehype from 'remark-rehype';
import remarkGfm from 'remark-gfm';
import { unified } from 'unified';
import { describe, expect, it } from 'vitest';
import { rehypeHeadingIds, tidyId } from './rehype-heading-ids';

function ids(markdown: string): string[] {
  const html = String(unified().use(remarkParse).use(remarkGfm).use(remarkRehype).use(rehypeSlug).use(rehypeHeadingIds).use(rehypeStringify).processSync(markdown));
  return [...html.matchAll(/<h[1-6] id="([^"]*)"/g)].map((match) => match[1]!);
}

describe('tidyId', () => {
  it.each([
    ['第一个字就难', '第一个字就难'],
    ['hello_world', 'hello-world'],
    ['__next_f', 'next-f'],
    ['--a--b--', 'a-b'],
    ['', 'section'],
    ['___', 'section'],
    ['café', 'café'],
  ])('%j → %j', (raw, expected) => {
    expect(tidyId(raw)).toBe(expected);
  });
});

describe('rehypeHeadingIds', () => {
  it('keeps ids unique after tidying', () => {
    // rehype-slug numbers its own duplicates first, hence the double suffix.
    expect(ids('# a_b\n\n# a-b\n\n# a b\n\n# x\n\n# x')).toEqual(['a-b', 'a-b-1', 'a-b-1-1', 'x', 'x-1']);
  });

  it('gives Chinese headings Chinese ids', () => {
    expect(ids('## 《静夜思》的五种译法\n\n## Next.js 部署指南')).toEqual(['静夜思的五种译法', 'nextjs-部署指南']);
  });

  it('leaves the footnotes heading alone', () => {
    const html = String(
      unified().use(remarkParse).use(remarkGfm).use(remarkRehype).use(rehypeSlug).use(rehypeHeadingIds).use(rehypeStringify).processSync('a[^1]\n\n[^1]: b'),
    );
    expect(html).toContain('id="footnote-label"');
  });
});
