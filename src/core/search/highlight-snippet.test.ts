import { describe, expect, it } from 'vitest';
import { expandQuery } from './glossary';
import { escapeHtml, findSpans, highlightSnippet } from './highlight-snippet';
import { tokenizeQuery } from './tokenize';

const marked = (html: string) => [...html.matchAll(/<mark>(.*?)<\/mark>/g)].map((m) => m[1]);

describe('findSpans / highlightSnippet', () => {
  it.each<[string, string, string[]]>([
    ['《双声》是一本中英双语的小杂志', '双语', ['双语']],
    ['一本关于书的书', '书', ['书', '书']],
    ['中文的搜索引擎', '中文搜索', ['中文', '搜索']],
    ['We translated it; translations differ. A translator?', 'translation', ['translated', 'translations']],
    ['Publishing, published, publisher', 'publish', ['Publishing', 'published']],
    ['在自己的服务器上部署 Next.js 应用', 'Next.js 部署', ['部署', 'Next', 'js']],
    ['ＮＥＸＴ．ＪＳ　部署', 'next js', ['ＮＥＸＴ', 'ＪＳ']],
    ['Li Bai’s poem', "li bai's", ['Li', 'Bai’s']],
    ['繁體中文搜尋', '搜尋', ['搜尋']],
  ])('%s / %s', (text, query, expected) => {
    expect(marked(highlightSnippet([text], tokenizeQuery(query)))).toEqual(expected);
  });

  it('marks a glossary phrase only where its words stand together', () => {
    const terms = expandQuery(tokenizeQuery('双语'), [['双语', 'two languages']]);
    expect(marked(highlightSnippet(['Two developers speak languages; we publish in two languages.'], terms))).toEqual(['two languages']);
    expect(marked(highlightSnippet(['本杂志是双语的'], terms))).toEqual(['双语']);
  });

  it('escapes the text around and inside the marks', () => {
    const html = highlightSnippet(['<script>alert("x")</script> & tea <b>'], tokenizeQuery('script tea'));
    expect(html).toBe('&lt;<mark>script</mark>&gt;alert(&quot;x&quot;)&lt;/<mark>script</mark>&gt; &amp; <mark>tea</mark> &lt;b&gt;');
  });

  it('cuts about 160 characters around the first match, at a word boundary, with ellipses', () => {
    const words = Array.from({ length: 80 }, (_, i) => `word${i}`);
    words[50] = 'typography';
    const html = highlightSnippet([words.join(' ')], tokenizeQuery('typography'));
    expect(html.startsWith('…word')).toBe(true);
    expect(html.endsWith('…')).toBe(true);
    expect(html).toContain('<mark>typography</mark>');
    const text = html.replace(/<\/?mark>/g, '').replace(/…/g, '');
    expect(text.length).toBeGreaterThan(120);
    expect(text.length).toBeLessThanOrEqual(160);
    expect(text.trim().split(' ').every((w) => /^(word\d+|typography)$/.test(w))).toBe(true);
  });

  it('falls back to the next text, then to the start of the first', () => {
    const terms = tokenizeQuery('茶');
    expect(highlightSnippet(['没有这个字', '一杯茶'], terms)).toBe('一杯<mark>茶</mark>');
    expect(highlightSnippet(['', '一杯水'], tokenizeQuery('咖啡'))).toBe('一杯水');
  });

  it('marks the pairs of a long word found only through them', () => {
    expect(findSpans('服务很好，器材也好', tokenizeQuery('服务器'))).toEqual([[0, 2]]);
  });

  it('never splits a surrogate pair', () => {
    const html = highlightSnippet(['𠀀'.repeat(200) + ' tea'], tokenizeQuery('tea'), { length: 41 });
    expect(html).not.toMatch(/[\uD800-\uDBFF](?![\uDC00-\uDFFF])/);
    expect(html).not.toMatch(/(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/);
  });

  it('escapeHtml', () => {
    expect(escapeHtml(`<a href="x">'&'</a>`)).toBe('&lt;a href=&quot;x&quot;&gt;&#39;&amp;&#39;&lt;/a&gt;');
  });
});
