// Turns a text's stored rendering (the HTML readers get) into what another editor keeps
// when it is pasted: WeChat's Official Accounts editor (`wechat`) or a general rich-text
// editor such as Zhihu's, Medium's or Substack's (`rich`). Those editors drop stylesheets,
// classes, ids and web fonts, so every element is rebuilt from an allow-list with its own
// inline style (paste-styles.ts) and nothing else but href/src/alt and table spans.
// WeChat also removes links outside mp.weixin.qq.com and mangles nested <ul>s: there a
// link becomes its text with a numbered reference collected under 「引用链接」/References
// (as doocs/md does), and a list is written as rows of an explicit marker and a block.
// Formulas become their TeX in a code span (WeChat keeps no MathML, and KaTeX's HTML needs
// its stylesheet). One pass over the parsed tree, bounded by `maxCopyHtmlLength`.
import type { Element, ElementContent, Properties, Root, RootContent } from 'hast';
import { toHtml } from 'hast-util-to-html';
import rehypeParse from 'rehype-parse';
import { unified } from 'unified';
import { AppError } from '@/core/errors/app-error';
import { withoutKatexHtml } from '@/core/markdown/math-without-css';
import { codeSpanStyle, writeCodeBlock } from './code-blocks';
import type { CopyTarget } from './copy-target';
import { pasteStyles, type PasteStyles } from './paste-styles';
import { plainTextOf, type BlockKinds } from './paste-plain-text';

export { copyTargets, type CopyTarget } from './copy-target';

/** Stored renderings are far smaller; a text past this is refused rather than parsed. */
export const maxCopyHtmlLength = 5_000_000;

export interface CopyOptions {
  target: CopyTarget;
  /** The site's address: site-relative links and images are made absolute under it. */
  origin: string;
  /** The site's accent colour (`#rrggbb`), for headings, links and markers. */
  accent: string;
  /** The heading of the collected links, in the text's language (「引用链接」). */
  referencesHeading: string;
}

export interface CopiedText {
  html: string;
  text: string;
  /** How many outside links became numbered references (WeChat only). */
  references: number;
}

interface Reference {
  url: string;
  label: string;
}

interface Context {
  options: CopyOptions;
  styles: PasteStyles;
  references: Reference[];
  numbers: Map<string, number>;
  kinds: BlockKinds;
  listDepth: number;
}

const parser = unified().use(rehypeParse, { fragment: true });

/** Dropped with everything inside: players, scripts and KaTeX's two renderings (its TeX is read apart). */
const dropped = new Set(['script', 'style', 'template', 'video', 'audio', 'iframe', 'object', 'embed', 'svg', 'math', 'noscript', 'button', 'select', 'textarea']);
const sameTag = new Set(['strong', 'b', 'em', 'i', 'del', 's', 'u', 'mark', 'kbd', 'sub', 'sup', 'small', 'abbr', 'cite', 'q', 'dfn', 'ins', 'ruby', 'rt', 'rp']);

/** Refuses a rendering past the copy's bound (413 copy-too-large), before anything reads it. */
export function checkCopySize(html: string): void {
  if (html.length > maxCopyHtmlLength) {
    throw new AppError('PAYLOAD_TOO_LARGE', 'This text is too long to copy.', { reason: 'copy-too-large', details: { max: maxCopyHtmlLength } });
  }
}

export function copyForPaste(html: string, options: CopyOptions): CopiedText {
  checkCopySize(html);
  const styles = pasteStyles(options.accent);
  const context: Context = { options, styles, references: [], numbers: new Map(), kinds: new WeakMap(), listDepth: 0 };
  // KaTeX's HTML is most of a formula's markup and none of the copy: cut before parsing.
  const tree = parser.parse(withoutKatexHtml(html)) as Root;
  const body = convertAll(tree.children, context);
  const root = element('section', styles.root, body);
  if (context.references.length > 0) root.children.push(referenceList(context));
  return { html: toHtml(root), text: plainTextOf(root, context.kinds), references: context.references.length };
}

export function element(tagName: string, style: string | null, children: ElementContent[], properties: Properties = {}): Element {
  return { type: 'element', tagName, properties: style ? { ...properties, style } : properties, children };
}

function text(value: string): ElementContent {
  return { type: 'text', value };
}

function classes(node: Element): string[] {
  const raw = node.properties.className;
  return Array.isArray(raw) ? raw.map(String) : [];
}

function convertAll(nodes: Array<RootContent | ElementContent>, context: Context): ElementContent[] {
  const out: ElementContent[] = [];
  for (const node of nodes) {
    if (node.type === 'text') {
      // Whitespace between blocks only: an editor may turn it into an empty paragraph.
      if (!/^\s*\n\s*$/.test(node.value)) out.push(text(node.value));
    } else if (node.type === 'element') {
      out.push(...convert(node, context));
    }
  }
  return out;
}

