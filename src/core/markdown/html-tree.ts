// Small helpers over HTML syntax trees (hast) shared by the HTML-to-Markdown cleanup
// passes: reading inline styles and classes, plain text, and building elements.
import type { Element, ElementContent, Nodes, Text } from 'hast';

/** An inline `style` attribute as property → value, names lowercased. */
export function readStyle(node: Element): Map<string, string> {
  const style = new Map<string, string>();
  const raw = node.properties?.style;
  if (typeof raw !== 'string' || raw.length > 20_000) return style;
  for (const declaration of raw.split(';')) {
    const colon = declaration.indexOf(':');
    if (colon <= 0) continue;
    style.set(declaration.slice(0, colon).trim().toLowerCase(), declaration.slice(colon + 1).trim().toLowerCase());
  }
  return style;
}

/** The element's class names as one lowercase string, for substring tests. */
export function classesOf(node: Element): string {
  const raw = node.properties?.className;
  if (Array.isArray(raw)) return raw.join(' ').toLowerCase();
  return typeof raw === 'string' ? (raw as string).toLowerCase() : '';
}

export function hasClass(node: Element, name: string): boolean {
  return ` ${classesOf(node)} `.includes(` ${name} `);
}

export function attribute(node: Element, name: string): string | undefined {
  const value = node.properties?.[name];
  if (typeof value === 'string') return value;
  if (typeof value === 'number') return String(value);
  if (Array.isArray(value)) return value.join(' ');
  return undefined;
}

/** Text content of a node, without any markup. Iterative: depth does not matter. */
export function textOf(node: Nodes): string {
  const parts: string[] = [];
  const stack: Nodes[] = [node];
  while (stack.length > 0) {
    const current = stack.pop()!;
    if (current.type === 'text') parts.push(current.value);
    else if ('children' in current) for (let i = current.children.length - 1; i >= 0; i--) stack.push(current.children[i]!);
  }
  return parts.join('');
}

export function element(tagName: string, properties: Element['properties'], children: ElementContent[]): Element {
  return { type: 'element', tagName, properties, children };
}

export function text(value: string): Text {
  return { type: 'text', value };
}

/** Whether a node holds nothing a reader would see (whitespace, no-break spaces, comments). */
export function isBlank(node: ElementContent): boolean {
  if (node.type === 'comment') return true;
  if (node.type === 'text') return /^[\s\u00a0\u200b]*$/.test(node.value);
  return false;
}

export const blockTags = new Set([
  'address', 'article', 'aside', 'blockquote', 'details', 'dialog', 'dd', 'div', 'dl', 'dt', 'fieldset',
  'figcaption', 'figure', 'footer', 'form', 'h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'header', 'hgroup', 'hr',
  'li', 'main', 'nav', 'ol', 'p', 'pre', 'section', 'table', 'ul', 'summary', 'center',
]);

export function isBlockElement(node: ElementContent | undefined): boolean {
  return node?.type === 'element' && blockTags.has(node.tagName);
}

/** Text made safe to place in HTML, inside elements or quoted attributes. */
export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);
}
