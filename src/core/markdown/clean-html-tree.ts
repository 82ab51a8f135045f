// Reduces any HTML (a CMS body, Google Docs or a web page on the clipboard) to the plain
// structure Markdown can say, before it is converted: formatting written as inline styles
// becomes <strong>/<em>/<del>, wrappers and empty elements go, code blocks keep their
// language, lists nest properly, images and links get absolute or site-relative URLs
// and the rest (scripts, forms, styles, classes) is dropped. Runs in place, once per node.
import type { Element, ElementContent, Root } from 'hast';
import { cellSpan, cleanList, cleanListItem, cleanTable, dropSpacerBreaks, readLanguage, trimBreaks } from './clean-html-structure';
import { attribute, element, isBlank, readStyle, text, textOf } from './html-tree';

export interface CleanHtmlOptions {
  /** Resolves relative links and image sources (a WordPress site URL, say). */
  baseUrl?: string;
}

interface Context {
  baseUrl: URL | null;
  inPre: boolean;
  inHeading: boolean;
  depth: number;
  /** A code language named on a wrapper (`<div class="highlight-source-js"><pre>`). */
  language?: string;
}

const dropped = new Set([
  'script', 'style', 'noscript', 'template', 'meta', 'link', 'title', 'head', 'base', 'svg', 'math', 'canvas',
  'object', 'embed', 'applet', 'form', 'input', 'select', 'textarea', 'button', 'option', 'datalist', 'dialog',
  'map', 'area', 'param', 'track', 'frame', 'frameset', 'noframes',
]);
const unwrapped = new Set(['u', 'ins', 'mark', 'small', 'big', 'font', 'center', 'abbr', 'acronym', 'time', 'label', 'bdi', 'bdo', 'nobr']);
const inlineFormatting = new Set(['strong', 'b', 'em', 'i', 'del', 's', 'strike', 'a', 'span', 'sub', 'sup', 'code', 'kbd', 'q', 'cite']);
const emptyDroppable = new Set(['p', 'div', 'h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'blockquote', 'section', 'article', 'header', 'footer', 'aside', 'figure', 'figcaption', 'ul', 'ol', 'table', 'summary', 'details']);
const headings = new Set(['h1', 'h2', 'h3', 'h4', 'h5', 'h6']);
const cjk = '\\p{Script=Han}\\p{Script=Hiragana}\\p{Script=Katakana}\\u3000-\\u303f\\uff00-\\uffef';
// A line break between two Chinese characters is not a space (CSS Text's segment-break rule).
const cjkLineBreak = new RegExp(`([${cjk}])[ \\t]*\\r?\\n[ \\t\\r\\n]*(?=[${cjk}])`, 'gu');
const unsafeScheme = /^(javascript|vbscript|data|file|blob|cid|about|mhtml|ms-[a-z-]+):/i;

export function cleanHtmlTree(root: Root, options: CleanHtmlOptions = {}): void {
  const context: Context = { baseUrl: parseBase(options.baseUrl), inPre: false, inHeading: false, depth: 0 };
  root.children = cleanChildren(root.children as ElementContent[], context) as Root['children'];
}

function cleanChildren(children: ElementContent[], context: Context): ElementContent[] {
  const out = children.flatMap((child) => cleanNode(child, context));
  return context.inPre ? out : dropSpacerBreaks(out);
}

function cleanNode(node: ElementContent, context: Context): ElementContent[] {
  if (node.type === 'comment') return [];
  if (node.type === 'text') {
    if (context.inPre) return [node];
    return [text(node.value.replace(cjkLineBreak, '$1').replace(/\u00a0/g, ' '))];
  }
  if (node.type !== 'element') return [];
  const name = node.tagName;
  const style = readStyle(node);
  if (dropped.has(name) || style.get('display') === 'none' || style.get('visibility') === 'hidden') return [];
  if (node.properties?.hidden !== undefined && node.properties.hidden !== false) return [];

  switch (name) {
    case 'iframe':
    case 'video':
    case 'audio':
      return linkToEmbed(node, context);
    case 'img':
      return cleanImage(node, context);
    case 'pre':
      return [cleanPre(node, context)];
    case 'figure':
      return cleanFigure(node, context);
    case 'summary':
      return [element('p', {}, [element('strong', {}, cleanInner(node, context))])];
    case 'details':
      return cleanInner(node, context);
  }

  const inner = cleanInner(node, { ...context, inHeading: context.inHeading || headings.has(name), language: (name === 'div' && readLanguage(node)) || context.language });
  if (name === 'a') return cleanLink(node, inner, context);
  if (unwrapped.has(name)) return inner;
  if ((name === 'b' || name === 'strong') && (context.inHeading || isNormalWeight(style.get('font-weight')))) return inner;
  if ((name === 'i' || name === 'em') && style.get('font-style') === 'normal') return inner;
  if (name === 'span' || name === 'font') return applyStyleFormatting(style, inner, context);
  if (name === 'ul' || name === 'ol') return [cleanList(node, inner)];
  if (name === 'li') return [cleanListItem(node, inner)];
  if (name === 'table') return [cleanTable(node, inner)];
  if (name === 'td' || name === 'th') return [element(name, cellSpan(node), inner)];

  if (inner.every(isBlank) && (inlineFormatting.has(name) || emptyDroppable.has(name))) {
    return inlineFormatting.has(name) && inner.length > 0 ? [text(' ')] : [];
  }
  if (name === 'p' || headings.has(name)) return [element(name, {}, trimBreaks(inner))];
  return [element(name, keptProperties(node), inner)];
}

function cleanInner(node: Element, context: Context): ElementContent[] {
  if (context.depth > 150) return [text(textOf(node))];
  return cleanChildren(node.children, { ...context, depth: context.depth + 1 });
}

function keptProperties(node: Element): Element['properties'] {
  const kept: Element['properties'] = {};
  if (node.tagName === 'ol') {
    const start = Number(attribute(node, 'start'));
    if (Number.isInteger(start) && start > 1 && start < 1e9) kept.start = start;
  }
  if (node.tagName === 'code') {
    const language = readLanguage(node);
    if (language) kept.className = [`language-${language}`];
  }
  return kept;
}

/** Google Docs writes bold, italic, strike-through, superscript and subscript as styled spans. */
function applyStyleFormatting(style: Map<string, string>, inner: ElementContent[], context: Context): ElementContent[] {
  if (inner.every(isBlank)) return inner.length > 0 ? [text(' ')] : [];
  let wrapped = inner;
  const decoration = `${style.get('text-decoration') ?? ''} ${style.get('text-decoration-line') ?? ''}`;
  if (decoration.includes('line-through')) wrapped = [element('del', {}, wrapped)];
  if (style.get('font-style') === 'italic' || style.get('font-style') === 'oblique') wrapped = [element('em', {}, wrapped)];
  if (!context.inHeading && isBoldWeight(style.get('font-weight'))) wrapped = [element('strong', {}, wrapped)];
  const align = style.get('vertical-align');
  if (align === 'super' || align === 'sub') wrapped = [element(align === 'super' ? 'sup' : 'sub', {}, wrapped)];
  return wrapped;
}

function isBoldWeight(weight: string | undefined): boolean {
  if (!weight) return false;
  if (weight === 'bold' || weight === 'bolder') return true;
  const number = Number.parseInt(weight, 10);
  return Number.isFinite(number) && number >= 600;
}

function isNormalWeight(weight: string | undefined): boolean {
  if (!weight) return false;
  if (weight === 'normal' || weight === 'lighter') return true;
  const number = Number.parseInt(weight, 10);
  return Number.isFinite(number) && number < 600;
}

function cleanLink(node: Element, inner: ElementContent[], context: Context): ElementContent[] {
  const href = resolveUrl(attribute(node, 'href'), context);
  if (!href || inner.every(isBlank)) return inner;
  const properties: Element['properties'] = { href: unwrapRedirect(href) };
  const title = attribute(node, 'title');
  if (title && title !== href) properties.title = title;
  return [element('a', properties, inner)];
}

/** Google Docs sends links through its own redirector; keep the real address. */
function unwrapRedirect(href: string): string {
  if (!/^https:\/\/www\.google\.com\/url\?/.test(href)) return href;
  try {
    return new URL(href).searchParams.get('q') ?? href;
  } catch {
    return href;
  }
}

function cleanImage(node: Element, context: Context): ElementContent[] {
  // Google Docs draws checklist boxes as images; the list item keeps the state instead.
  if (attribute(node, 'aria-roledescription') === 'checkbox') return [];
  const src = resolveUrl(attribute(node, 'src') ?? attribute(node, 'dataSrc'), context);
  if (!src) return [];
  const properties: Element['properties'] = { src };
  const alt = attribute(node, 'alt');
  const title = attribute(node, 'title');
  if (alt) properties.alt = alt.trim();
  if (title) properties.title = title.trim();
  return [element('img', properties, [])];
}

function linkToEmbed(node: Element, context: Context): ElementContent[] {
  let source = attribute(node, 'src');
  if (!source) {
    const child = node.children.find((c): c is Element => c.type === 'element' && c.tagName === 'source');
    source = child ? attribute(child, 'src') : undefined;
  }
  const href = resolveUrl(source, context);
  if (!href || !/^https?:/.test(href)) return [];
  const label = attribute(node, 'title')?.trim() || href;
  return [element('p', {}, [element('a', { href }, [text(label)])])];
}

function cleanPre(node: Element, context: Context): Element {
  const code = node.children.find((c): c is Element => c.type === 'element' && c.tagName === 'code');
  const language = readLanguage(node) ?? (code ? readLanguage(code) : undefined) ?? context.language;
  const inner = cleanChildren(code ? code.children : node.children, { ...context, inPre: true });
  return element('pre', {}, [element('code', language ? { className: [`language-${language}`] } : {}, inner)]);
}

/**
 * A figure becomes its images, one per paragraph. A lone image takes the caption as its
 * title, which Duet renders as a captioned figure again; a gallery's caption follows it.
 */
function cleanFigure(node: Element, context: Context): ElementContent[] {
  const caption = node.children.find((c): c is Element => c.type === 'element' && c.tagName === 'figcaption');
  const body = cleanChildren(node.children.filter((c) => c !== caption), context);
  const images = body.filter((child): child is Element => child.type === 'element' && (child.tagName === 'img' || isLinkedImage(child)));
  const out = body.map((child) => (images.includes(child as Element) ? element('p', {}, [child]) : child));
  const captionText = caption ? textOf(caption).replace(/\s+/g, ' ').trim() : '';
  if (!captionText) return out;
  const lone = images.length === 1 ? images[0]! : undefined;
  const image = lone?.tagName === 'img' ? lone : (lone?.children[0] as Element | undefined);
  if (image && !attribute(image, 'title')) {
    image.properties = { ...image.properties, title: captionText };
  } else {
    const phrasing = cleanInner(caption!, context).flatMap((c) => (c.type === 'element' && c.tagName === 'p' ? c.children : [c]));
    out.push(element('p', {}, [element('em', {}, phrasing)]));
  }
  return out;
}

function isLinkedImage(node: Element): boolean {
  return node.tagName === 'a' && node.children.length === 1 && node.children[0]?.type === 'element' && node.children[0].tagName === 'img';
}

function resolveUrl(raw: string | undefined, context: Context): string | null {
  const value = raw?.trim();
  if (!value || unsafeScheme.test(value)) return null;
  if (value.startsWith('//')) return `https:${value}`;
  if (/^[a-z][a-z0-9+.-]*:/i.test(value) || value.startsWith('#') || !context.baseUrl) return value;
  try {
    return new URL(value, context.baseUrl).href;
  } catch {
    return value;
  }
}

function parseBase(baseUrl: string | undefined): URL | null {
  if (!baseUrl) return null;
  try {
    return new URL(baseUrl.endsWith('/') ? baseUrl : `${baseUrl}/`);
  } catch {
    return null;
  }
}
