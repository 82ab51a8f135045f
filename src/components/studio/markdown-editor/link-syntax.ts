// What a reader will get from the link and image syntax of a text, judged from the
// editor's own syntax tree: a real link or image, brackets that stay plain text, or an
// attempt that is broken (an address never closed or split over two lines, a `](` or `![`
// with nothing to pair with, a reference that is never defined). The writing mode draws
// only real links as links and marks the broken ones; it never hides their syntax.
import { syntaxTree } from '@codemirror/language';
import type { EditorState, Text } from '@codemirror/state';

type SyntaxNode = ReturnType<typeof syntaxTree>['topNode'];

/** A link or image as readers will see it. */
export type LinkStatus = 'link' | 'text' | 'malformed';

export interface MalformedSpan {
  from: number;
  to: number;
  kind: 'link' | 'image';
}

/** Nodes whose text is never link syntax: code, addresses, raw HTML. */
const opaque = new Set(['InlineCode', 'CodeText', 'FencedCode', 'CodeBlock', 'URL', 'Autolink', 'HTMLTag', 'HTMLBlock', 'Comment', 'CommentBlock', 'Escape', 'LinkReference']);

/** CommonMark matches labels case-insensitively with runs of white space as one. */
const normalizeLabel = (label: string) => label.trim().replace(/\s+/g, ' ').toLowerCase();

const labelCache = new WeakMap<Text, Set<string>>();

/** The labels `[label]: …` defines anywhere in the text (footnotes `[^1]: …` too). */
export function definedLabels(doc: Text): Set<string> {
  let labels = labelCache.get(doc);
  if (labels) return labels;
  labels = new Set();
  for (const match of doc.toString().matchAll(/^[ \t>]{0,8}\[((?:[^\]\\\n]|\\.){1,999})\]:/gm)) labels.add(normalizeLabel(match[1]!));
  labelCache.set(doc, labels);
  return labels;
}

/** What a Link or Image node is to a reader. */
export function linkStatus(state: EditorState, node: SyntaxNode): LinkStatus {
  const marks = node.getChildren('LinkMark');
  const last = marks.at(-1);
  const closed = marks.length >= 4 && last !== undefined && state.sliceDoc(last.from, last.to) === ')';
  if (closed) return 'link';
  const label = node.getChild('LinkLabel');
  const textEnd = marks[1]?.from ?? node.to;
  const textStart = marks[0]?.to ?? node.from;
  const name = label && label.to - label.from > 2 ? state.sliceDoc(label.from + 1, label.to - 1) : state.sliceDoc(textStart, textEnd);
  if (definedLabels(state.doc).has(normalizeLabel(name))) return 'link';
  // `[text][label]` meant a link; `[text](` meant one whose address never closed.
  if (label || state.sliceDoc(node.to, node.to + 1) === '(') return 'malformed';
  return 'text';
}

/** Where a broken attempt ends: the `)` meant to close it, or the end of its line. */
function attemptEnd(state: EditorState, from: number): number {
  const line = state.doc.lineAt(from);
  const close = line.text.indexOf(')', from - line.from);
  return close < 0 ? line.to : line.from + close + 1;
}

function isOpaque(node: SyntaxNode | null): boolean {
  for (let n = node; n; n = n.parent) if (opaque.has(n.name) || n.name === 'Link' || n.name === 'Image') return true;
  return false;
}

/** The broken links and images between `from` and `to`, in order. */
export function findMalformed(state: EditorState, from: number, to: number): MalformedSpan[] {
  const tree = syntaxTree(state);
  const spans: MalformedSpan[] = [];
  tree.iterate({
    from,
    to,
    enter: (node) => {
      if (opaque.has(node.name)) return false;
      if (node.name !== 'Link' && node.name !== 'Image') return undefined;
      if (linkStatus(state, node.node) !== 'malformed') return undefined;
      const to = state.sliceDoc(node.to, node.to + 1) === '(' ? attemptEnd(state, node.to) : node.to;
      spans.push({ from: node.from, to, kind: node.name === 'Image' ? 'image' : 'link' });
      return undefined;
    },
  });
  // A `](` or `![` outside any link: half of a link whose other half is gone.
  const text = state.sliceDoc(from, to);
  for (const match of text.matchAll(/\]\(|!\[/g)) {
    const at = from + match.index;
    if (isOpaque(tree.resolveInner(at, 1))) continue;
    if (match[0] === '![') {
      const line = state.doc.lineAt(at);
      const close = line.text.indexOf(']', at - line.from);
      spans.push({ from: at, to: close < 0 ? line.to : line.from + close + 1, kind: 'image' });
    } else {
      spans.push({ from: at, to: attemptEnd(state, at), kind: 'link' });
    }
  }
  const kept: MalformedSpan[] = [];
  for (const span of spans.sort((a, b) => a.from - b.from)) if (kept.length === 0 || span.from >= kept.at(-1)!.to) kept.push(span);
  return kept;
}

/**
 * A caret position moved out of a link or an image to its edge: `forward` to after its
 * `)`, else to its `[`. In the writing mode a link reads as one unit; Home and End go to
 * the ends of a line of text and never stop inside one where a wrapped line happens to
 * break, in its words or its address (there, Enter split the link, issue #23). A link
 * whose words run over two lines keeps the stop at its line's end.
 */
export function outsideLink(state: EditorState, pos: number, forward: boolean): number {
  for (let node: SyntaxNode | null = syntaxTree(state).resolveInner(pos, 0); node; node = node.parent) {
    if (node.name !== 'Link' && node.name !== 'Image') continue;
    if (pos <= node.from || pos >= node.to) return pos;
    const edge = forward ? node.to : node.from;
    return state.doc.lineAt(edge).number === state.doc.lineAt(pos).number ? edge : pos;
  }
  return pos;
}
