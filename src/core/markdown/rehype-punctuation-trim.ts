// Marks in rendered Markdown the punctuation that gives up its blank in a pair
// (core/typography/punctuation-trim.ts): each such mark is wrapped in
// `<span class="punct-trim">`, which the reading CSS condenses only in browsers without
// `text-spacing-trim` (globals.css). Pairs are found across inline elements
// ("<strong>「重点」</strong>，"), never inside code, maths or a code block, never across
// a block, a line break or a footnote mark, and never in attributes; in Chinese texts only. Only markup is added:
// the text a reader copies and the text search indexes stay as written.
import type { Element, Root, RootContent, Text } from 'hast';
import type { Locale } from '@/core/locales';
import { trimmedMarkIndices } from '@/core/typography/punctuation-trim';
import { inline, literal, untouched } from './rehype-cjk-spacing';

export const punctuationTrimClass = 'punct-trim';

/** Text nodes that read as one line of text, in order. */
type Run = Text[];

/**
 * The rehype plugin: `unified().use(rehypePunctuationTrim, { locale })`. A text in English
 * is left alone: a Chinese mark there is a specimen ("full-width: ，。：；"), shown whole.
 */
export function rehypePunctuationTrim({ locale }: { locale: Locale }) {
  return (tree: Root) => {
    if (locale !== 'zh') return;
    const runs: Run[] = [[]];
    collect(tree, runs);
    const replacements = new Map<Text, RootContent[]>();
    for (const run of runs) markRun(run, replacements);
    if (replacements.size > 0) replace(tree, replacements);
  };
}

function collect(parent: Root | Element, runs: Run[]): void {
  for (const child of parent.children) {
    if (child.type === 'text') {
      runs.at(-1)!.push(child);
    } else if (child.type === 'element') {
      const isFlowing = inline.has(child.tagName) && !isMaths(child);
      if (!isFlowing) runs.push([]);
      if (isFlowing || !(literal.has(child.tagName) || untouched.has(child.tagName) || isMaths(child))) collect(child, runs);
      if (!isFlowing) runs.push([]);
    }
  }
}

/** KaTeX's rendering: its text is drawn glyph by glyph and is no prose. */
function isMaths(node: Element): boolean {
  const classes = node.properties.className;
  return Array.isArray(classes) && classes.some((name) => String(name).startsWith('katex') || String(name).startsWith('math-'));
}

function markRun(run: Run, replacements: Map<Text, RootContent[]>): void {
  if (run.length === 0) return;
  const text = run.map((node) => node.value).join('');
  const indices = trimmedMarkIndices(text);
  if (indices.length === 0) return;
  let start = 0;
  let next = 0;
  for (const node of run) {
    const end = start + node.value.length;
    const inNode: number[] = [];
    while (next < indices.length && indices[next]! < end) inNode.push(indices[next++]! - start);
    if (inNode.length > 0) replacements.set(node, split(node.value, inNode));
    start = end;
  }
}

/** The text with each mark at `at` in a span of its own. */
function split(value: string, at: number[]): RootContent[] {
  const parts: RootContent[] = [];
  let from = 0;
  for (const index of at) {
    if (index > from) parts.push({ type: 'text', value: value.slice(from, index) });
    parts.push({
      type: 'element',
      tagName: 'span',
      properties: { className: [punctuationTrimClass] },
      children: [{ type: 'text', value: value.slice(index, index + 1) }],
    });
    from = index + 1;
  }
  if (from < value.length) parts.push({ type: 'text', value: value.slice(from) });
  return parts;
}

function replace(parent: Root | Element, replacements: Map<Text, RootContent[]>): void {
  parent.children = parent.children.flatMap((child): RootContent[] => {
    if (child.type === 'text') return replacements.get(child) ?? [child];
    if (child.type === 'element') replace(child, replacements);
    return [child];
  }) as typeof parent.children;
}
