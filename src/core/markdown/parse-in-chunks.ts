// Parses very long Markdown piece by piece. micromark slows down more than linearly with
// document size (a 1 MB post of short blocks took minutes in one piece), so above a
// threshold the text is cut at block boundaries that cannot change its meaning, each
// piece is parsed alone, and the trees are joined. Link and footnote definitions are
// document-wide: each piece gets stand-ins for the ones it mentions, so its references
// parse as references, and the joined tree holds the real definitions.
import type { Root, RootContent, Text } from 'mdast';
import { visit } from 'unist-util-visit';

/** Below this many characters the text is parsed in one piece: every real article. */
const chunkThreshold = 64 * 1024;
const chunkTarget = 16 * 1024;

export interface MarkdownChunk {
  text: string;
  /** Offset and line (1-based) of the chunk's start in the whole text. */
  offset: number;
  line: number;
  /** False when the chunk ends inside a fence or an HTML block, so nothing may be appended. */
  closed: boolean;
}

/** Parses `markdown` with `parse` (remark-parse and its extensions), in pieces when long. */
export function parseInChunks(markdown: string, parse: (text: string) => Root): Root {
  if (markdown.length <= chunkThreshold) return parse(markdown);
  const chunks = splitMarkdownChunks(markdown, chunkTarget);
  if (chunks.length === 1) return parse(markdown);

  const labels = definitionLabels(markdown);
  const children: RootContent[] = [];
  for (const chunk of chunks) {
    const standIns = chunk.closed ? standInDefinitions(chunk.text, labels) : '';
    const tree = parse(standIns ? `${chunk.text}\n\n${standIns}` : chunk.text);
    // The stand-ins only made references parse; the real definitions are in their own chunk.
    if (standIns) tree.children = tree.children.filter((node) => (node.position?.start.offset ?? 0) < chunk.text.length);
    shiftPositions(tree, chunk);
    children.push(...tree.children);
  }
  const root: Root = { type: 'root', children };
  revertUndefinedFootnotes(root);
  return root;
}

/**
 * Cuts Markdown before lines that start a new top-level block after a blank line and
 * cannot continue anything above them: not indented, not a list item (a blank line may
 * separate items of one list), not inside a fenced code block or an HTML block that
 * spans blank lines (script, pre, style, textarea, comments, <? ?>, <!X, CDATA).
 */
export function splitMarkdownChunks(markdown: string, target: number): MarkdownChunk[] {
  const chunks: MarkdownChunk[] = [];
  let start = 0;
  let startLine = 1;
  let lineNumber = 1;
  let position = 0;
  let previousBlank = true;
  let fence: { char: string; length: number } | null = null;
  let htmlEnd: RegExp | null = null;

  while (position < markdown.length) {
    const newline = markdown.indexOf('\n', position);
    const end = newline === -1 ? markdown.length : newline + 1;
    const line = markdown.slice(position, end).replace(/\r?\n$/, '');
    const blank = line.trim() === '';

    if (!fence && !htmlEnd && previousBlank && !blank && position - start >= target && canStartChunk(line)) {
      chunks.push({ text: markdown.slice(start, position), offset: start, line: startLine, closed: true });
      start = position;
      startLine = lineNumber;
    }

    if (fence) {
      const close = /^ {0,3}(`{3,}|~{3,})[ \t]*$/.exec(line);
      if (close?.[1] && close[1][0] === fence.char && close[1].length >= fence.length) fence = null;
    } else if (htmlEnd) {
      if (htmlEnd.test(line)) htmlEnd = null;
    } else {
      const open = /^ {0,3}(`{3,}|~{3,})(.*)$/.exec(line);
      if (open?.[1] && !(open[1][0] === '`' && open[2]?.includes('`'))) {
        fence = { char: open[1][0]!, length: open[1].length };
      } else {
        const end = htmlBlockEnd(line);
        if (end && !end.test(line.replace(/^ {0,3}<[^>]{0,2}/, ''))) htmlEnd = end;
      }
    }

    previousBlank = blank;
    position = end;
    lineNumber += 1;
  }
  chunks.push({ text: markdown.slice(start), offset: start, line: startLine, closed: !fence && !htmlEnd });
  return chunks;
}

function canStartChunk(line: string): boolean {
  return !/^[ \t]/.test(line) && !/^(?:[-*+]|\d{1,9}[.)])(?:[ \t]|$)/.test(line);
}

/** For an HTML block that may contain blank lines, the pattern of its last line. */
function htmlBlockEnd(line: string): RegExp | null {
  if (/^ {0,3}<(?:script|pre|style|textarea)(?:[\s>]|$)/i.test(line)) return /<\/(?:script|pre|style|textarea)>/i;
  if (/^ {0,3}<!--/.test(line)) return /-->/;
  if (/^ {0,3}<\?/.test(line)) return /\?>/;
  if (/^ {0,3}<!\[CDATA\[/.test(line)) return /\]\]>/;
  if (/^ {0,3}<![A-Za-z]/.test(line)) return />/;
  return null;
}

interface Labels {
  links: string[];
  footnotes: string[];
}

/**
 * Labels of everything that looks like a definition. A false find (a definition-like
 * line inside code) is harmless: a link reference without a real definition renders as
 * its text, and a footnote reference without one is turned back into text below.
 */
function definitionLabels(markdown: string): Labels {
  const links = new Set<string>();
  const footnotes = new Set<string>();
  for (const match of markdown.matchAll(/^ {0,3}\[((?:[^\]\\\n]|\\.){1,999})\]:/gm)) {
    const label = match[1]!;
    if (label.startsWith('^')) footnotes.add(label.slice(1));
    else links.add(label);
  }
  return { links: [...links], footnotes: [...footnotes] };
}

/** Stand-in definitions for the labels a chunk mentions: `[label]: #` and `[^label]: .`. */
function standInDefinitions(text: string, { links, footnotes }: Labels): string {
  const lower = text.toLowerCase();
  const lines: string[] = [];
  // Labels match case-insensitively, so look for them that way.
  for (const label of links) if (lower.includes(`[${label.toLowerCase()}]`)) lines.push(`[${label}]: #`);
  for (const label of footnotes) if (lower.includes(`[^${label.toLowerCase()}]`)) lines.push(`[^${label}]: .`);
  return lines.join('\n');
}

/** A footnote reference whose definition does not exist anywhere reads as its source text. */
function revertUndefinedFootnotes(root: Root): void {
  const defined = new Set<string>();
  visit(root, 'footnoteDefinition', (node) => {
    defined.add(node.identifier);
  });
  visit(root, 'footnoteReference', (node, index, parent) => {
    if (defined.has(node.identifier) || !parent || index === undefined) return;
    const text: Text = { type: 'text', value: `[^${node.label ?? node.identifier}]`, position: node.position };
    parent.children[index] = text;
  });
}

function shiftPositions(tree: Root, chunk: MarkdownChunk): void {
  if (chunk.offset === 0) return;
  visit(tree, (node) => {
    const { position } = node;
    if (!position) return;
    for (const point of [position.start, position.end]) {
      point.line += chunk.line - 1;
      if (point.offset !== undefined) point.offset += chunk.offset;
    }
  });
}
