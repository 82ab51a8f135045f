// The `text/plain` part of a copied article, for an editor that takes no rich text: read
// from the converted tree, so it says what the HTML says (list markers, `[1]` after a
// link's text, the references at the end), with blocks apart by a blank line and a list's
// items, a table's rows and a code block's lines one to a line.
import type { Element, ElementContent } from 'hast';

/** What the converter made of a <section>: a block of its own, or one item of a list. */
export type BlockKinds = WeakMap<Element, 'block' | 'item' | 'marker'>;

const blocks = new Set(['p', 'h1', 'h2', 'h3', 'h4', 'blockquote', 'figure', 'table', 'hr', 'ul', 'ol', 'pre']);
const lines = new Set(['li', 'tr', 'figcaption']);

export function plainTextOf(root: Element, kinds: BlockKinds): string {
  const parts: string[] = [];
  const atLineStart = () => parts.length === 0 || parts.at(-1)!.endsWith('\n');
  let afterMarker = false;
  const walk = (node: ElementContent, inPre: boolean) => {
    if (node.type === 'text') {
      if (inPre) return void parts.push(node.value.replace(/\u00a0/g, ' '));
      const value = node.value.replace(/\s+/g, ' ');
      parts.push(atLineStart() ? value.trimStart() : value);
      if (value.trim()) afterMarker = false;
      return;
    }
    if (node.type !== 'element') return;
    const tag = node.tagName;
    if (tag === 'br') return void parts.push('\n');
    if (tag === 'img') return void parts.push(typeof node.properties.alt === 'string' ? node.properties.alt : '');
    const kind = kinds.get(node);
    const isBlock = blocks.has(tag) || kind === 'block';
    const isLine = lines.has(tag) || kind === 'item';
    // An item's first paragraph stays on its marker's line.
    if (isBlock) {
      if (!afterMarker) parts.push('\n\n');
      afterMarker = false;
    } else if (isLine && !afterMarker) {
      parts.push('\n');
      afterMarker = false;
    }
    if (tag === 'hr') parts.push('———');
    let cells = 0;
    let items = 0;
    // A rich-text list keeps its <ul>/<ol>, whose markers the plain text writes itself.
    const isBare = String(node.properties.style).includes('list-style:none');
    const start = typeof node.properties.start === 'number' ? node.properties.start : 1;
    for (const child of node.children) {
      if (tag === 'tr' && child.type === 'element' && cells++ > 0) parts.push(' | ');
      if ((tag === 'ul' || tag === 'ol') && child.type === 'element' && !isBare) {
        parts.push('\n', tag === 'ol' ? `${start + items++}. ` : '• ');
        afterMarker = true;
      }
      walk(child, inPre || tag === 'pre');
    }
    if (kind === 'marker') {
      parts.push(' ');
      afterMarker = true;
    }
    if (isBlock) parts.push('\n\n');
  };
  walk(root, false);
  return parts
    .join('')
    .replace(/[ \t]+\n/g, '\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim()
    .concat('\n');
}
