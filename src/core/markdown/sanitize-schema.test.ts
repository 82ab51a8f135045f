import type { Root } from 'hast';
import rehypeSanitize from 'rehype-sanitize';
import rehypeStringify from 'rehype-stringify';
import { unified } from 'unified';
import { describe, expect, it } from 'vitest';
import { codeStyleValue, sanitizeSchema } from './sanitize-schema';

function sanitize(tree: Root): string {
  const processor = unified().use(rehypeSanitize, sanitizeSchema).use(rehypeStringify);
  return processor.stringify(processor.runSync(tree));
}

const span = (properties: Record<string, unknown>): Root => ({
  type: 'root',
  children: [{ type: 'element', tagName: 'span', properties: properties as never, children: [{ type: 'text', value: 'x' }] }],
});

describe('codeStyleValue', () => {
  it.each([
    '--shiki-light:#D73A49;--shiki-dark:#F97583',
    '--shiki-light:#24292e;--shiki-dark:#e1e4e8;--shiki-light-bg:#fff;--shiki-dark-bg:#24292e',
    '--shiki-light-font-style:italic;--shiki-dark-font-style:italic',
    'color:#fff',
    'color: #ffffff; background-color: transparent;',
  ])('allows %s', (style) => {
    expect(codeStyleValue.test(style)).toBe(true);
  });

  it.each([
    'background:url(javascript:alert(1))',
    '--shiki-light:url(https://evil.example/x.png)',
    'color:#fff;position:fixed',
    'color:expression(alert(1))',
    '--other-var:#fff',
    'color:#fff;}</style><script>',
    'behavior:url(x.htc)',
    '',
  ])('refuses %s', (style) => {
    expect(codeStyleValue.test(style)).toBe(false);
  });
});

describe('sanitizeSchema', () => {
  it('keeps shiki classes and colours', () => {
    expect(sanitize(span({ className: ['line'], style: '--shiki-light:#fff;--shiki-dark:#000' }))).toBe(
      '<span class="line" style="--shiki-light:#fff;--shiki-dark:#000">x</span>',
    );
  });

  it('drops other styles and classes', () => {
    const html = sanitize(span({ className: ['evil'], style: 'position:fixed;inset:0' }));
    expect(html).not.toContain('evil');
    expect(html).not.toContain('style');
  });

  it('keeps readable ids but not ones that could shadow a global', () => {
    const heading = (id: string): Root => ({
      type: 'root',
      children: [{ type: 'element', tagName: 'h2', properties: { id }, children: [] }],
    });
    expect(sanitize(heading('第一个字就难'))).toBe('<h2 id="第一个字就难"></h2>');
    expect(sanitize(heading('zh-fn-1'))).toBe('<h2 id="zh-fn-1"></h2>');
    expect(sanitize(heading('__next_f'))).toBe('<h2></h2>');
    expect(sanitize(heading('$x'))).toBe('<h2></h2>');
  });

  it('keeps figures and lazy image attributes, not others', () => {
    const tree: Root = {
      type: 'root',
      children: [
        {
          type: 'element',
          tagName: 'figure',
          properties: {},
          children: [
            { type: 'element', tagName: 'img', properties: { src: '/a.webp', alt: 'a', loading: 'lazy', decoding: 'async', width: 10, height: 5, onError: 'x', srcSet: 'x 1x' }, children: [] },
            { type: 'element', tagName: 'figcaption', properties: {}, children: [{ type: 'text', value: 'cap' }] },
          ],
        },
      ],
    };
    expect(sanitize(tree)).toBe('<figure><img src="/a.webp" alt="a" loading="lazy" decoding="async" width="10" height="5"><figcaption>cap</figcaption></figure>');
  });

  it('removes script, style, iframe and an SVG foreignObject with their content', () => {
    const tree: Root = {
      type: 'root',
      children: ['script', 'style', 'foreignObject', 'iframe'].map((tagName) => ({
        type: 'element' as const,
        tagName,
        properties: {},
        children: [{ type: 'text' as const, value: 'alert(1)' }],
      })),
    };
    expect(sanitize(tree)).toBe('');
  });

  it('keeps an svg (KaTeX draws roots and arrows with one) but not a script or handler inside it', () => {
    const tree: Root = {
      type: 'root',
      children: [
        {
          type: 'element',
          tagName: 'svg',
          properties: { onLoad: 'alert(1)', viewBox: '0 0 10 10' },
          children: [
            { type: 'element', tagName: 'script', properties: {}, children: [{ type: 'text', value: 'alert(2)' }] },
            { type: 'element', tagName: 'path', properties: { d: 'M0 0L10 10', onClick: 'alert(3)' }, children: [] },
          ],
        },
      ],
    };
    expect(sanitize(tree)).toBe('<svg viewBox="0 0 10 10"><path d="M0 0L10 10"></path></svg>');
  });
});
