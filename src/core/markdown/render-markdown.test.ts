import { describe, expect, it } from 'vitest';
import { maxBodyLength } from '@/core/studio/post-inputs';
import { renderMarkdown } from './render-markdown';

const zh = { locale: 'zh' } as const;
const en = { locale: 'en' } as const;

describe('renderMarkdown: headings', () => {
  it('gives Chinese headings readable ids and wraps them in an anchor', async () => {
    const { html, headings } = await renderMarkdown('## 第一个字就难\n\n### 没有“我”的诗', zh);
    expect(html).toContain('<h2 id="第一个字就难"><a class="heading-anchor" href="#第一个字就难">第一个字就难</a></h2>');
    expect(headings).toEqual([
      { depth: 2, id: '第一个字就难', text: '第一个字就难' },
      { depth: 3, id: '没有我的诗', text: '没有“我”的诗' },
    ]);
  });

  it('makes ids unique and free of underscores', async () => {
    const { headings } = await renderMarkdown('# Intro\n\n# Intro\n\n# __next_f\n\n# Next.js 部署指南\n\n# ？！', en);
    expect(headings.map((h) => h.id)).toEqual(['intro', 'intro-1', 'next-f', 'nextjs-部署指南', 'section']);
  });

  it('does not nest a link inside a heading that already has one', async () => {
    const { html } = await renderMarkdown('## See [the docs](https://example.com)', en);
    expect(html).toBe('<h2 id="see-the-docs">See <a href="https://example.com">the docs</a></h2>');
  });

  it('spaces heading text like body text, in the html and the outline', async () => {
    const { html, headings } = await renderMarkdown('## 用Next.js部署', zh);
    expect(headings[0]?.text).toBe('用 Next.js 部署');
    expect(html).toContain('>用 Next.js 部署</a>');
  });
});

describe('renderMarkdown: GFM', () => {
  it('renders tables, strikethrough, autolinks and task lists', async () => {
    const { html } = await renderMarkdown(
      '| a | b |\n| :- | -: |\n| 1 | 2 |\n\n~~gone~~ www.example.com https://example.org\n\n- [x] done\n- [ ] todo',
      en,
    );
    expect(html).toContain('<table>');
    expect(html).toContain('<td align="right">2</td>');
    expect(html).toContain('<del>gone</del>');
    expect(html).toContain('<a href="http://www.example.com">www.example.com</a>');
    expect(html).toContain('<a href="https://example.org">https://example.org</a>');
    expect(html).toContain('<input type="checkbox" checked disabled> done');
  });

  it('renders footnotes with per-language ids and labels', async () => {
    const markdown = 'Text.[^a] More.[^b]\n\n[^a]: First.\n[^b]: Second.';
    const { html: zhHtml } = await renderMarkdown(markdown, zh);
    const { html: enHtml } = await renderMarkdown(markdown, en);
    expect(zhHtml).toContain('<a href="#zh-fn-a" id="zh-fnref-a" data-footnote-ref aria-describedby="zh-footnote-label">1</a>');
    expect(zhHtml).toContain('<h2 class="sr-only" id="zh-footnote-label">脚注</h2>');
    expect(zhHtml).toContain('<li id="zh-fn-b">');
    expect(zhHtml).toContain('aria-label="返回引用 2"');
    expect(enHtml).toContain('<h2 class="sr-only" id="en-footnote-label">Footnotes</h2>');
    expect(enHtml).toContain('href="#en-fnref-a"');
    expect(enHtml).toContain('aria-label="Back to reference 1"');
    // The arrow asks to be drawn as text, so it takes the link's colour and underline.
    expect(enHtml).toMatch(/data-footnote-backref[^>]*>\u21A9\uFE0E<\/a>/);
  });
});

describe('renderMarkdown: code', () => {
  it('highlights with both themes as CSS variables', async () => {
    const { html } = await renderMarkdown('```ts\nconst answer: number = 42;\n```', en);
    expect(html).toMatch(/^<pre [^>]*class="shiki shiki-themes github-light github-dark"/);
    expect(html).toContain('data-language="ts"');
    expect(html).toContain('tabindex="0"');
    expect(html).toContain('<code class="language-ts"><span class="line">');
    expect(html).toMatch(/<span style="--shiki-light:#[0-9A-Fa-f]{6};--shiki-dark:#[0-9A-Fa-f]{6}">const<\/span>/);
    expect(html).not.toMatch(/[^-]color:/);
  });

  it.each(['bash', 'sh', 'css', 'html', 'python', 'sql', 'yaml', 'json', 'markdown', 'diff', 'tsx', 'js'])('knows %s', async (lang) => {
    const { html } = await renderMarkdown(`\`\`\`${lang}\nx = 1\n\`\`\``, en);
    expect(html).toContain(`data-language="${lang}"`);
  });

  it('renders unknown and missing languages as plain text', async () => {
    const { html } = await renderMarkdown('```klingon\nqapla < 1\n```\n\n```\nplain\n```', en);
    expect(html.match(/data-language="text"/g)).toHaveLength(2);
    expect(html).toContain('<span>qapla &#x3C; 1</span>');
  });

  it('never changes code: no spacing inside pre, code or kbd', async () => {
    const { html } = await renderMarkdown('用`npm安装`，再`x中y`\n\n```\n中文abc\n```', zh);
    expect(html).toContain('<code>npm安装</code>');
    expect(html).toContain('<code>x中y</code>');
    expect(html).toContain('中文abc');
    expect(html).toContain('用 <code>npm安装</code>，再 <code>x中y</code>');
  });
});

