import type { Element, Root } from 'hast';
import katex from 'katex';
import rehypeParse from 'rehype-parse';
import rehypeSanitize from 'rehype-sanitize';
import rehypeStringify from 'rehype-stringify';
import { unified } from 'unified';
import { visit } from 'unist-util-visit';
import { describe, expect, it } from 'vitest';
import { renderMarkdown } from './render-markdown';
import { sanitizeSchema } from './sanitize-schema';

const render = async (markdown: string, locale: 'zh' | 'en' = 'en') => (await renderMarkdown(markdown, { locale })).html;

/** The TeX of every KaTeX formula in the HTML (its MathML annotation), in order. */
function formulas(html: string): string[] {
  return [...html.matchAll(/<annotation encoding="application\/x-tex">([\s\S]*?)<\/annotation>/g)].map((match) => match[1]!.replace(/&#x26;/g, '&').replace(/&#x3C;/g, '<'));
}

describe('math', () => {
  it('renders $…$, \\(…\\) inline and $$…$$, \\[…\\] as display math, HTML and MathML', async () => {
    const html = await render('Energy $E=mc^2$ and \\(a^2+b^2\\).\n\n$$\n\\int_0^1 x\\,dx\n$$\n\n\\[\n\\frac{1}{2}\n\\]\n\n$$x = 1$$');
    expect(formulas(html)).toEqual(['E=mc^2', 'a^2+b^2', '\\int_0^1 x\\,dx', '\\frac{1}{2}', 'x = 1']);
    expect(html.match(/<span class="math-inline"><span class="katex">/g)).toHaveLength(2);
    expect(html.match(/<div class="math-display"><span class="katex-display">/g)).toHaveLength(3);
    expect(html).toContain('<math xmlns="http://www.w3.org/1998/Math/MathML"');
    expect(html).toContain('class="katex-html" aria-hidden="true"');
    expect(html).not.toContain('$');
  });

  it.each([
    ['$5 and $10', '$5 and $10'],
    ['It costs $5, or $10 with tax.', '$5, or $10'],
    ['售价$5，约$10。', '$5，约'],
    ['价格￥5/$1，公式$E=mc^2$成立', '价格￥5/$1，公式'],
    ['$x $ is not math', '$x $ is not math'],
    ['Between $10 and $20 a seat.', 'Between $10 and $20 a seat.'],
    ['a lone \\$ sign and `$x$` in code', '$x$'],
  ])('leaves money and code alone: %s', async (markdown, kept) => {
    const html = await render(markdown, 'zh');
    expect(html).toContain(kept);
    if (!markdown.includes('E=mc^2')) expect(formulas(html)).toEqual([]);
    else expect(formulas(html)).toEqual(['E=mc^2']);
  });

  it('reads the math after prices in the same paragraph, and only it', async () => {
    expect(formulas(await render('Between $10 and $20 per seat, or $n \\cdot 15$ for $n$ seats.'))).toEqual(['n \\cdot 15', 'n']);
  });

  it('reads chemistry with mhchem’s \\ce', async () => {
    const html = await render('Water is $\\ce{H2O}$.');
    expect(formulas(html)).toEqual(['\\ce{H2O}']);
    expect(html).not.toContain('math-error');
  });

  it('reads math inside Chinese text', async () => {
    expect(formulas(await render('速度$v=\\frac{s}{t}$，其中$t>0$。', 'zh'))).toEqual(['v=\\frac{s}{t}', 't>0']);
  });

  it('shows TeX KaTeX cannot read as marked source, without failing the render', async () => {
    const html = await render('Bad $\\frac{1}{$ and $\\undefinedmacro{x}$ then $x$.');
    expect(html).toMatch(/<code class="math-error" title="KaTeX parse error: Undefined control sequence[^"]*">\\undefinedmacro\{x\}<\/code>/);
    expect(formulas(html)).toContain('x');
  });

  it('lets nothing that runs or links out of math', async () => {
    const html = await render(
      '$\\href{javascript:alert(1)}{x}$ $\\url{javascript:alert(2)}$ $<script>alert(3)</script>$ $\\htmlClass{x}{y}$ $\\includegraphics{x.png}$\n\n$$\n\\text{<img src=x onerror=alert(4)>}\n$$',
    );
    const elements: Element[] = [];
    visit(unified().use(rehypeParse, { fragment: true }).parse(html), 'element', (node) => void elements.push(node));
    expect(elements.length).toBeGreaterThan(50);
    for (const element of elements) {
      expect(['script', 'img', 'a', 'iframe', 'foreignObject']).not.toContain(element.tagName);
      for (const name of Object.keys(element.properties)) expect(name).not.toMatch(/^(?:on|href|src|xlink)/i);
    }
  });
});

describe('KaTeX output and the sanitizer', () => {
  const corpus = [
    'x^2', '\\frac{a}{b}', '\\sqrt{x}', '\\sqrt[3]{x^2+1}', '\\int_0^\\infty e^{-x}\\,dx', '\\sum_{i=1}^n i',
    '\\begin{pmatrix}1&2\\\\3&4\\end{pmatrix}', '\\begin{aligned}a&=b\\\\c&=d\\end{aligned}', '\\overrightarrow{AB}',
    '\\widehat{xyz}', '\\color{red}{x}', '\\textcolor{#00ff00}{y}', '\\cancel{x}', '\\boxed{E=mc^2}', '\\mathbb{R}',
    '\\mathcal{F}', '\\mathfrak{g}', '\\text{速度}=v', '\\left(\\frac{1}{2}\\right)', '\\overbrace{a+b}^{n}',
    '\\underbrace{x}_{k}', '\\hat{x}\\tilde{y}\\bar{z}\\vec{v}', '\\lim_{x\\to0}', '\\begin{cases}1&x>0\\\\0&\\text{else}\\end{cases}',
    '\\xrightarrow{f}', '\\binom{n}{k}', '\\neq', '\\phantom{x}', '\\fcolorbox{red}{yellow}{x}', '\\colorbox{yellow}{x}',
    '\\rule{1em}{2pt}', '\\begin{array}{c|c}a&b\\\\\\hline c&d\\end{array}', '\\huge x \\tiny y', '\\sout{x}', '\\overline{AB}',
    '\\underline{x}', '\\stackrel{a}{=}', '\\operatorname{sin} x', '\\big( \\Big( \\bigg(', '\\angl{n}', '\\smash{x}',
    '\\llap{x}', '\\raisebox{1em}{x}', '\\kern1em', '\\left\\lceil x \\right\\rfloor', '\\left. x \\right|',
    '\\ce{CO2 + C -> 2 CO}', '\\ce{Hg^2+ ->[I-] HgI2 ->[I-] [Hg^{II}I4]^2-}', '\\ce{A <=> B}', '\\pu{123 kJ/mol}',
  ];

  it.each([false, true])('passes every element, class, attribute and style KaTeX writes (display %s)', (displayMode) => {
    const parser = unified().use(rehypeParse, { fragment: true });
    const sanitizer = unified().use(rehypeSanitize, sanitizeSchema).use(rehypeStringify);
    for (const tex of corpus) {
      const html = katex.renderToString(tex, { displayMode, output: 'htmlAndMathml', strict: 'ignore' });
      const tree = parser.parse(html) as Root;
      const before = unified().use(rehypeStringify).stringify(tree);
      expect(sanitizer.stringify(sanitizer.runSync(structuredClone(tree))), tex).toBe(before);
    }
  });

  it('still drops what KaTeX never writes on the same elements', () => {
    const sanitizer = unified().use(rehypeSanitize, sanitizeSchema).use(rehypeStringify);
    const element = (tagName: string, properties: Element['properties']): Root => ({ type: 'root', children: [{ type: 'element', tagName, properties, children: [] }] });
    const out = (tree: Root) => sanitizer.stringify(sanitizer.runSync(tree));
    expect(out(element('span', { className: ['katex', 'evil'], style: 'position:fixed;top:0' }))).toBe('<span class="katex"></span>');
    expect(out(element('span', { style: 'background:url(https://evil.example/x)' }))).toBe('<span></span>');
    expect(out(element('svg', { onLoad: 'alert(1)', viewBox: '0 0 1 1' }))).toBe('<svg viewBox="0 0 1 1"></svg>');
    expect(out(element('path', { d: 'M0 0 url(x)' }))).toBe('<path></path>');
    expect(out(element('math', { href: 'javascript:alert(1)' }))).toBe('<math></math>');
    expect(out(element('mstyle', { mathcolor: 'red;background:url(x)' }))).toBe('<mstyle></mstyle>');
    expect(out({ type: 'root', children: [{ type: 'element', tagName: 'svg', properties: {}, children: [{ type: 'element', tagName: 'foreignObject', properties: {}, children: [{ type: 'text', value: 'x' }] }] }] })).toBe('<svg></svg>');
  });
});
