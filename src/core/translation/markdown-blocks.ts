// A Markdown body cut into its top-level blocks the way a translator sees them: blank
// lines separate blocks, a fenced code block is one block whatever it holds. Line-based
// and linear, so the checks can run on every save and in the publication route without
// the render worker; the kinds are the same families `alignKinds` pairs by.

export type BlockKind = 'heading' | 'code' | 'list' | 'quote' | 'image' | 'table' | 'html' | 'rule' | 'paragraph';

export interface MarkdownBlock {
  kind: BlockKind;
  text: string;
  /** The block's first line in the body, from 1. */
  line: number;
}

const fence = /^ {0,3}(`{3,}|~{3,})/;

export function splitMarkdownBlocks(body: string): MarkdownBlock[] {
  const lines = body.replace(/\r\n?/g, '\n').split('\n');
  const blocks: MarkdownBlock[] = [];
  let current: string[] = [];
  let start = 0;
  let openFence: string | null = null;
  const flush = () => {
    if (current.length > 0) blocks.push({ kind: kindOf(current), text: current.join('\n'), line: start + 1 });
    current = [];
  };
  lines.forEach((line, index) => {
    if (openFence !== null) {
      current.push(line);
      const closing = fence.exec(line);
      if (closing && closing[1]![0] === openFence[0] && closing[1]!.length >= openFence.length && line.trim() === closing[1]) {
        openFence = null;
        flush();
      }
      return;
    }
    const opening = fence.exec(line);
    if (opening) {
      flush();
      start = index;
      openFence = opening[1]!;
      current.push(line);
      return;
    }
    if (line.trim() === '') {
      flush();
      return;
    }
    if (current.length === 0) start = index;
    current.push(line);
  });
  flush();
  return blocks;
}

function kindOf(lines: string[]): BlockKind {
  const first = lines[0]!.trimStart();
  if (fence.test(lines[0]!)) return 'code';
  if (/^#{1,6}\s/.test(first)) return 'heading';
  if (/^([-*+]|\d+[.)])\s/.test(first)) return 'list';
  if (first.startsWith('>')) return 'quote';
  if (first.startsWith('|')) return 'table';
  if (/^([-*_])(\s*\1){2,}\s*$/.test(first)) return 'rule';
  if (lines.length === 1 && /^!\[[^\]]*\]\([^)]*\)$/.test(first.trim())) return 'image';
  if (first.startsWith('<')) return 'html';
  return 'paragraph';
}
