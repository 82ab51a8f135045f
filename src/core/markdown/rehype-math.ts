// Renders math server-side with KaTeX, to HTML for the eye and MathML for screen readers
// and copy, so a page with math needs no client JavaScript, only KaTeX's stylesheet
// (src/app/fonts/katex). TeX that KaTeX cannot read is shown as itself, marked, and never
// fails the render. Runs before the sanitizer, which checks KaTeX's output like any other.
import type { Element, ElementContent, Root } from 'hast';
import { toString } from 'hast-util-to-string';
import katex from 'katex';
// mhchem's \ce and \pu, for chemistry (LoveIt and other themes enable it with KaTeX).
import 'katex/contrib/mhchem';
import rehypeParse from 'rehype-parse';
import { unified } from 'unified';
import { SKIP, visit } from 'unist-util-visit';

const fragmentParser = unified().use(rehypeParse, { fragment: true });

/** Longest TeX rendered; longer is shown as source (KaTeX's cost grows with its input). */
const maxTexLength = 20_000;

export function rehypeMath() {
  return (tree: Root) => {
    visit(tree, 'element', (node, index, parent) => {
      if (index === undefined || !parent) return;
      const code = mathCode(node);
      if (!code) return;
      const display = code.display;
      const tex = toString(code.element);
      const rendered: Element = display
        ? { type: 'element', tagName: 'div', properties: { className: ['math-display'] }, children: renderTex(tex, true) }
        : { type: 'element', tagName: 'span', properties: { className: ['math-inline'] }, children: renderTex(tex, false) };
      parent.children[index] = rendered;
      return SKIP;
    });
  };
}

/** `<code class="math-inline|math-display">`, or a `<pre>` holding one (a `$$` block). */
function mathCode(node: Element): { element: Element; display: boolean } | null {
  const classes = classList(node);
  if (node.tagName === 'code' && (classes.includes('math-inline') || classes.includes('math-display'))) {
    return { element: node, display: classes.includes('math-display') };
  }
  if (node.tagName === 'pre') {
    const [only] = node.children.filter((child) => child.type === 'element');
    if (only && only.tagName === 'code' && classList(only).includes('math-display')) return { element: only, display: true };
  }
  return null;
}

function classList(node: Element): string[] {
  const value = node.properties.className;
  return Array.isArray(value) ? value.map(String) : [];
}

function renderTex(tex: string, displayMode: boolean): ElementContent[] {
  const source = tex.trim();
  if (source.length <= maxTexLength) {
    try {
      const html = katex.renderToString(source, {
        displayMode,
        output: 'htmlAndMathml',
        throwOnError: true,
        // No \href, \url, \includegraphics or \html*: nothing in math can link or load.
        trust: false,
        strict: 'ignore',
        maxExpand: 1000,
        maxSize: 50,
      });
      return fragmentParser.parse(html).children as ElementContent[];
    } catch (error) {
      return [mathError(source, error instanceof Error ? error.message : String(error))];
    }
  }
  return [mathError(source, 'Too long to render.')];
}

/** The TeX as written, marked as math KaTeX could not read, with KaTeX's reason as its title. */
function mathError(source: string, message: string): Element {
  return {
    type: 'element',
    tagName: 'code',
    properties: { className: ['math-error'], title: message.slice(0, 300) },
    children: [{ type: 'text', value: source }],
  };
}