function convert(node: Element, context: Context): ElementContent[] {
  const { styles } = context;
  const tag = node.tagName;
  const children = () => convertAll(node.children, context);
  if (dropped.has(tag)) return [];
  if (/^h[1-6]$/.test(tag)) return heading(node, context);
  switch (tag) {
    case 'p':
      return [element('p', classes(node).includes('callout-title') ? styles.calloutTitle : styles.p, children())];
    case 'a':
      return link(node, context);
    case 'br':
      return [element('br', null, [])];
    case 'hr':
      return [element('hr', styles.hr, [])];
    case 'blockquote':
      return [element('blockquote', styles.blockquote, innerBlocks(children(), styles))];
    case 'ul':
    case 'ol':
      return list(node, context);
    case 'li':
      return [element('li', styles.listItem, children())];
    case 'input':
      return node.properties.type === 'checkbox' ? [text(node.properties.checked ? '☑' : '☐')] : [];
    case 'pre':
      return [writeCodeBlock(node, context.options.target, styles)];
    case 'code':
      return [element('code', codeSpanStyle(node, styles), children())];
    case 'img':
      return [image(node, context, styles.inlineImg)];
    case 'figure':
      return [element('figure', styles.figure, convertAll(node.children, context).map((c) => (c.type === 'element' && c.tagName === 'img' ? { ...c, properties: { ...c.properties, style: styles.img } } : c)))];
    case 'figcaption':
      return [element('figcaption', styles.figcaption, children())];
    case 'table':
      return [element('section', styles.tableWrap, [element('table', styles.table, children())])];
    case 'thead':
    case 'tbody':
    case 'tfoot':
    case 'tr':
      return [element(tag, null, children())];
    case 'th':
    case 'td':
      return [tableCell(node, children(), styles)];
    case 'details':
      return [element('section', styles.callout, innerBlocks(children(), styles))];
    case 'summary':
      return [element('p', styles.summary, children())];
    case 'section':
      return footnotes(node, context);
    case 'div':
      return division(node, context);
    case 'span':
      return classes(node).includes('math-inline') ? [element('code', styles.mathInline, [text(texOf(node))])] : children();
    default:
      return sameTag.has(tag) ? [element(tag === 'b' ? 'strong' : tag === 'i' ? 'em' : tag, styleOfInline(tag, styles), children())] : children();
  }
}

function styleOfInline(tag: string, styles: PasteStyles): string | null {
  if (tag === 'strong' || tag === 'b') return styles.strong;
  if (tag === 'em' || tag === 'i') return styles.em;
  if (tag === 'del' || tag === 's') return styles.del;
  if (tag === 'sup' || tag === 'sub' || tag === 'mark' || tag === 'kbd') return styles[tag];
  return null;
}

/** Paragraphs inside a quote or a list item keep a smaller gap, and none after the last. */
function innerBlocks(children: ElementContent[], styles: PasteStyles): ElementContent[] {
  const last = children.findLastIndex((c) => c.type === 'element');
  return children.map((child, index) =>
    child.type === 'element' && child.tagName === 'p' && child.properties.style === styles.p
      ? { ...child, properties: { ...child.properties, style: index === last ? 'margin:0' : styles.innerP } }
      : child,
  );
}

function heading(node: Element, context: Context): ElementContent[] {
  const level = Number(node.tagName.slice(1));
  const style = level === 1 ? context.styles.h1 : level === 2 ? context.styles.h2 : level === 3 ? context.styles.h3 : context.styles.h4;
  return [element(`h${Math.min(level, 4)}`, style, convertAll(node.children, context))];
}

function absoluteUrl(href: string, origin: string): URL | null {
  try {
    return new URL(href, `${origin.replace(/\/+$/, '')}/`);
  } catch {
    return null;
  }
}

function link(node: Element, context: Context): ElementContent[] {
  const { styles, options } = context;
  const href = typeof node.properties.href === 'string' ? node.properties.href : '';
  // A heading's anchor and a footnote's way back point into the page the copy is not.
  if ('dataFootnoteBackref' in node.properties) return [];
  const inner = convertAll(node.children, context);
  if (href === '' || href.startsWith('#')) return inner;
  const url = absoluteUrl(href, options.origin);
  if (!url || !/^(?:https?|mailto):$/.test(url.protocol)) return inner;
  if (options.target === 'rich' || url.hostname === 'mp.weixin.qq.com') {
    return [element('a', styles.link, inner, { href: url.href })];
  }
  let number = context.numbers.get(url.href);
  if (number === undefined) {
    context.references.push({ url: url.href, label: plainTextOf(element('span', null, inner), context.kinds).trim() });
    number = context.references.length;
    context.numbers.set(url.href, number);
  }
  return [element('span', styles.linkText, inner), element('sup', styles.referenceMark, [text(`[${number}]`)])];
}

