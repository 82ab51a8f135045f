// Takes the sting out of Markdown shaped to make the parser slow. micromark matches
// emphasis, strikethrough and brackets by walking back over every earlier unmatched
// mark of the same inline run, so a paragraph of thousands of unmatched `*`, `_`, `~`,
// `[` or `]` costs the square of their number (60 KB of `**_` took 20 s); setext
// headings stacked without blank lines cost about the cube. No real paragraph holds a
// thousand such marks, so above these counts the marks of that run are backslash-escaped
// and read as the characters they are: the words stay, the parse stays linear. The text
// as stored is never changed; only what the renderer reads. The render worker's time
// budget (server/render/render-pool.ts) stays the backstop for shapes not listed here.

/** Delimiter runs (`*`, `_`, `~` sequences) one inline run may hold before they are escaped. */
export const maxDelimiterRuns = 1000;
/** `[` and `]` one inline run may hold (two per link) before they are escaped. */
export const maxBrackets = 2000;
/** Setext underlines one block (no blank line between) may hold before they are escaped. */
export const maxSetextUnderlines = 64;

// Each mark character makes its own runs: `**_` is two runs to the parser.
const delimiterRun = /\*+|_+|~+/g;
const bracket = /[[\]]/g;
const fenceOpen = /^ {0,3}(`{3,}|~{3,})(.*)$/;
const tableDelimiterRow = /^ {0,3}\|?[ \t]*:?-+:?[ \t]*(?:\|[ \t]*:?-+:?[ \t]*)*\|?[ \t]*$/;
const setextUnderline = /^ {0,3}(?:=+|-+)[ \t]*$/;

function count(text: string, pattern: RegExp, limit: number): number {
  pattern.lastIndex = 0;
  let n = 0;
  while (pattern.exec(text) && n <= limit) n += 1;
  return n;
}

/** True when an inline run holds more marks than the parser handles in linear time. */
function isHostileRun(text: string): boolean {
  return count(text, delimiterRun, maxDelimiterRuns) > maxDelimiterRuns || count(text, bracket, maxBrackets) > maxBrackets;
}

function escapeMarks(line: string): string {
  return line.replace(/(?<!\\)([*_~[\]])/g, '\\$1');
}

/** Lines of one block (no blank line inside), with hostile runs and stacked setext headings defused. */
function defuseBlock(lines: string[]): string[] {
  // A table's rows are separate inline runs; a paragraph (or list, or quote) is one.
  const isTable = lines.length > 1 && lines[0]!.includes('|') && tableDelimiterRow.test(lines[1]!);
  let out = lines;
  if (isTable) {
    if (lines.some(isHostileRun)) out = lines.map((line) => (isHostileRun(line) ? escapeMarks(line) : line));
  } else if (isHostileRun(lines.join('\n'))) {
    out = lines.map(escapeMarks);
  }
  let underlines = 0;
  for (let i = 1; i < out.length; i += 1) if (setextUnderline.test(out[i]!)) underlines += 1;
  if (underlines > maxSetextUnderlines) out = out.map((line, i) => (i > 0 && setextUnderline.test(line) ? line.replace(/^( {0,3})([=-])/, '$1\\$2') : line));
  return out;
}

/** `markdown` as the renderer should read it: the same string unless something was defused. */
export function defuseMarkdown(markdown: string): string {
  // The common case, decided in linear scans: too few marks anywhere to matter.
  if (
    count(markdown, delimiterRun, maxDelimiterRuns) <= maxDelimiterRuns &&
    count(markdown, bracket, maxBrackets) <= maxBrackets &&
    count(markdown, /^ {0,3}(?:=+|-+)[ \t]*$/gm, maxSetextUnderlines) <= maxSetextUnderlines
  ) {
    return markdown;
  }
  const lines = markdown.split('\n');
  const out: string[] = [];
  let block: string[] = [];
  let fence: { char: string; length: number } | null = null;
  const flush = () => {
    if (block.length) out.push(...defuseBlock(block));
    block = [];
  };
  for (const line of lines) {
    if (fence) {
      // Code is shown as written, whatever it holds.
      out.push(line);
      const close = /^ {0,3}(`{3,}|~{3,})[ \t]*\r?$/.exec(line);
      if (close?.[1] && close[1][0] === fence.char && close[1].length >= fence.length) fence = null;
      continue;
    }
    const open = fenceOpen.exec(line);
    if (open?.[1] && !(open[1][0] === '`' && open[2]?.includes('`'))) {
      flush();
      out.push(line);
      fence = { char: open[1][0]!, length: open[1].length };
      continue;
    }
    if (line.trim() === '') {
      flush();
      out.push(line);
    } else {
      block.push(line);
    }
  }
  flush();
  return out.join('\n');
}
