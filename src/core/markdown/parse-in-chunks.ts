// Parses very long Markdown piece by piece. micromark slows down more than linearly with
// document size (a 1 MB post of short lists takes minutes in one piece), so above a
// threshold the text is cut at block boundaries that cannot change its meaning, each
// piece is parsed alone, and the trees are joined. Link and footnote definitions are
// document-wide, so each piece is given the definitions of the others.
import type { Definition, FootnoteDefinition, Root, RootContent } from 'mdast';
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

  let trees = chunks.map((chunk) => parse(chunk.text));
  const definitions = collectDefinitions(trees);
  if (definitions.links.size > 0 || definitions.footnotes.size > 0) {
    trees = chunks.map((chunk, i) => {
      const tree = trees[i]!;
      const suffix = chunk.closed ? definitionsMissingFrom(tree, definitions) : '';
      if (suffix === '') return tree;
      const reparsed = parse(`${chunk.text}\n\n${suffix}`);
      // The appended definitions only resolve references; they are not part of this chunk.
      reparsed.children = reparsed.children.filter((node) => (node.position?.start.offset ?? 0) < chunk.text.length);
      return reparsed;
    });
  }

  const children: RootContent[] = [];
  trees.forEach((tree, i) => {
    shiftPositions(tree, chunks[i]!);
    children.push(...tree.children);
  });
  return { type: 'root', children };
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

interface Definitions {
  links: Map<string, Definition>;
  footnotes: Map<string, FootnoteDefinition>;
}

function collectDefinitions(trees: Root[]): Definitions {
  const links = new Map<string, Definition>();
  const footnotes = new Map<string, FootnoteDefinition>();
  for (const tree of trees) {
    visit(tree, (node) => {
      // The first definition of a label wins, as in one-piece CommonMark.
      if (node.type === 'definition' && !links.has(node.identifier)) links.set(node.identifier, node);
      if (node.type === 'footnoteDefinition' && !footnotes.has(node.identifier)) footnotes.set(node.identifier, node);
    });
  }
  return { links, footnotes };
}

/**
 * Definition lines for what is defined elsewhere. A footnote gets a placeholder body: its
 * real definition stays in its own chunk, and the placeholder is dropped after parsing.
 */
function definitionsMissingFrom(tree: Root, { links, footnotes }: Definitions): string {
  const own = collectDefinitions([tree]);
  const lines: string[] = [];
  for (const [identifier, definition] of links) {
    if (own.links.has(identifier)) continue;
    const label = definition.label ?? identifier;
    const title = definition.title == null ? '' : ` "${definition.title.replace(/["\\]/g, '\\$&')}"`;
    lines.push(`[${escapeLabel(label)}]: <${definition.url.replace(/[<>\\\n]/g, '\\$&')}>${title}`);
  }
  for (const [identifier, definition] of footnotes) {
    if (own.footnotes.has(identifier)) continue;
    lines.push(`[^${escapeLabel(definition.label ?? identifier)}]: .`);
  }
  return lines.join('\n');
}

function escapeLabel(label: string): string {
  return label.replace(/[[\]\\]/g, '\\$&');
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
