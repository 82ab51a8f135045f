// Math in the Markdown tree: the parser's extension (remark-math's `$$…$$` plus Duet's own
// `$…$`, `\(…\)`, `\[…\]`, math-syntax.ts), and the one step the tokens cannot say alone:
// `\[…\]` and `$$…$$` written inside a paragraph are display math, and when such math is
// the paragraph's only content it becomes a block of its own, like a `$$` fence.
import type { Paragraph, Root, RootContent } from 'mdast';
import type { InlineMath, Math } from 'mdast-util-math';
import type { Extension } from 'micromark-util-types';
import remarkMath from 'remark-math';
import type { Processor } from 'unified';
import { visit } from 'unist-util-visit';
import { duetMathSyntax } from './math-syntax';

/**
 * The unified plugin: every math delimiter Duet reads. remark-math's own single `$` rule
 * would make `$5 and $10` math, so it reads only `$$`; math-syntax.ts reads the rest.
 */
export function remarkDuetMath(this: Processor): void {
  remarkMath.call(this, { singleDollarTextMath: false });
  const data = this.data() as { micromarkExtensions?: Extension[] };
  (data.micromarkExtensions ??= []).push(duetMathSyntax());
}

/** Marks display math written inline and lifts a paragraph that holds only display math. */
export function markDisplayMath(tree: Root, source: string): void {
  visit(tree, 'inlineMath', (node: InlineMath) => {
    const start = node.position?.start.offset;
    if (start === undefined) return;
    const opener = source.slice(start, start + 2);
    if (opener === '\\[' || opener === '$$') {
      node.data = { ...node.data, hProperties: { className: ['language-math', 'math-display'] } };
    }
  });
  visit(tree, 'paragraph', (node: Paragraph, index, parent) => {
    if (index === undefined || !parent) return;
    const content = node.children.filter((child) => !(child.type === 'text' && child.value.trim() === ''));
    const [only] = content;
    if (content.length !== 1 || only?.type !== 'inlineMath' || !isDisplay(only)) return;
    const block: Math = {
      type: 'math',
      value: only.value,
      position: node.position,
      data: {
        hName: 'pre',
        hChildren: [{ type: 'element', tagName: 'code', properties: { className: ['language-math', 'math-display'] }, children: [{ type: 'text', value: only.value }] }],
      },
    };
    (parent.children as RootContent[])[index] = block;
  });
}

function isDisplay(node: InlineMath): boolean {
  const className = node.data?.hProperties?.className;
  return Array.isArray(className) && className.includes('math-display');
}
