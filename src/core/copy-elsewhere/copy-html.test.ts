// The copy for WeChat and for rich-text editors, made from real renderings: every demo
// article in both languages, and a text with what the demo lacks (outside links, images,
// math, nested and task lists).
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { AppError } from '@/core/errors/app-error';
import type { Locale } from '@/core/locales';
import { renderMarkdown } from '@/core/markdown/render-markdown';
import { copyForPaste, maxCopyHtmlLength, type CopyTarget } from './copy-html';
import { tokenStyle } from './code-blocks';

const postsDir = join(process.cwd(), 'demo/posts');
const demo = readdirSync(postsDir)
  .flatMap((post) => (['zh', 'en'] as const).filter((l) => existsSync(join(postsDir, post, `${l}.md`))).map((locale) => ({ post, locale })))
  .sort((a, b) => `${a.post}${a.locale}`.localeCompare(`${b.post}${b.locale}`));

function bodyOf(post: string, locale: Locale): string {
  return readFileSync(join(postsDir, post, `${locale}.md`), 'utf8').replace(/^---\r?\n[\s\S]*?\r?\n---[ \t]*(?:\r?\n|$)/, '');
}

const options = (target: CopyTarget, locale: Locale = 'zh') => ({
  target,
  origin: 'https://duet.example',
  accent: '#b3402a',
  referencesHeading: locale === 'zh' ? '引用链接' : 'References',
});

