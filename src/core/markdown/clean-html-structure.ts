// The block structure of HTML put the way Markdown needs it: lists nested inside items
// (not beside them), checklist items as task items, tables with a header row, code
// blocks with their language, and no <br> used only to space blocks apart. Each function
// takes an element whose children are already cleaned.
import type { Element, ElementContent } from 'hast';
import { attribute, classesOf, element, isBlank, isBlockElement, readStyle } from './html-tree';

const languageName = /^[a-z0-9_+#.-]{1,32}$/;

/** A code block's language, from the conventions of highlighters and editors. */
export function readLanguage(node: Element): string | undefined {
  const classes = classesOf(node);
  const candidates = [
    /(?:^|\s)(?:language|lang|highlight-source|highlight)-([^\s]+)/.exec(classes)?.[1],
    /brush:\s*([^\s;]+)/.exec(classes)?.[1],
    attribute(node, 'dataLang'),
    attribute(node, 'dataLanguage'),
  ];
  for (const candidate of candidates) {
    const name = candidate?.toLowerCase();
    if (name && languageName.test(name) && name !== 'none' && name !== 'plain' && name !== 'text') return name;
  }
  return undefined;
}

/** Lists nested as siblings (`<ul><li/><ul/></ul>`, as Google Docs writes) move into the item before them. */
export function cleanList(node: Element, inner: ElementContent[]): Element {
  const items: ElementContent[] = [];
  let lastItem: Element | undefined;
  for (const child of inner) {
    if (child.type === 'element' && (child.tagName === 'ul' || child.tagName === 'ol')) {
      if (lastItem) lastItem.children.push(child);
      else items.push((lastItem = element('li', {}, [child])));
    } else if (child.type === 'element') {
      lastItem = child.tagName === 'li' ? child : element('li', {}, [child]);
      items.push(lastItem);
    } else if (!isBlank(child)) {
      items.push((lastItem = element('li', {}, [child])));
    }
  }
  return element(node.tagName, listStart(node), items);
}

export function cleanListItem(node: Element, inner: ElementContent[]): Element {
  const checked = attribute(node, 'ariaChecked');
  if (attribute(node, 'role') === 'checkbox' && (checked === 'true' || checked === 'false')) {
    return element('li', {}, [element('input', { type: 'checkbox', checked: checked === 'true' }, []), ...trimBreaks(inner)]);
  }
  const box = node.children.find((c): c is Element => c.type === 'element' && c.tagName === 'input' && attribute(c, 'type') === 'checkbox');
  if (box) return element('li', {}, [element('input', { type: 'checkbox', checked: box.properties?.checked === true }, []), ...trimBreaks(inner)]);
  return element('li', {}, trimBreaks(inner));
}

/** A table without header cells gets its first row as the header, as GFM requires one. */
export function cleanTable(node: Element, inner: ElementContent[]): Element {
  const rows: Element[] = [];
  let hasHeader = false;
  for (const child of inner) {
    if (child.type !== 'element') continue;
    if (child.tagName === 'thead') hasHeader = true;
    const group = child.tagName === 'tr' ? [child] : child.children;
    for (const row of group) if (row.type === 'element' && row.tagName === 'tr') rows.push(row);
  }
  hasHeader ||= rows.some((row) => row.children.some((cell) => cell.type === 'element' && cell.tagName === 'th'));
  if (!hasHeader && rows[0]) {
    for (const cell of rows[0].children) if (cell.type === 'element' && cell.tagName === 'td') cell.tagName = 'th';
  }
  return element(node.tagName, {}, inner);
}

export function cellSpan(node: Element): Element['properties'] {
  const properties: Element['properties'] = {};
  const colSpan = Number(attribute(node, 'colSpan'));
  const rowSpan = Number(attribute(node, 'rowSpan'));
  // Spans are capped: each spanned cell becomes a real one in the Markdown table.
  if (Number.isInteger(colSpan) && colSpan > 1) properties.colSpan = Math.min(colSpan, 20);
  if (Number.isInteger(rowSpan) && rowSpan > 1) properties.rowSpan = Math.min(rowSpan, 20);
  const align = attribute(node, 'align') ?? readStyle(node).get('text-align');
  if (align === 'left' || align === 'right' || align === 'center') properties.align = align;
  return properties;
}

/** Line breaks that only space blocks apart (Google Docs puts <br> between paragraphs). */
export function dropSpacerBreaks(children: ElementContent[]): ElementContent[] {
  if (!children.some(isBlockElement)) return children;
  // afterBlock[i]: the last visible node before i is a block (or there is none); beforeBlock likewise after i.
  const afterBlock: boolean[] = [];
  let previous = true;
  for (const child of children) {
    afterBlock.push(previous);
    if (!isBlank(child)) previous = isBlockElement(child);
  }
  const keep = new Array<boolean>(children.length);
  let next = true;
  for (let index = children.length - 1; index >= 0; index--) {
    const child = children[index]!;
    const isBreak = child.type === 'element' && child.tagName === 'br';
    keep[index] = !(isBreak && afterBlock[index] && next);
    if (!isBlank(child)) next = isBlockElement(child);
  }
  return children.filter((_, index) => keep[index]);
}

/** Leading and trailing <br> in a paragraph, heading or list item show nothing. */
export function trimBreaks(children: ElementContent[]): ElementContent[] {
  const isBreak = (c: ElementContent | undefined) => c?.type === 'element' && c.tagName === 'br';
  let start = 0;
  let end = children.length;
  while (start < end && (isBreak(children[start]) || isBlank(children[start]!))) start++;
  while (end > start && (isBreak(children[end - 1]) || isBlank(children[end - 1]!))) end--;
  return children.slice(start, end);
}

function listStart(node: Element): Element['properties'] {
  const start = Number(attribute(node, 'start'));
  return node.tagName === 'ol' && Number.isInteger(start) && start > 1 && start < 1e9 ? { start } : {};
}
