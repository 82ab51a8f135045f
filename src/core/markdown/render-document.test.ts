import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { markdownBlocks } from '@/core/translation/segments';
import { readingMinutes } from '@/core/content/reading-time';
import { markdownToPlainText } from './plain-text';
import { renderDocument, renderVersion } from './render-document';
import { renderMarkdown } from './render-markdown';

describe('renderDocument', () => {
  it('yields what the separate functions yield, from one parse', async () => {
    const markdown = '# 标题\n\nSome *text* with a [link](https://example.com) and ![a cup](/images/cup.webp).\n\n```ts\nconst a = 1;\n```\n\n[^1]: A note.\n';
    const doc = await renderDocument({ markdown, locale: 'zh' });
    const separate = await renderMarkdown(markdown, { locale: 'zh' });
    expect(doc.html).toBe(separate.html);
    expect(doc.blocks).toEqual(separate.blocks);
    expect(doc.plainText).toBe(markdownToPlainText(markdown));
    expect(doc.readingMinutes).toBe(readingMinutes(markdown));
    expect(doc.renderVersion).toBe(renderVersion);
    expect(doc.markdownBlocks).toEqual(markdownBlocks(markdown));
  });

  it('cuts every demo article into the blocks the translation memory would cut', async () => {
    const postsDir = join(process.cwd(), 'demo/posts');
    for (const key of readdirSync(postsDir)) {
      for (const locale of ['zh', 'en'] as const) {
        const file = join(postsDir, key, `${locale}.md`);
        if (!existsSync(file)) continue;
        const markdown = readFileSync(file, 'utf8');
        const doc = await renderDocument({ markdown, locale });
        expect(doc.markdownBlocks!.length).toBeGreaterThan(3);
        expect(doc.markdownBlocks).toEqual(markdownBlocks(markdown));
      }
    }
  });
});

// Denial-of-service regressions: shapes of text whose cost grew faster than their length
// (the time each took before the fix is noted). Each now takes well under a second here;
// the bound is far above that so a slow machine never fails them, and far below the old
// cost so the old behaviour always does.
describe('renderDocument in linear time on hostile shapes', () => {
  const shapes: Array<{ name: string; markdown: string; before: string }> = [
    { name: '60 KB of `**_` in one paragraph', markdown: '**_'.repeat(20_000), before: '15–25 s' },
    { name: '80 KB of `**_` lines in one paragraph', markdown: '**_\n'.repeat(20_000), before: '41 s' },
    { name: '200 KB of `![a` on one line', markdown: '![a'.repeat(66_000), before: '19 s, in micromark’s text resolver' },
    { name: '40 KB of stacked setext headings', markdown: 'a\n=\n'.repeat(10_000), before: '40 s' },
    { name: '200 KB of `[` on one line', markdown: '['.repeat(200_000), before: 'minutes, in the reading-time estimate' },
    { name: '200 KB of unclosed `\\(` on one line', markdown: '\\(a'.repeat(66_000), before: 'quadratic: each opener scanned to the end (math-syntax.ts)' },
    { name: '200 KB of unclosed `$` in one paragraph', markdown: '$a '.repeat(66_000), before: 'quadratic: each opener scanned to the end (math-syntax.ts)' },
  ];
  it.each(shapes)('$name (before: $before)', async ({ markdown }) => {
    const started = performance.now();
    const doc = await renderDocument({ markdown, locale: 'en' });
    expect(performance.now() - started).toBeLessThan(10_000);
    expect(doc.html.length).toBeGreaterThan(0);
  }, 30_000);

  it('nests footnote definitions no deeper than the cap instead of overflowing the stack', async () => {
    const doc = await renderDocument({ markdown: '[^a]: '.repeat(10_000) + 'deep', locale: 'en' });
    expect(doc.plainText).toContain('deep');
  });
});
