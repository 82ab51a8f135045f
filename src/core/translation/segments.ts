// The one segmentation of a post's two languages into aligned segments, shared by the
// translation memory, the glossary checks and XLIFF export. Blocks are the Markdown's
// top-level blocks paired as the parallel view and the editor pair them (split-blocks'
// alignKinds); inside a pair of prose blocks, sentences are paired only when both sides
// split into the same number of sentences, otherwise the whole block is one segment.
import type { Nodes, Root } from 'mdast';
import { parseMarkdown } from '@/core/markdown/parse-markdown';
import { alignKinds } from '@/core/markdown/split-blocks';

/** What a segment is: prose (paragraph, heading, list, quote, table) or a block a translator leaves as it is. */
export type SegmentKind = 'p' | 'h' | 'ul' | 'ol' | 'blockquote' | 'table' | 'pre' | 'hr' | 'html';

export interface MarkdownBlock {
  kind: SegmentKind;
  /** The block's Markdown source, trimmed. */
  text: string;
  /** Offsets of the block in the whole Markdown text. */
  from: number;
  to: number;
}

export interface Segment {
  sourceText: string;
  /** Absent when the target has no block facing this one (a block still to translate). */
  targetText?: string;
  kind: SegmentKind;
  /** The index of the source block this segment belongs to. */
  blockIndex: number;
  /** The sentence inside the block; 0 with one segment per block. */
  sentenceIndex: number;
}

/** Blocks whose text a translator copies rather than translates: never in the memory. */
export const untranslatedKinds: ReadonlySet<SegmentKind> = new Set(['pre', 'hr', 'html']);

const kindOfNode: Partial<Record<Nodes['type'], SegmentKind>> = {
  paragraph: 'p',
  heading: 'h',
  blockquote: 'blockquote',
  table: 'table',
  code: 'pre',
  thematicBreak: 'hr',
  html: 'html',
};

/** The top-level blocks of a Markdown text with the kinds the parallel view gives them. */
export function markdownBlocks(markdown: string): MarkdownBlock[] {
  return blocksOfTree(parseMarkdown(markdown), markdown);
}

/** The same from the text's tree, for the render worker, which has parsed it already. */
export function blocksOfTree(tree: Root, markdown: string): MarkdownBlock[] {
  const blocks: MarkdownBlock[] = [];
  for (const node of tree.children) {
    const kind = node.type === 'list' ? (node.ordered ? 'ol' : 'ul') : kindOfNode[node.type];
    const from = node.position?.start.offset;
    const to = node.position?.end.offset;
    if (!kind || from === undefined || to === undefined) continue;
    const text = markdown.slice(from, to).trim();
    if (text) blocks.push({ kind, text, from, to });
  }
  return blocks;
}

const segmenters = new Map<string, Intl.Segmenter>();
function segmenter(locale: string): Intl.Segmenter {
  let found = segmenters.get(locale);
  if (!found) {
    found = new Intl.Segmenter(locale, { granularity: 'sentence' });
    segmenters.set(locale, found);
  }
  return found;
}

/** The sentences of one block of prose, trimmed, empty pieces dropped. Only paragraphs and headings are split. */
export function splitSentences(text: string, locale: string): string[] {
  const sentences: string[] = [];
  for (const { segment } of segmenter(locale).segment(text)) {
    const trimmed = segment.trim();
    if (trimmed) sentences.push(trimmed);
  }
  return sentences;
}

/** Whether a block's sentences may be paired: prose on one line of thought, not a list, table or code. */
const splittable = (kind: SegmentKind) => kind === 'p' || kind === 'blockquote';

/** The segments of one pair of blocks: sentence by sentence when both split alike, else the whole block. */
export function segmentBlockPair(source: MarkdownBlock, target: MarkdownBlock | null, blockIndex: number, from: string, to: string): Segment[] {
  if (target && splittable(source.kind) && source.kind === target.kind) {
    const a = splitSentences(source.text, from);
    const b = splitSentences(target.text, to);
    if (a.length > 1 && a.length === b.length) {
      return a.map((sourceText, sentenceIndex) => ({ sourceText, targetText: b[sentenceIndex]!, kind: source.kind, blockIndex, sentenceIndex }));
    }
  }
  const segment: Segment = { sourceText: source.text, kind: source.kind, blockIndex, sentenceIndex: 0 };
  if (target) segment.targetText = target.text;
  return [segment];
}

/** One source block and the target block facing it (null when it has none). */
export interface BlockPair {
  source: MarkdownBlock;
  target: MarkdownBlock | null;
  blockIndex: number;
}

/** The source's blocks, each with the target block the parallel view puts beside it. */
export function alignedBlocks(source: string, target: string): BlockPair[] {
  return alignBlocks(markdownBlocks(source), markdownBlocks(target));
}

/** The same from blocks already cut (markdownBlocks), for a caller aligning one pair both ways. */
export function alignBlocks(a: readonly MarkdownBlock[], b: readonly MarkdownBlock[]): BlockPair[] {
  const rows = alignKinds(
    a.map((block) => block.kind),
    b.map((block) => block.kind),
  );
  const pairs: BlockPair[] = [];
  for (const row of rows) {
    if (row.left === null) continue;
    pairs.push({ source: a[row.left]!, target: row.right === null ? null : b[row.right]!, blockIndex: row.left });
  }
  return pairs;
}

/**
 * A post's text pair as aligned segments, in the source's order: `source` in locale `from`,
 * `target` (its translation, possibly empty) in locale `to`. Target blocks that face no
 * source block are left out: they have nothing to be a translation of.
 */
export function segmentPair(source: string, target: string, from: string, to: string): Segment[] {
  return alignedBlocks(source, target).flatMap((pair) => segmentBlockPair(pair.source, pair.target, pair.blockIndex, from, to));
}

/** The segments of one text alone, with no translation yet: what a translator starts from. */
export function segmentSource(source: string): Segment[] {
  return markdownBlocks(source).map((block, blockIndex) => ({ sourceText: block.text, kind: block.kind, blockIndex, sentenceIndex: 0 }));
}
