import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { htmlToMarkdown } from './html-to-markdown';

const md = (html: string, baseUrl?: string) => htmlToMarkdown(html, { baseUrl }).markdown;

describe('htmlToMarkdown', () => {
  it('keeps the structure Markdown can say', () => {
    expect(md('<h2>Title</h2><p>A <strong>bold</strong>, <em>italic</em> and <del>gone</del> word.</p><hr><blockquote><p>Quoted</p></blockquote>')).toBe(
      '## Title\n\nA **bold**, *italic* and ~~gone~~ word.\n\n---\n\n> Quoted',
    );
  });

  it('writes nested lists, ordered lists with their start, and line breaks', () => {
    expect(md('<ul><li>a<ul><li>b</li></ul></li><li>c</li></ul><ol start="3"><li>x</li><li>y<br>z</li></ol>')).toBe('- a\n  - b\n- c\n\n3. x\n4. y\\\n   z');
  });

  it('keeps links, and images with alt text and title', () => {
    expect(md('<p><a href="https://example.com/a" title="T">link</a> <img src="/i.png" alt="An image" title="Cap"></p>')).toBe(
      '[link](https://example.com/a "T") ![An image](/i.png "Cap")',
    );
  });

  it('finds a code block language in every common convention', () => {
    expect(md('<pre><code class="language-ts">const a = 1;</code></pre>')).toBe('```ts\nconst a = 1;\n```');
    expect(md('<pre class="lang-python">print(1)</pre>')).toBe('```python\nprint(1)\n```');
    expect(md('<pre class="brush: php; title: ; notranslate">echo 1;</pre>')).toBe('```php\necho 1;\n```');
    expect(md('<div class="highlight highlight-source-shell"><pre>ls &amp;&amp; pwd</pre></div>')).toBe('```shell\nls && pwd\n```');
    expect(md('<p>Run <code>npm test</code> now.</p>')).toBe('Run `npm test` now.');
  });

  it('writes tables in GFM, using the first row as header when there is none', () => {
    expect(md('<table><tr><td><p>Name</p></td><td>Qty</td></tr><tr><td>Apples</td><td align="right">3</td></tr></table>')).toBe(
      '| Name | Qty |\n| - | -: |\n| Apples | 3 |',
    );
  });

  it('drops styles, classes, scripts, forms and empty elements', () => {
    const out = md('<div class="x" style="color:red"><script>alert(1)</script><style>p{}</style><p style="margin:0"><span class="a"></span>Text<span style="color:blue"> here</span></p><p>&nbsp;</p><form><input name="q"></form><strong> </strong></div>');
    expect(out).toBe('Text here');
  });

  it('keeps Chinese punctuation and adds no spaces between Han characters', () => {
    expect(md('<p>我们用<strong>“引号”</strong>强调，然后\n继续写。</p>')).toBe('我们用“**引号**”强调，然后继续写。');
    expect(md('<p><em>斜体</em>与<strong>粗体</strong>混排。</p>')).toBe('*斜体*与**粗体**混排。');
  });

  it('moves punctuation out of emphasis when the markers would otherwise not close', () => {
    expect(md('<p><strong>“引用”</strong>后面</p>')).toBe('**“引用**”后面');
    expect(md('<p>a <strong> b </strong>c</p>')).toBe('a **b** c');
  });

  it('lists remote images and resolves relative URLs against the base URL', () => {
    const result = htmlToMarkdown('<p><img src="/wp-content/a.jpg" alt=""><img src="//cdn.example.org/b.png"><img src="data:image/png;base64,AAAA"></p>', { baseUrl: 'https://blog.example.com' });
    expect(result.markdown).toBe('![](https://blog.example.com/wp-content/a.jpg)![](https://cdn.example.org/b.png)');
    expect(result.remoteImages).toEqual(['https://blog.example.com/wp-content/a.jpg', 'https://cdn.example.org/b.png']);
  });

  it('turns a figure into an image titled with its caption, and embeds into links', () => {
    expect(md('<figure><img src="/a.jpg" alt="A"><figcaption>Caption <b>here</b></figcaption></figure><iframe src="https://www.youtube.com/embed/x"></iframe>')).toBe(
      '![A](/a.jpg "Caption here")\n\n<https://www.youtube.com/embed/x>',
    );
  });

  it('survives nesting far deeper than any real document', () => {
    const deep = '<div>'.repeat(30_000) + 'deep' + '</div>'.repeat(30_000);
    expect(md(deep)).toBe('deep');
    const quotes = '<blockquote>'.repeat(5_000) + 'q';
    expect(md(quotes)).toContain('q');
  });

  it('handles long hostile runs without getting stuck', () => {
    expect(md('<p>' + '*'.repeat(50_000) + '</p>').length).toBeGreaterThan(50_000);
    expect(md('<b>'.repeat(20_000) + 'x')).toContain('x');
    expect(md('<p>' + '<a href="x">'.repeat(10_000) + '</p>')).toBe('');
  });
});

describe('htmlToMarkdown on real clipboard HTML', () => {
  const dir = join(process.cwd(), 'tests', 'fixtures', 'clipboard');
  const samples = readdirSync(dir).filter((name) => name.endsWith('.html'));

  it('has samples from Google Docs, Word and web pages', () => {
    expect(samples.some((name) => name.startsWith('google-docs-'))).toBe(true);
    expect(samples.some((name) => name.startsWith('word-'))).toBe(true);
    expect(samples.some((name) => name.startsWith('web-'))).toBe(true);
  });

  for (const name of samples) {
    it(`converts ${name}`, () => {
      const html = readFileSync(join(dir, name), 'utf8');
      const expected = readFileSync(join(dir, name.replace(/\.html$/, '.md')), 'utf8').trimEnd();
      const markdown = htmlToMarkdown(html).markdown;
      expect(markdown).toBe(expected);
      expect(markdown).not.toMatch(/style=|class=|<span|<o:p|mso-|docs-internal-guid/);
    });
  }
});
