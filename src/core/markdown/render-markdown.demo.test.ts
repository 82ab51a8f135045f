// Renders every demo article, the closest thing to real content we have in the repository.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Locale } from '@/core/locales';
import { renderMarkdown } from './render-markdown';

const postsDir = join(process.cwd(), 'demo/posts');
const posts = readdirSync(postsDir, { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name)
  .sort();
const files = posts.flatMap((post) =>
  (['zh', 'en'] as const).filter((locale) => existsSync(join(postsDir, post, `${locale}.md`))).map((locale) => ({ post, locale })),
);

function readBody(post: string, locale: Locale): string {
  const source = readFileSync(join(postsDir, post, `${locale}.md`), 'utf8');
  return source.replace(/^---\r?\n[\s\S]*?\r?\n---[ \t]*(?:\r?\n|$)/, '');
}

describe('demo articles', () => {
  it('are all found', () => {
    expect(files.length).toBeGreaterThanOrEqual(20);
  });

  it.each(files)('$post/$locale renders safely', async ({ post, locale }) => {
    const body = readBody(post, locale);
    const { html, blocks, headings } = await renderMarkdown(body, { locale });
    expect(html).not.toMatch(/<script/i);
    expect(html).not.toMatch(/<[^>]+\son[a-z]+=/i);
    expect(blocks.length).toBeGreaterThan(0);
    expect(blocks.join('\n')).toBe(html.trim());
    for (const heading of headings) expect(html).toContain(`id="${heading.id}"`);
    const fences = body.match(/^```/gm)?.length ?? 0;
    const highlighted = html.match(/<pre[^>]*class="shiki /g)?.length ?? 0;
    expect(highlighted).toBe(fences / 2);
    if (/^\|.*\|\s*$/m.test(body)) expect(html).toContain('<table>');
  });

  it.each(['zh', 'en'] as const)('translating-a-tang-poem/%s has working footnotes', async (locale) => {
    const { html, blocks } = await renderMarkdown(readBody('translating-a-tang-poem', locale), { locale });
    expect(html).toContain('<section data-footnotes class="footnotes">');
    for (const n of [1, 2, 3]) {
      expect(html).toContain(`href="#${locale}-fn-${n}"`);
      expect(html).toContain(`id="${locale}-fn-${n}"`);
      expect(html).toContain(`href="#${locale}-fnref-${n}"`);
      expect(html).toContain(`id="${locale}-fnref-${n}"`);
    }
    expect(html).toContain(`aria-describedby="${locale}-footnote-label"`);
    expect(html).toContain(`id="${locale}-footnote-label"`);
    expect(blocks.at(-1)).toMatch(/^<section data-footnotes/);
  });

  const pairs = posts.filter((post) => existsSync(join(postsDir, post, 'zh.md')) && existsSync(join(postsDir, post, 'en.md')));

  it.each(pairs)('%s: both languages have the same blocks', async (post) => {
    const [zh, en] = await Promise.all([
      renderMarkdown(readBody(post, 'zh'), { locale: 'zh' }),
      renderMarkdown(readBody(post, 'en'), { locale: 'en' }),
    ]);
    const tags = (blocks: string[]) => blocks.map((block) => /^<([a-z0-9]+)/.exec(block)?.[1]);
    expect(tags(zh.blocks)).toEqual(tags(en.blocks));
  });
});
