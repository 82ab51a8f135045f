// What the toolbar and the shortcuts do to the Markdown: each command reads the editor's
// state and returns the change, so the text stays plain Markdown (nothing is lost on a
// round trip) and every command is undone with one Ctrl+Z. Pure functions of the state:
// tested without a browser.
import { EditorSelection, type ChangeSpec, type EditorState, type TransactionSpec } from '@codemirror/state';

export type InlineMark = '**' | '_' | '`' | '~~';

/** Wraps the selection in a mark, or unwraps it when it is already wrapped. */
export function toggleInline(state: EditorState, mark: InlineMark): TransactionSpec {
  return state.changeByRange((range) => {
    const before = state.sliceDoc(range.from - mark.length, range.from);
    const after = state.sliceDoc(range.to, range.to + mark.length);
    // Typed into an empty pair, or at the end of a marked word: the shortcut steps out.
    if (range.empty && after === mark && before !== mark) {
      return { range: EditorSelection.cursor(range.to + mark.length) };
    }
    if (before === mark && after === mark) {
      return {
        changes: [
          { from: range.from - mark.length, to: range.from },
          { from: range.to, to: range.to + mark.length },
        ],
        range: EditorSelection.range(range.from - mark.length, range.to - mark.length),
      };
    }
    const inner = state.sliceDoc(range.from, range.to);
    if (inner.length >= mark.length * 2 && inner.startsWith(mark) && inner.endsWith(mark)) {
      return {
        changes: { from: range.from, to: range.to, insert: inner.slice(mark.length, -mark.length) },
        range: EditorSelection.range(range.from, range.to - mark.length * 2),
      };
    }
    return {
      changes: [
        { from: range.from, insert: mark },
        { from: range.to, insert: mark },
      ],
      range: EditorSelection.range(range.from + mark.length, range.to + mark.length),
    };
  });
}

/** The lines a selection touches, each once, in order. */
function selectedLines(state: EditorState) {
  const seen = new Set<number>();
  const lines = [];
  for (const range of state.selection.ranges) {
    for (let n = state.doc.lineAt(range.from).number; n <= state.doc.lineAt(range.to).number; n += 1) {
      if (seen.has(n)) continue;
      seen.add(n);
      lines.push(state.doc.line(n));
    }
  }
  return lines;
}

const headingPrefix = /^#{1,6}[ \t]+/;

/** Makes the selected lines headings of this level (0: plain text); the same level again undoes it. */
export function setHeading(state: EditorState, level: number): TransactionSpec {
  const lines = selectedLines(state);
  const target = '#'.repeat(level);
  const allAlready = level > 0 && lines.every((line) => line.text.startsWith(`${target} `) && !line.text.startsWith(`${target}#`));
  const changes = lines.map((line) => {
    const existing = headingPrefix.exec(line.text)?.[0] ?? '';
    const insert = allAlready || level === 0 ? '' : `${target} `;
    return { from: line.from, to: line.from + existing.length, insert };
  });
  return keepCaretAfter(state, changes);
}

/** A change at the start of the caret's line: the caret stays with the text, after the new marks. */
function keepCaretAfter(state: EditorState, spec: ChangeSpec): TransactionSpec {
  const changes = state.changes(spec);
  return { changes, selection: state.selection.map(changes, 1), scrollIntoView: true };
}

export type LineKind = 'quote' | 'bullet' | 'ordered';
const linePrefix: Record<LineKind, RegExp> = { quote: /^>[ \t]?/, bullet: /^[-*+][ \t]+/, ordered: /^\d{1,9}[.)][ \t]+/ };

/** Turns the selected lines into a quote or a list, or back into paragraphs. */
export function toggleLines(state: EditorState, kind: LineKind): TransactionSpec {
  const lines = selectedLines(state).filter((line, i, all) => all.length === 1 || line.text.trim() !== '' || i === 0);
  const allAlready = lines.every((line) => linePrefix[kind].test(line.text));
  let number = 0;
  const changes = lines.map((line) => {
    if (allAlready) return { from: line.from, to: line.from + linePrefix[kind].exec(line.text)![0].length, insert: '' };
    // One list kind replaces another rather than stacking on it.
    const existing = [linePrefix.bullet, linePrefix.ordered].map((re) => re.exec(line.text)?.[0]).find(Boolean) ?? '';
    const keep = kind === 'quote' ? 0 : existing.length;
    number += 1;
    const insert = kind === 'quote' ? '> ' : kind === 'bullet' ? '- ' : `${number}. `;
    return { from: line.from, to: line.from + keep, insert };
  });
  return keepCaretAfter(state, changes);
}