describe('renderMarkdown: images', () => {
  it('loads images lazily and sizes the ones it knows', async () => {
    const { html } = await renderMarkdown('![茶](/images/tea%20time.webp) ![other](/images/other.webp)', {
      ...zh,
      images: { '/images/tea time.webp': { width: 1200, height: 800 } },
    });
    expect(html).toContain('<img src="/images/tea%20time.webp" alt="茶" loading="lazy" decoding="async" width="1200" height="800">');
    expect(html).toContain('<img src="/images/other.webp" alt="other" loading="lazy" decoding="async">');
  });

  it('turns a lone titled image into a figure with a caption', async () => {
    const { html, blocks } = await renderMarkdown('![茶具](/images/tea.webp "一壶茶的时间")', zh);
    expect(html).toBe('<figure><img src="/images/tea.webp" alt="茶具" loading="lazy" decoding="async"><figcaption>一壶茶的时间</figcaption></figure>');
    expect(blocks).toHaveLength(1);
  });

  it('keeps images inside text in their paragraph', async () => {
    const { html } = await renderMarkdown('Look: ![x](/a.webp "A title")', en);
    expect(html).toBe('<p>Look: <img src="/a.webp" alt="x" title="A title" loading="lazy" decoding="async"></p>');
  });
});

describe('renderMarkdown: nothing executable survives', () => {
  const attacks = [
    '<script>alert(1)</script>',
    'Inline <script>alert(1)</script> script',
    '[click](javascript:alert(1)) [CLICK](JAVASCRIPT:alert(1)) [tab](java\tscript:alert(1)) <javascript:alert(1)>',
    '[data](data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==) ![img](data:image/svg+xml;base64,PHN2Zz4=)',
    '<img src=x onerror=alert(1)>',
    'Inline <img src=x onerror="alert(1)"> image',
    '<iframe src="https://evil.example"></iframe>',
    '<style>body { display: none }</style>',
    '<svg><script>alert(1)</script></svg>',
    '<svg onload=alert(1)>',
    '<a href="javascript:alert(1)">raw link</a>',
    '<div style="background:url(javascript:alert(1))">styled</div>',
    '<object data="x.swf"></object><embed src="x.swf">',
    '<form action="https://evil.example"><input name="q"></form>',
    '<math><mtext><table><mglyph><style><img src=x onerror=alert(1)>',
    '![x](x "onerror=alert(1)")',
    '[x](https://example.com "\\" onmouseover=\\"alert(1)")',
  ];

  it.each(attacks)('%s', async (markdown) => {
    const { html, blocks } = await renderMarkdown(markdown, en);
    for (const out of [html, ...blocks]) {
      // Attribute values are always double-quoted and escaped; blank them so their text
      // ("onerror=…" in a title) is not mistaken for an attribute.
      const tags = out.replace(/="[^"]*"/g, '=""');
      expect(out).not.toMatch(/<(script|iframe|style|svg|object|embed|form|math|input)\b/i);
      expect(tags).not.toMatch(/<[^>]*\son[a-z]+\s*=/i);
      expect(out).not.toMatch(/(href|src)\s*=\s*"\s*(javascript|data|vbscript):/i);
      expect(out).not.toMatch(/style="[^"]*url\(/i);
    }
  });
});

describe('renderMarkdown: CJK spacing', () => {
  it('spaces text across inline elements, outside links where it can', async () => {
    const { html } = await renderMarkdown('用[Next.js](https://nextjs.org/docs?a=中b)部署，共3个，**粗体B**字，100%的人', zh);
    expect(html).toBe(
      '<p>用 <a href="https://nextjs.org/docs?a=%E4%B8%ADb">Next.js</a> 部署，共 3 个，<strong>粗体 B</strong> 字，100% 的人</p>',
    );
  });

  it('leaves alt text and titles as written', async () => {
    const { html } = await renderMarkdown('![用Next.js部署](/a.webp)', zh);
    expect(html).toContain('alt="用Next.js部署"');
  });

  it('does not space a footnote mark from the word before it', async () => {
    const { html } = await renderMarkdown('中文[^1]\n\n[^1]: 注', zh);
    expect(html).toContain('中文<sup>');
  });
});

describe('renderMarkdown: blocks', () => {
  it('gives one block per rendered top-level block, footnotes last', async () => {
    const markdown = [
      '# Title',
      'Para with note.[^1]',
      '- a\n- b',
      '| a |\n| - |\n| 1 |',
      '```ts\nx\n```',
      '> quote',
      '---',
      '[ref]: https://example.com',
      '<!-- an HTML comment renders nothing -->',
      '![x](/x.webp "caption")',
      '[^1]: Note.',
    ].join('\n\n');
    const { html, blocks } = await renderMarkdown(markdown, en);
    expect(blocks.map((block) => /^<([a-z0-9]+)/.exec(block)?.[1])).toEqual(['h1', 'p', 'ul', 'table', 'pre', 'blockquote', 'hr', 'figure', 'section']);
    expect(blocks.join('\n')).toBe(html);
  });

  it('renders empty input as nothing', async () => {
    expect(await renderMarkdown('', en)).toEqual({ html: '', headings: [], blocks: [] });
  });
});

describe('renderMarkdown: robustness', () => {
  // Twice the longest body the Studio saves (maxBodyLength, 200,000 characters), in the
  // shapes a long article mixes. A longer imported text is bounded by the render pool's
  // budget per kilobyte (server/render/render-pool.ts), not proven here.
  const size = 2 * maxBodyLength;
  it(`renders ${size.toLocaleString('en')} characters of Markdown`, { timeout: 120_000 }, async () => {
    const section = [
      '## 一节 Section',
      '这是一段用Next.js写的中文段落，共3个要点。This paragraph has **bold**, `code` and a [link](https://example.com).[^1]',
      '- one\n- two\n\n- three',
      '```ts\nconst a: number = 1;\n```',
      '| a | b |\n| - | - |\n| 1 | 2 |',
    ].join('\n\n');
    const markdown = `${Array(Math.ceil(size / section.length)).fill(section).join('\n\n')}\n\n[^1]: Note.`;
    expect(markdown.length).toBeGreaterThanOrEqual(size);
    const started = performance.now();
    const { html, blocks, headings } = await renderMarkdown(markdown, zh);
    console.log(`${size} characters rendered: ${Math.round(performance.now() - started)} ms, ${blocks.length} blocks`);
    expect(headings.length).toBe(Math.ceil(size / section.length));
    expect(blocks.at(-1)).toMatch(/^<section data-footnotes/);
    expect(html.match(/data-footnote-ref/g)?.length).toBe(headings.length);
  });

  it.each([
    ['10,000 nested quotes', '>'.repeat(10_000) + ' deep'],
    ['1,000 nested lists', Array.from({ length: 1_000 }, (_, i) => `${' '.repeat(i * 2)}- x`).join('\n')],
    ['2,000 nested emphasis marks', `${'*'.repeat(2_000)}x${'*'.repeat(2_000)}`],
    ['an unclosed fence', '```ts\nconst a = 1;'],
    ['only raw HTML', '<div>'.repeat(10_000)],
  ])('survives %s', { timeout: 120_000 }, async (_name, markdown) => {
    const { html } = await renderMarkdown(markdown, en);
    expect(typeof html).toBe('string');
  });

  it('is fast once warm (20 renders of a 2 KB article with 2 code blocks; logged, not asserted)', async () => {
    const article = [
      '## 为什么要自己托管 Why self-host',
      '我们用Next.js搭建了《双声》，它跑在一台小小的虚拟机上。We built Duet with **Next.js** and run it on a small VM. '.repeat(8),
      '```ts\nimport type { NextConfig } from "next";\n\nconst nextConfig: NextConfig = {\n  output: "standalone",\n  poweredByHeader: false,\n};\n\nexport default nextConfig;\n```',
      '- 一台 Linux 服务器\n- Node.js 20 或更新\n- 一个域名',
      '```bash\nnpm ci\nnpm run build\ncp -r public .next/standalone/\nPORT=3000 node .next/standalone/server.js\n```',
      '这些都不稀奇，而这正是重点。[^1] None of this is unusual, and that is the point. '.repeat(8),
      '[^1]: 换一台服务器也只是一个下午的事。',
    ].join('\n\n');
    expect(new TextEncoder().encode(article).length).toBeGreaterThan(2000);
    const coldStart = performance.now();
    await renderMarkdown(article, zh);
    const cold = performance.now() - coldStart;
    const started = performance.now();
    for (let i = 0; i < 20; i += 1) await renderMarkdown(article, zh);
    const perRender = (performance.now() - started) / 20;
    console.log(`renderMarkdown: first call ${cold.toFixed(1)} ms, then ${perRender.toFixed(2)} ms per render (${article.length} chars)`);
  });
});

describe('renderMarkdown: library images', () => {
  it('keeps the srcset of a library image through the sanitizer', async () => {
    const images = { '/images/tea.png': { width: 1600, height: 900, variants: [{ width: 480, path: '/images/tea.w480.webp' }] } };
    const { html } = await renderMarkdown('![Tea](/images/tea.png)', { locale: 'en', images });
    expect(html).toContain('srcset="/images/tea.w480.webp 480w, /images/tea.png 1600w"');
    expect(html).toContain('width="1600" height="900"');
  });
});

describe('renderMarkdown: a srcset typed by hand', () => {
  it('is removed: only the library lists variants', async () => {
    const { html } = await renderMarkdown('<img src="/images/tea.png" srcset="https://elsewhere.example/x.png 2x" alt="t">', { locale: 'en' });
    expect(html).not.toContain('elsewhere');
  });
});
