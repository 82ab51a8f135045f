// Undoes what Microsoft Word puts on the clipboard so the rest of the HTML-to-Markdown
// conversion sees ordinary HTML: Word writes a list as paragraphs styled
// `mso-list:l0 level2 lfo1` whose bullet or number is text inside a fallback for
// browsers "without list support" (`<![if !supportLists]>…<![endif]>`), so those
// paragraphs are rebuilt into real, nested <ul>/<ol>, and the fallbacks, the `<o:p>`
// paragraph marks and Office's own XML islands are removed.
import type { Element, ElementContent, Root } from 'hast';
import { element, isBlank, readStyle, text, textOf } from './html-tree';

interface ListParagraph {
  listId: string;
  level: number;
  ordered: boolean;
  start: number;
}

const listStyle = /l(\d+)\s+level(\d+)\s+lfo(\d+)/;
const orderedMarker = /^\(?(\d{1,9}|[a-z]{1,3}|[ivxlcdm]{1,8})[.)]$/i;
const fallbackStart = /^\[if !(supportLists|supportLineBreakNewLine|vml|supportEmptyParas|supportFootnotes|supportAnnotations|supportMisalignedColumns|supportMisalignedRows)\]$/i;
const headingTags = new Set(['h1', 'h2', 'h3', 'h4', 'h5', 'h6']);

/** Rewrites Word's list paragraphs into lists and drops Office-only markup, in place. */
export function cleanOfficeHtml(root: Root): void {
  cleanChildren(root, 0);
}

function cleanChildren(parent: Root | Element, depth: number): void {
  if (depth > 200) return;
  const children = parent.children as ElementContent[];
  // Markers are read before the fallbacks that hold them are dropped further down.
  const lists = new Map<ElementContent, ListParagraph>();
  for (const child of children) {
    if (child.type !== 'element') continue;
    const info = readListParagraph(child);
    if (info) lists.set(child, info);
  }
  for (const child of children) if (child.type === 'element') cleanChildren(child, depth + 1);

  const withoutFallbacks = dropFallbacks(children).flatMap(dropOfficeElement);
  parent.children = lists.size > 0 ? groupLists(withoutFallbacks, lists) : withoutFallbacks;
}

/** The list a Word paragraph belongs to, with its marker taken out of the paragraph. */
function readListParagraph(node: Element): ListParagraph | null {
  const match = listStyle.exec(readStyle(node).get('mso-list') ?? '');
  if (!match) return null;
  const marker = takeMarker(node).replace(/[\s\u00a0]+/g, '');
  const ordered = orderedMarker.exec(marker);
  const info: ListParagraph = {
    listId: `${match[1]}-${match[3]}`,
    level: Math.min(Number(match[2]), 9),
    ordered: ordered !== null,
    start: ordered && /^\d+$/.test(ordered[1]!) ? Number(ordered[1]) : 1,
  };
  if (headingTags.has(node.tagName)) {
    // A numbered heading stays a heading; its number becomes part of its text.
    if (info.ordered) node.children.unshift(text(`${marker} `));
    return null;
  }
  return info;
}

/** Removes and returns the bullet or number Word drew itself. */
function takeMarker(node: Element): string {
  const ignored = findIgnoredSpan(node, 0);
  if (ignored) {
    ignored.parent.children.splice(ignored.index, 1);
    return textOf(ignored.node);
  }
  const start = node.children.findIndex((child) => child.type === 'comment' && fallbackStart.test(child.value.trim()));
  const end = node.children.findIndex((child, index) => index > start && child.type === 'comment' && /^\[endif\]$/i.test(child.value.trim()));
  if (start < 0 || end < 0) return '';
  const marker = node.children.slice(start + 1, end).map(textOf).join('');
  node.children.splice(start, end - start + 1);
  return marker;
}

function findIgnoredSpan(node: Element, depth: number): { parent: Element; index: number; node: Element } | null {
  if (depth > 8) return null;
  for (let index = 0; index < node.children.length; index++) {
    const child = node.children[index]!;
    if (child.type !== 'element') continue;
    if ((readStyle(child).get('mso-list') ?? '').includes('ignore')) return { parent: node, index, node: child };
    const found = findIgnoredSpan(child, depth + 1);
    if (found) return found;
  }
  return null;
}

/** Children without Word's "no list support" fallbacks (`<![if !supportLists]>…<![endif]>`). */
function dropFallbacks(children: ElementContent[]): ElementContent[] {
  const kept: ElementContent[] = [];
  for (let index = 0; index < children.length; index++) {
    const child = children[index]!;
    if (child.type === 'comment' && fallbackStart.test(child.value.trim())) {
      const end = children.findIndex((next, at) => at > index && next.type === 'comment' && /^\[endif\]$/i.test(next.value.trim()));
      if (end > index) {
        index = end;
        continue;
      }
    }
    kept.push(child);
  }
  return kept;
}

/** Office's own elements: `<o:p>` marks, XML islands, VML shapes and spans only Word reads. */
function dropOfficeElement(node: ElementContent): ElementContent[] {
  if (node.type !== 'element') return [node];
  const name = node.tagName;
  if (name === 'xml' || name.startsWith('v:') || name.startsWith('w:') || name.startsWith('m:')) return [];
  if (name === 'o:p') return node.children.every(isBlank) ? [] : node.children;
  // Smart tags (st1:place, st1:city…) wrap ordinary text.
  if (name.includes(':')) return node.children;
  if ((readStyle(node).get('mso-list') ?? '').includes('ignore')) return [];
  return [node];
}

interface OpenList {
  level: number;
  listId: string;
  ordered: boolean;
  list: Element;
}

function groupLists(children: ElementContent[], lists: Map<ElementContent, ListParagraph>): ElementContent[] {
  const out: ElementContent[] = [];
  let open: OpenList[] = [];
  for (const child of children) {
    const info = lists.get(child);
    if (!info || child.type !== 'element') {
      // Whitespace and comments between two list paragraphs do not end the list.
      if (open.length > 0 && isBlank(child)) continue;
      open = [];
      out.push(child);
      continue;
    }
    const item = element('li', {}, child.children);
    let top = open.at(-1);
    while (top && (top.level > info.level || (top.level === info.level && (top.ordered !== info.ordered || top.listId !== info.listId)))) {
      open.pop();
      top = open.at(-1);
    }
    if (top && top.level === info.level) {
      top.list.children.push(item);
      continue;
    }
    const list = element(info.ordered ? 'ol' : 'ul', info.ordered && info.start !== 1 ? { start: info.start } : {}, [item]);
    if (top) {
      let last = top.list.children.at(-1);
      if (last?.type !== 'element') {
        last = element('li', {}, []);
        top.list.children.push(last);
      }
      last.children.push(list);
    } else {
      out.push(list);
    }
    open.push({ level: info.level, listId: info.listId, ordered: info.ordered, list });
  }
  return out;
}
