// A small bilingual Hugo site written the way LoveIt, Relearn, Hugo-Book and Hextra sites
// write (tests/fixtures/import/hugo-render), imported and rendered: math, every callout
// kind, details, and excerpts free of shortcodes, in both languages.
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { renderMarkdown } from '@/core/markdown/render-markdown';
import { parseHugoFiles } from './parse-hugo-files';

const folder = join(process.cwd(), 'tests', 'fixtures', 'import', 'hugo-render', 'content', 'posts', 'notes-on-growth');
const files = readdirSync(folder).map((name) => ({ path: `content/posts/notes-on-growth/${name}`, content: readFileSync(join(folder, name), 'utf8') }));
const doc = parseHugoFiles(files, { now: new Date('2025-01-01T00:00:00Z') });
const texts = doc.posts[0]!.texts;

const formulas = (html: string) => [...html.matchAll(/<annotation encoding="application\/x-tex">([\s\S]*?)<\/annotation>/g)].map((m) => m[1]!.trim());

describe('an imported Hugo post with math, admonitions and details', () => {
  it.each(['en', 'zh'] as const)('renders in %s: formulas, the five callout kinds, details, money as text', async (locale) => {
    const text = texts[locale]!;
    const { html } = await renderMarkdown(text.body, { locale });
    expect(formulas(html)).toEqual([
      'A = P(1 + r)^t',
      'A = Pe^{rt}',
      '\\int_0^1 x^2\\,dx = \\frac{1}{3}',
      '\\sum_{k=1}^{n} k = \\frac{n(n+1)}{2}',
      '72 / 8 = 9',
      '\\lim_{n\\to\\infty}(1 + 1/n)^n = e',
    ]);
    expect([...html.matchAll(/<div class="callout callout-(\w+)" role="note">/g)].map((m) => m[1])).toEqual(['note', 'tip', 'important', 'warning', 'caution']);
    const labels = [...html.matchAll(/<p class="callout-title"><strong>([^<]+)<\/strong>/g)].map((m) => m[1]);
    expect(labels).toEqual(locale === 'en' ? ['Note', 'Rule of 72', 'Important', 'Warning', 'Caution'] : ['说明', '七十二法则', '重要', '警告', '注意']);
    expect(html).toMatch(/<details>\n<summary>(Why does e appear\?|为什么会出现 e？)<\/summary>/);
    expect(html).toMatch(locale === 'en' ? /A loan of \$5 and \$10 in fees/ : /\$5，手续费 ?\$10/);
    expect(html).toMatch(/<code class="math-error" title="[^"]+">\\frac\{1\}\{<\/code>/);
    expect(html).not.toMatch(/\{\{[<%]|\[!(?:NOTE|TIP)\]/);
  });

  it('reports nothing kept and writes excerpts without shortcodes or TeX delimiters', () => {
    expect(doc.warnings.filter((w) => w.code === 'shortcode-kept')).toEqual([]);
    expect(texts.en!.excerpt).toBe('Compound growth is A = P(1 + r)^t; with continuous compounding it becomes A = Pe^{rt}. A loan of $5 and $10 in fees is money, not math.');
    expect(texts.zh!.excerpt).not.toMatch(/\{\{|\\\(/);
  });
});