/** `[selected text](url)`, with the address selected to type over; the label selected when there is no text. */
export function insertLink(state: EditorState, url = 'https://'): TransactionSpec {
  return state.changeByRange((range) => {
    const text = state.sliceDoc(range.from, range.to);
    const label = text || 'link';
    const insert = `[${label}](${url})`;
    const selectFrom = text ? range.from + label.length + 3 : range.from + 1;
    const selectTo = text ? selectFrom + url.length : selectFrom + label.length;
    return { changes: { from: range.from, to: range.to, insert }, range: EditorSelection.range(selectFrom, selectTo) };
  });
}

/**
 * Inserts a block (a table, a code fence, a divider, an image) on lines of its own, with a
 * blank line before and after so it never merges with the paragraph around it. `cursor` is
 * where the caret goes within the block (its end when absent).
 */
export function insertBlock(state: EditorState, block: string, cursor = block.length, at = state.selection.main.head): TransactionSpec {
  const { doc } = state;
  const line = doc.lineAt(at);
  const blank = line.text.trim() === '';
  const before = line.number > 1 ? doc.line(line.number - 1) : null;
  const after = line.number < doc.lines ? doc.line(line.number + 1) : null;
  // On a blank line the block takes its place; inside a line with text it goes after it.
  const from = blank ? line.from : line.to;
  const to = blank ? line.to : line.to;
  const lead = blank ? (before && before.text.trim() !== '' ? '\n' : '') : '\n\n';
  const trail = after ? (after.text.trim() === '' ? '' : '\n') : '\n';
  return {
    changes: { from, to, insert: `${lead}${block}${trail}` },
    selection: { anchor: from + lead.length + cursor },
    scrollIntoView: true,
  };
}

export function insertCodeBlock(state: EditorState, language = ''): TransactionSpec {
  const selected = state.sliceDoc(state.selection.main.from, state.selection.main.to);
  if (selected) {
    const block = `\`\`\`${language}\n${selected.replace(/\n$/, '')}\n\`\`\``;
    return { changes: { from: state.selection.main.from, to: state.selection.main.to, insert: block }, selection: { anchor: state.selection.main.from + 3 } };
  }
  return insertBlock(state, `\`\`\`${language}\n\n\`\`\``, 4 + language.length);
}

export function insertTable(state: EditorState, header: [string, string], cell: string): TransactionSpec {
  const block = `| ${header[0]} | ${header[1]} |\n| --- | --- |\n| ${cell} | ${cell} |`;
  return insertBlock(state, block, 2 + header[0].length);
}

export function insertDivider(state: EditorState): TransactionSpec {
  return insertBlock(state, '---');
}

/** `![alt](src "caption")`; the caption becomes the figure's caption on the page. */
export function imageMarkdown(src: string, alt: string, caption = ''): string {
  const safeAlt = alt.replace(/[[\]\\]/g, (c) => `\\${c}`).replace(/\s+/g, ' ');
  const url = /[\s()<>]/.test(src) ? `<${src.replace(/[<>]/g, encodeURIComponent)}>` : src;
  const title = caption.trim() ? ` "${caption.trim().replace(/["\\]/g, (c) => `\\${c}`)}"` : '';
  return `![${safeAlt}](${url}${title})`;
}

/** A footnote mark at the cursor, with its note added at the end of the text to fill in. */
export function insertFootnote(state: EditorState): TransactionSpec {
  const text = state.doc.toString();
  let n = 1;
  while (text.includes(`[^${n}]`)) n += 1;
  const at = state.selection.main.head;
  const end = state.doc.length;
  const gap = text.endsWith('\n\n') ? '' : text.endsWith('\n') ? '\n' : '\n\n';
  const note = `${gap}[^${n}]: `;
  const mark = `[^${n}]`;
  return {
    changes: [
      { from: at, insert: mark },
      { from: end, insert: note },
    ],
    // The caret waits in the note, after the mark was placed.
    selection: { anchor: end + mark.length + note.length },
    scrollIntoView: true,
  };
}
