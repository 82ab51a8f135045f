// Enter and Backspace at the edge of a quote or a list. Leaving one must really leave it:
// Markdown carries a paragraph on to the next line even without its marks ("lazy
// continuation", `> a` then `b` is one quoted paragraph), so a line is out of a quote or a
// list item only once a blank line separates it from the text above. Enter on an empty
// `> ` line, or Backspace at the start of a quoted line, takes one level of quote away and
// puts that blank line in; an empty list item ended by Enter gets it too. Everything else
// is CodeMirror's own Markdown Enter and Backspace. Pure functions of the state: tested
// without a browser, and the same in both modes.
import { deleteMarkupBackward, insertNewlineContinueMarkupCommand } from '@codemirror/lang-markdown';
import { syntaxTree } from '@codemirror/language';
import { EditorSelection, type EditorState, type Line, type Transaction, type TransactionSpec } from '@codemirror/state';
import type { Command } from '@codemirror/view';

/** A line's quote marks (`> > `, indented or not) and what follows them. */
const quotedLine = /^([ \t>]*)>([ \t]?)(.*)$/;
const onlyMarks = /^[ \t>]*$/;
const emptyListItem = /^[ \t>]*(?:[-+*]|\d{1,9}[.)])(?:[ \t]+\[[ xX]\])?[ \t]*$/;

interface QuoteMarks {
  /** The marks of the levels around the last one ('' for a quote that is not nested). */
  outer: string;
  /** Where the line's content starts, after the last `>` and its space. */
  contentStart: number;
  content: string;
}

function quoteMarksOf(state: EditorState, line: Line): QuoteMarks | null {
  const match = quotedLine.exec(line.text);
  if (!match) return null;
  const outer = match[1]!;
  // Really a quote here, not a `>` in a code block or a paragraph.
  const tree = syntaxTree(state);
  const mark = tree.resolveInner(line.from + outer.length, 1);
  if (mark.name !== 'QuoteMark') return null;
  for (let node: typeof mark | null = tree.resolveInner(line.to, -1); node; node = node.parent) {
    if (node.name === 'FencedCode' || node.name === 'CodeBlock' || node.name === 'HTMLBlock') return null;
  }
  return { outer, contentStart: outer.length + 1 + match[2]!.length, content: match[3]! };
}

const levels = (marks: string) => marks.split('>').length - 1;

/**
 * The line at the caret leaves its innermost quote: its marks lose one level, and a blank
 * line (quoted by the outer levels) comes between it and quoted text above.
 */
function leaveQuote(state: EditorState, line: Line, marks: QuoteMarks): TransactionSpec {
  const { doc } = state;
  const { outer, content } = marks;
  const above = line.number > 1 ? doc.line(line.number - 1) : null;
  const blank = outer.trimEnd();
  const changes: Array<{ from: number; to: number; insert: string }> = [];
  let insert = `${outer}${content}`;
  if (above && onlyMarks.test(above.text) && levels(above.text) === levels(outer) + 1) {
    // Already a blank quoted line above (a paragraph break inside the quote): it becomes the gap.
    changes.push({ from: above.from, to: above.to, insert: blank });
  } else if (above && !onlyMarks.test(above.text)) {
    insert = `${blank}\n${insert}`;
  }
  changes.push({ from: line.from, to: line.to, insert });
  const changeSet = state.changes(changes);
  const caret = changeSet.mapPos(line.to, 1) - content.length;
  return { changes: changeSet, selection: EditorSelection.cursor(caret), scrollIntoView: true };
}

/** Enter on an empty quoted line (`> `, `> > `): one level of quote ends there. */
export function enterOnEmptyQuote(state: EditorState): TransactionSpec | null {
  const range = state.selection.main;
  if (state.selection.ranges.length > 1 || !range.empty) return null;
  const line = state.doc.lineAt(range.head);
  const marks = quoteMarksOf(state, line);
  if (!marks || marks.content.trim() !== '' || range.head - line.from < marks.outer.length + 1) return null;
  return leaveQuote(state, line, { ...marks, content: '' });
}

/** Backspace at the start of a quoted line's text: that line leaves one level of quote. */
export function backspaceAtQuoteStart(state: EditorState): TransactionSpec | null {
  const range = state.selection.main;
  if (state.selection.ranges.length > 1 || !range.empty) return null;
  const line = state.doc.lineAt(range.head);
  const marks = quoteMarksOf(state, line);
  if (!marks || range.head - line.from !== marks.contentStart) return null;
  // An empty line keeps nothing of its trailing spaces.
  return leaveQuote(state, line, { ...marks, content: marks.content.trim() === '' ? '' : marks.content });
}

// One Enter on an empty item ends the list (CodeMirror's default first loosens a two-item list).
const continueMarkup = insertNewlineContinueMarkupCommand({ nonTightLists: false });

/**
 * CodeMirror's Enter for lists and quotes, with one change: when it ends a list (an empty
 * item's marker removed), a blank line keeps the next paragraph out of the last item.
 */
export function enterInMarkup(state: EditorState): TransactionSpec | Transaction | null {
  const quote = enterOnEmptyQuote(state);
  if (quote) return quote;
  let result: Transaction | null = null;
  if (!continueMarkup({ state, dispatch: (tr) => (result = tr) }) || !result) return null;
  const tr: Transaction = result;
  const before = state.doc.lineAt(state.selection.main.head);
  if (state.selection.ranges.length > 1 || !emptyListItem.test(before.text)) return tr;
  const after = tr.state.doc.lineAt(tr.state.selection.main.head);
  if (!onlyMarks.test(after.text) || after.number === 1) return tr;
  const above = tr.state.doc.line(after.number - 1);
  if (onlyMarks.test(above.text)) return tr;
  const gap = tr.state.changes({ from: after.from, insert: `${after.text.trimEnd()}\n` });
  return { changes: tr.changes.compose(gap), selection: tr.state.selection.map(gap, 1), scrollIntoView: true };
}

function asCommand(make: (state: EditorState) => TransactionSpec | Transaction | null, userEvent: string): Command {
  return (view) => {
    if (view.state.readOnly) return false;
    const spec = make(view.state);
    if (!spec) return false;
    view.dispatch('startState' in spec ? spec : view.state.update(spec, { userEvent }));
    return true;
  };
}

/** Enter and Backspace for Markdown, ahead of the default keys. */
export const blockKeymap = [
  { key: 'Enter', run: asCommand(enterInMarkup, 'input') },
  {
    key: 'Backspace',
    run: asCommand((state) => backspaceAtQuoteStart(state) ?? captured(state), 'delete.backward'),
  },
];

/** CodeMirror's own Backspace over list and quote marks, as a transaction. */
function captured(state: EditorState): Transaction | null {
  let result: Transaction | null = null;
  deleteMarkupBackward({ state, dispatch: (tr) => (result = tr) });
  return result;
}
