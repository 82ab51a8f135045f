// Applies the CJK/Latin spacing rule to rendered Markdown: to text only, across inline
// element boundaries ("用<a>Next.js</a>部署"), never inside code or keyboard input and
// never in attributes (hrefs, alt text), which are left exactly as written.
import type { Element, Root, RootContent, Text } from 'hast';
import { toString } from 'hast-util-to-string';
import { needsCjkLatinSpace, spaceCjkLatin } from './cjk-spacing';

/** Text an author typed literally: left untouched, but still spaced from its neighbours. */
export const literal = new Set(['code', 'kbd', 'samp', 'var']);
/** Never touched and never spaced from (a code block, or text that is not prose). */
export const untouched = new Set(['pre', 'script', 'style', 'svg', 'math', 'textarea']);
/**
 * Inline elements whose content flows with the text around them. Anything else starts a
 * new run: a block ends a sentence, and a footnote mark (sup) is not a word to space from.
 */
export const inline = new Set(['a', 'abbr', 'b', 'cite', 'del', 'dfn', 'em', 'i', 'ins', 'mark', 'q', 's', 'small', 'span', 'strike', 'strong', 'u']);

interface Previous {
  /** The text node to add a trailing space to, or null for literal text. */
  node: Text | null;
  text: string;
  depth: number;
}

/** The rehype plugin: `unified().use(rehypeCjkSpacing)`. */
export function rehypeCjkSpacing() {
  return (tree: Root) => {
    space(tree, 0, { current: null });
  };
}

function space(parent: Root | Element, depth: number, previous: { current: Previous | null }): void {
  for (const child of parent.children) visitNode(child, depth, previous);
}

function visitNode(node: RootContent, depth: number, previous: { current: Previous | null }): void {
  if (node.type === 'text') {
    node.value = spaceCjkLatin(node.value);
    if (node.value === '') return;
    joinWith(previous.current, { node, text: node.value, depth });
    previous.current = { node, text: node.value, depth };
    return;
  }
  if (node.type !== 'element') return;
  if (untouched.has(node.tagName)) {
    previous.current = null;
    return;
  }
  if (literal.has(node.tagName)) {
    const text = toString(node);
    if (text === '') return;
    joinWith(previous.current, { node: null, text, depth: depth + 1 });
    previous.current = { node: null, text, depth: depth + 1 };
    return;
  }
  if (inline.has(node.tagName)) {
    space(node, depth + 1, previous);
    return;
  }
  previous.current = null;
  space(node, depth + 1, previous);
  previous.current = null;
}

/**
 * Puts one space between two adjacent runs if the rule wants one: outside the deeper
 * element where possible, so a link's underline does not stretch over the space.
 */
function joinWith(before: Previous | null, after: Previous): void {
  if (!before || !needsCjkLatinSpace(before.text, after.text)) return;
  const appendToBefore = before.node !== null && (after.node === null || before.depth <= after.depth);
  if (appendToBefore && before.node) {
    before.node.value += ' ';
    before.text += ' ';
  } else if (after.node) {
    after.node.value = ` ${after.node.value}`;
    after.text = after.node.value;
  }
}