function referenceList(context: Context): Element {
  const { styles, references, options } = context;
  const items = references.map((reference, index) =>
    element('p', styles.reference, [
      text(`[${index + 1}] `),
      ...(reference.label && reference.label !== reference.url ? [text(`${reference.label}: `)] : []),
      element('em', styles.referenceUrl, [text(reference.url)]),
    ]),
  );
  const box = element('section', styles.references, [element('p', styles.endHeading, [text(options.referencesHeading)]), ...items]);
  context.kinds.set(box, 'block');
  return box;
}

function image(node: Element, context: Context, style: string): Element {
  const src = typeof node.properties.src === 'string' ? absoluteUrl(node.properties.src, context.options.origin)?.href : undefined;
  const alt = typeof node.properties.alt === 'string' ? node.properties.alt : '';
  return element('img', style, [], { src: src ?? '', alt });
}

function tableCell(node: Element, children: ElementContent[], styles: PasteStyles): Element {
  const align = node.properties.align;
  const style = `${node.tagName === 'th' ? styles.th : styles.td}${typeof align === 'string' && /^(?:left|center|right)$/.test(align) ? `;text-align:${align}` : ''}`;
  const spans: Properties = {};
  if (node.properties.colSpan) spans.colSpan = node.properties.colSpan;
  if (node.properties.rowSpan) spans.rowSpan = node.properties.rowSpan;
  return element(node.tagName, style, children, spans);
}

function list(node: Element, context: Context): ElementContent[] {
  const { styles } = context;
  const isOrdered = node.tagName === 'ol';
  const isTasks = classes(node).includes('contains-task-list');
  const start = typeof node.properties.start === 'number' ? node.properties.start : 1;
  context.listDepth += 1;
  try {
    const items = node.children.filter((c): c is Element => c.type === 'element' && c.tagName === 'li');
    if (context.options.target === 'rich') {
      const style = isTasks ? styles.plainList : styles.list;
      return [element(node.tagName, style, items.map((item) => element('li', styles.listItem, innerBlocks(convertAll(item.children, context), styles))), isOrdered && start !== 1 ? { start } : {})];
    }
    const bullet = ['•', '◦', '▪'][(context.listDepth - 1) % 3]!;
    const rows = items.map((item, index) => {
      const marker = isTasks ? '' : isOrdered ? `${start + index}.` : bullet;
      const body = element('section', styles.rowBody, innerBlocks(convertAll(item.children, context), styles));
      const mark = element('span', styles.marker, [text(marker)]);
      context.kinds.set(mark, 'marker');
      const row = element('section', styles.row, isTasks ? [body] : [mark, body]);
      context.kinds.set(row, 'item');
      return row;
    });
    const box = element('section', context.listDepth > 1 ? styles.nestedRows : styles.rows, rows);
    context.kinds.set(box, 'block');
    return [box];
  } finally {
    context.listDepth -= 1;
  }
}

function footnotes(node: Element, context: Context): ElementContent[] {
  if (!('dataFootnotes' in node.properties)) return convertAll(node.children, context);
  const parts = node.children.flatMap((child): ElementContent[] => {
    if (child.type !== 'element') return [];
    // Its heading is for screen readers on the site; here it is the section's visible title.
    if (/^h[1-6]$/.test(child.tagName)) return [element('p', context.styles.endHeading, convertAll(child.children, context))];
    return convert(child, context);
  });
  const box = element('section', context.styles.footnotes, parts);
  context.kinds.set(box, 'block');
  return [box];
}

function division(node: Element, context: Context): ElementContent[] {
  const kind = classes(node);
  if (kind.includes('math-display')) {
    const formula = element('code', context.styles.math, [text(texOf(node))]);
    context.kinds.set(formula, 'block');
    return [formula];
  }
  if (kind.includes('callout')) return [element('section', context.styles.callout, innerBlocks(convertAll(node.children, context), context.styles))];
  const box = element('section', null, convertAll(node.children, context));
  context.kinds.set(box, 'block');
  return [box];
}

/** The TeX a formula was written in (KaTeX keeps it in its MathML's annotation). */
function texOf(node: Element): string {
  const stack: ElementContent[] = [...node.children];
  while (stack.length > 0) {
    const next = stack.pop()!;
    if (next.type !== 'element') continue;
    if (next.tagName === 'annotation') return next.children.map((c) => (c.type === 'text' ? c.value : '')).join('').trim();
    // A formula KaTeX could not read is shown as its source in a <code>.
    if (next.tagName === 'code') return next.children.map((c) => (c.type === 'text' ? c.value : '')).join('').trim();
    stack.push(...next.children);
  }
  return '';
}