function expectNothingStyledElsewhere(html: string) {
  expect(html).not.toMatch(/<style/i);
  expect(html).not.toMatch(/\sclass=/i);
  expect(html).not.toMatch(/\sid=/i);
  expect(html).not.toMatch(/\sdata-|\saria-|\stabindex=/i);
  expect(html).not.toMatch(/--shiki|var\(/);
  // Every element but the line breaks and table parts says how it looks.
  for (const tag of html.matchAll(/<(?!br\b|\/|thead|tbody|tr\b)([a-z0-9]+)([^>]*)>/g)) expect(tag[2], tag[0]).toMatch(/\sstyle="/);
}

describe.each(['wechat', 'rich'] as const)('copying the demo articles (%s)', (target) => {
  it.each(demo)('$post/$locale keeps its text and structure with inline styles only', async ({ post, locale }) => {
    const rendered = await renderMarkdown(bodyOf(post, locale), { locale });
    const copy = copyForPaste(rendered.html, options(target, locale));
    expectNothingStyledElsewhere(copy.html);
    const headings = rendered.html.match(/<h2 id=/g)?.length ?? 0;
    expect(copy.html.match(/<h2 /g)?.length ?? 0).toBe(headings);
    expect(copy.html.match(/<pre /g)?.length ?? 0).toBe(rendered.html.match(/<pre /g)?.length ?? 0);
    expect(copy.html.match(/<table /g)?.length ?? 0).toBe(rendered.html.match(/<table>/g)?.length ?? 0);
    expect(copy.html.match(/<blockquote /g)?.length ?? 0).toBe(rendered.html.match(/<blockquote>/g)?.length ?? 0);
    // Every word a reader sees is in the plain text too (the text of the first and last paragraph).
    const paragraphs = [...rendered.html.matchAll(/<p>([^<]{8,})<\/p>/g)].map((m) => m[1]!);
    for (const paragraph of [paragraphs[0], paragraphs.at(-1)]) if (paragraph) expect(copy.text).toContain(paragraph.replace(/&#x26;/g, '&').replace(/\s+/g, ' ').trim());
    if (target === 'wechat') expect(copy.html).not.toMatch(/<[uo]l\b/);
  });

  it.each(['zh', 'en'] as const)('keeps the footnotes of translating-a-tang-poem/%s, numbered, without links into the page', async (locale) => {
    const rendered = await renderMarkdown(bodyOf('translating-a-tang-poem', locale), { locale });
    const copy = copyForPaste(rendered.html, options(target, locale));
    expect(copy.html).not.toContain('href="#');
    expect(copy.html).not.toContain('↩');
    expect(copy.html.match(/<sup style="[^"]*">[123]<\/sup>/g)).toHaveLength(3);
    expect(copy.text).toContain(locale === 'zh' ? '脚注' : 'Footnotes');
    expect(copy.text).toMatch(/\n1\. \S/);
    expect(copy.text).toMatch(/\n3\. \S/);
  });

  it.each(demo.filter((d) => /^```/m.test(bodyOf(d.post, d.locale))))('writes the code of $post/$locale coloured inline and scrolling sideways', async ({ post, locale }) => {
    const rendered = await renderMarkdown(bodyOf(post, locale), { locale });
    const copy = copyForPaste(rendered.html, options(target, locale));
    for (const pre of copy.html.match(/<pre [^>]*>/g)!) expect(pre).toMatch(/white-space:pre;overflow-x:auto/);
    expect(copy.html).toMatch(/<span style="color:#[0-9A-Fa-f]{6}">/);
  });
});

const markdown = (locale: Locale) => `${locale === 'zh' ? '开头' : 'Start'}: [Example](https://example.com/a?b=1&c=2), [an account](https://mp.weixin.qq.com/s/abc), [our page](/${locale}/posts/x), [Example again](https://example.com/a?b=1&c=2), [a mail](mailto:hi@duet.example).

![A cat](/images/cat.jpg "The cat, sleeping")

- one
- two
  - nested a
  - nested b

3. third
4. fourth

- [ ] open
- [x] done

Math $E=mc^2$ and

$$
\\frac12
$$

| a | b |
|---|:-:|
| 1 | 2 |
`;

describe('links, images, lists and math', () => {
  it.each(['zh', 'en'] as const)('WeChat: outside links become references listed at the end (%s)', async (locale) => {
    const { html } = await renderMarkdown(markdown(locale), { locale, images: { '/images/cat.jpg': { width: 1600, height: 900, variants: [{ width: 800, path: '/images/cat-800.webp' }] } } });
    const copy = copyForPaste(html, options('wechat', locale));
    expectNothingStyledElsewhere(copy.html);
    expect(copy.references).toBe(3);
    expect(copy.html.match(/<a /g)).toHaveLength(1);
    expect(copy.html).toContain('<a href="https://mp.weixin.qq.com/s/abc"');
    expect(copy.html).toMatch(/>Example<\/span><sup [^>]*>\[1\]<\/sup>/);
    expect(copy.html).toMatch(/>Example again<\/span><sup [^>]*>\[1\]<\/sup>/);
    expect(copy.html).toMatch(/>our page<\/span><sup [^>]*>\[2\]<\/sup>/);
    const heading = locale === 'zh' ? '引用链接' : 'References';
    const end = copy.html.slice(copy.html.indexOf(heading));
    expect(end).toContain('[1] Example: <em style="font-style:italic">https://example.com/a?b=1&#x26;c=2</em>');
    expect(end).toContain(`[2] our page: <em style="font-style:italic">https://duet.example/${locale}/posts/x</em>`);
    expect(end).toContain('[3] a mail: <em style="font-style:italic">mailto:hi@duet.example</em>');
    expect(copy.text).toContain(`${heading}\n\n[1] Example: https://example.com/a?b=1&c=2\n\n[2] our page: https://duet.example/${locale}/posts/x`);
    expect(copy.text).toContain('Example[1]');
  });

  it('rich text keeps every link, absolute, and lists as lists', async () => {
    const { html } = await renderMarkdown(markdown('en'), { locale: 'en' });
    const copy = copyForPaste(html, options('rich', 'en'));
    expectNothingStyledElsewhere(copy.html);
    expect(copy.references).toBe(0);
    expect(copy.html).not.toContain('References');
    expect(copy.html).toContain('<a href="https://example.com/a?b=1&#x26;c=2"');
    expect(copy.html).toContain('<a href="https://duet.example/en/posts/x"');
    expect(copy.html).toMatch(/<ul style="[^"]*"><li style="[^"]*">one<\/li>/);
    expect(copy.html).toMatch(/<ol start="3" style="[^"]*">/);
    expect(copy.text).toContain('• one\n• two\n\n• nested a\n• nested b');
    expect(copy.text).toContain('3. third\n4. fourth');
  });

  it.each(['wechat', 'rich'] as const)('%s: images are absolute, without the srcset, with their captions', async (target) => {
    const { html } = await renderMarkdown(markdown('zh'), { locale: 'zh', images: { '/images/cat.jpg': { width: 1600, height: 900, variants: [{ width: 800, path: '/images/cat-800.webp' }] } } });
    const copy = copyForPaste(html, options(target));
    expect(copy.html).toMatch(/<figure style="[^"]*"><img src="https:\/\/duet\.example\/images\/cat\.jpg" alt="A cat" style="[^"]*max-width:100%[^"]*"><figcaption style="[^"]*">The cat, sleeping<\/figcaption><\/figure>/);
    expect(copy.html).not.toMatch(/srcset|loading=|decoding=/);
  });

  it('WeChat: lists are rows with their own markers, nested ones indented inside their item', async () => {
    const { html } = await renderMarkdown(markdown('en'), { locale: 'en' });
    const copy = copyForPaste(html, options('wechat', 'en'));
    expect(copy.text).toContain('• one\n• two\n\n◦ nested a\n◦ nested b');
    expect(copy.text).toContain('3. third\n4. fourth');
    expect(copy.text).toContain('☐ open\n☑ done');
    expect(copy.html).not.toContain('<input');
  });

  it('writes formulas as their TeX, without KaTeX or MathML', async () => {
    const { html } = await renderMarkdown(markdown('en'), { locale: 'en' });
    const copy = copyForPaste(html, options('wechat', 'en'));
    expect(copy.html).toMatch(/<code style="[^"]*">E=mc\^2<\/code>/);
    expect(copy.html).toMatch(/<code style="display:block[^"]*">\\frac12<\/code>/);
    expect(copy.html).not.toMatch(/<math|katex/);
  });

  it('keeps tables with their alignment, in a box that scrolls on a phone', async () => {
    const { html } = await renderMarkdown(markdown('en'), { locale: 'en' });
    const copy = copyForPaste(html, options('wechat', 'en'));
    expect(copy.html).toMatch(/<section style="[^"]*overflow-x:auto[^"]*"><table /);
    expect(copy.html).toMatch(/<td style="[^"]*text-align:center">2<\/td>/);
    expect(copy.text).toContain('a | b\n1 | 2');
  });

  it('WeChat: code keeps its line breaks and indentation as <br> and no-break spaces', () => {
    const html = '<pre style="--shiki-light:#24292e;--shiki-light-bg:#fff" class="shiki"><code><span class="line"><span style="--shiki-light:#D73A49;--shiki-dark:#F97583">if</span><span> (a) {</span></span>\n<span class="line"><span>  go();</span></span>\n<span class="line"><span>}</span></span>\n</code></pre>';
    const wechat = copyForPaste(html, options('wechat'));
    expect(wechat.html).toContain('<span style="color:#D73A49">if</span>\u00a0(a)\u00a0{<br>\u00a0\u00a0go();<br>}</code></pre>');
    expect(wechat.text).toContain('if (a) {\n  go();\n}');
    expect(copyForPaste(html, options('rich')).html).toContain('<span style="color:#D73A49">if</span> (a) {\n  go();\n}</code>');
  });
});

describe('what is pasted elsewhere is only what the site wrote', () => {
  it('reads only colours and keywords out of a token style', () => {
    expect(tokenStyle('--shiki-light:#D73A49;--shiki-dark:#F97583;--shiki-light-font-style:italic')).toBe('color:#D73A49;font-style:italic');
    expect(tokenStyle('--shiki-light:url(x);background-image:url(y)')).toBeNull();
  });

  it('drops players, scripts and links that are not web or mail addresses', () => {
    const copy = copyForPaste('<p><a href="javascript:alert(1)">x</a><video src="/v.mp4"></video><script>1</script><iframe src="https://e.example"></iframe></p>', options('rich'));
    expect(copy.html).toBe(`<section style="${copy.html.match(/^<section style="([^"]*)"/)![1]}"><p style="margin:0 0 1.2em">x</p></section>`);
  });

  it('refuses a rendering past its limit before parsing it', () => {
    const huge = `<p>${'字'.repeat(maxCopyHtmlLength)}</p>`;
    expect(() => copyForPaste(huge, options('wechat'))).toThrow(AppError);
  });
});
