// Last touches on a Markdown tree converted from HTML, so it prints as clean Markdown:
// spaces and punctuation at the edges of bold or italic text move outside the markers
// (`**“引用”**后面` cannot close in CommonMark, `“**引用**”后面` can, with no escapes),
// empty formatting and trailing line breaks go, lists are tight unless an item holds
// several blocks, and remote images are listed.
import type { Nodes, Parent, PhrasingContent, Root, Text } from 'mdast';

const attention = new Set(['strong', 'emphasis', 'delete']);
const punctuation = /^[\p{P}\p{S}]$/u;
const whitespace = /^\s$/u;

/** Tidies `tree` in place and returns the http(s) image URLs it holds, in order. */
export function tidyMarkdownTree(tree: Root): string[] {
  const remote: string[] = [];
  tidy(tree, remote, 0);
  return [...new Set(remote)];
}

function tidy(node: Nodes, remote: string[], depth: number): void {
  if (node.type === 'image' && /^https?:\/\//i.test(node.url)) remote.push(node.url);
  if (!('children' in node) || depth > 300) return;
  for (const child of node.children) tidy(child, remote, depth + 1);
  if (node.children.some((child) => attention.has(child.type))) moveEdgesOut(node as Parent);
  if (node.type === 'paragraph' || node.type === 'heading' || node.type === 'tableCell') node.children = trimEdges(node.children);
  // A list is tight unless an item really holds several blocks (HTML items often wrap
  // their one line in <p>, which would otherwise print a blank line between items).
  if (node.type === 'listItem') node.spread = node.children.filter((child) => child.type !== 'list').length > 1;
  if (node.type === 'list') node.spread = node.children.some((item) => item.spread);
  mergeTexts(node as Parent);
}

/** Moves whitespace and, where it would stop the markers from working, punctuation out of formatting. */
function moveEdgesOut(parent: Parent): void {
  const children = parent.children as PhrasingContent[];
  const out: PhrasingContent[] = [];
  for (let index = 0; index < children.length; index++) {
    const child = children[index]!;
    if (!attention.has(child.type) || !('children' in child)) {
      out.push(child);
      continue;
    }
    const inner = child.children as PhrasingContent[];
    const before = lastChar(out.at(-1));
    const after = firstChar(children[index + 1]);
    const leading = takeEdge(inner, 'start', (ch) => whitespace.test(ch) || (punctuation.test(ch) && isWordChar(before)));
    const trailing = takeEdge(inner, 'end', (ch) => whitespace.test(ch) || (punctuation.test(ch) && isWordChar(after)));
    if (leading) out.push({ type: 'text', value: leading });
    if (inner.length > 0) out.push(child);
    if (trailing) out.push({ type: 'text', value: trailing });
  }
  parent.children = out as Parent['children'];
}

/** Removes the characters at one edge of `inner` that `take` accepts and returns them. */
function takeEdge(inner: PhrasingContent[], edge: 'start' | 'end', take: (ch: string) => boolean): string {
  const node = edge === 'start' ? inner[0] : inner.at(-1);
  if (node?.type !== 'text') return '';
  const chars = [...node.value];
  let taken = 0;
  if (edge === 'start') while (taken < chars.length && take(chars[taken]!)) taken++;
  else while (taken < chars.length && take(chars[chars.length - 1 - taken]!)) taken++;
  if (taken === 0) return '';
  const moved = edge === 'start' ? chars.slice(0, taken).join('') : chars.slice(chars.length - taken).join('');
  node.value = edge === 'start' ? chars.slice(taken).join('') : chars.slice(0, chars.length - taken).join('');
  if (node.value === '') {
    if (edge === 'start') inner.shift();
    else inner.pop();
  }
  return moved;
}

/** A letter, digit or Han character: next to it a marker needs its own side to be a word too. */
function isWordChar(ch: string | undefined): boolean {
  return ch !== undefined && !whitespace.test(ch) && !punctuation.test(ch);
}

function lastChar(node: PhrasingContent | undefined): string | undefined {
  if (!node) return undefined;
  // Links, images and code end in Markdown punctuation (`)`, backtick), so a marker next to them works.
  if (node.type !== 'text') return ')';
  return [...node.value.slice(-2)].at(-1);
}

function firstChar(node: PhrasingContent | undefined): string | undefined {
  if (!node) return undefined;
  if (node.type !== 'text') return '[';
  return [...node.value.slice(0, 2)][0];
}

/** Paragraph-like content without line breaks or spaces at either end. */
function trimEdges<T extends Nodes>(children: T[]): T[] {
  let start = 0;
  let end = children.length;
  while (end > start && children[end - 1]!.type === 'break') end--;
  while (start < end && children[start]!.type === 'break') start++;
  const kept = children.slice(start, end);
  const first = kept[0];
  if (first?.type === 'text') first.value = first.value.trimStart();
  const last = kept.at(-1);
  if (last?.type === 'text') last.value = last.value.trimEnd();
  return kept.filter((child) => child.type !== 'text' || child.value !== '');
}

function mergeTexts(parent: Parent): void {
  const out: Parent['children'] = [];
  for (const child of parent.children) {
    const previous = out.at(-1);
    if (child.type === 'text' && previous?.type === 'text') (previous as Text).value += child.value;
    else out.push(child);
  }
  parent.children = out;
}
