// A text's Markdown cut into the blocks a translator works on (paragraphs, headings, list
// items run together as one list, quotes, tables), blank-line separated, with fenced code
// kept whole: the unit of XLIFF export, of the memory's pairs and of merging an import into
// a source that changed. Each block has a stable id made of its position and its hash.
import { shortHash } from './markdown-codes';

export interface Block {
  /** `b{n}-{hash}`: the same text at another position is another block. */
  id: string;
  text: string;
  /** Fenced code and raw HTML blocks are kept as they are, never translated. */
  isCode: boolean;
}

export function splitBlocks(markdown: string): Block[] {
  const lines = markdown.replace(/\r\n?/g, '\n').split('\n');
  const texts: { text: string; isCode: boolean }[] = [];
  let current: string[] = [];
  let fence: string | null = null;
  const flush = () => {
    if (current.length) texts.push({ text: current.join('\n'), isCode: false });
    current = [];
  };
  let codeLines: string[] = [];
  for (const line of lines) {
    if (fence !== null) {
      codeLines.push(line);
      if (line.trimStart().startsWith(fence)) {
        texts.push({ text: codeLines.join('\n'), isCode: true });
        fence = null;
        codeLines = [];
      }
      continue;
    }
    const opening = /^\s{0,3}(`{3,}|~{3,})/.exec(line);
    if (opening) {
      flush();
      fence = opening[1]!;
      codeLines = [line];
      continue;
    }
    if (line.trim() === '') flush();
    else current.push(line);
  }
  if (fence !== null) texts.push({ text: codeLines.join('\n'), isCode: true });
  flush();
  return texts.map((b, i) => ({
    id: `b${i + 1}-${shortHash(b.text)}`,
    text: b.text,
    isCode: b.isCode || /^\s{0,3}<(?:div|table|figure|iframe|video|audio|script|style|!--)/i.test(b.text),
  }));
}

/** The Markdown back from blocks: one blank line between each. */
export function joinBlocks(texts: readonly string[]): string {
  return texts.join('\n\n');
}
