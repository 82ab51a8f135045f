// Home and End in the writing mode: as CodeMirror's own (to the ends of the visual line,
// again to the ends of the whole line, Home to the end of the indentation first), except
// that they never stop inside a link or an image. A long paragraph wraps where it likes,
// in the middle of a URL too; End there, then Enter, used to split the address in two and
// break the link without the writer noticing (issue #23).
import { EditorSelection, type SelectionRange } from '@codemirror/state';
import { Direction, type Command, type EditorView, type KeyBinding } from '@codemirror/view';
import { outsideLink } from './link-syntax';

/** CodeMirror's moveByLineBoundary (@codemirror/commands), then out of any link. */
function lineBoundary(view: EditorView, start: SelectionRange, forward: boolean): number {
  const line = view.lineBlockAt(start.head);
  let moved = view.moveToLineBoundary(start, forward);
  if (moved.head === start.head && moved.head !== (forward ? line.to : line.from)) moved = view.moveToLineBoundary(start, forward, false);
  let head = moved.head;
  if (!forward && head === line.from && line.length) {
    const space = /^\s*/.exec(view.state.sliceDoc(line.from, Math.min(line.from + 100, line.to)))![0].length;
    if (space && start.head !== line.from + space) head = line.from + space;
  }
  return outsideLink(view.state, head, forward);
}

function move(side: 'forward' | 'backward' | 'left' | 'right', extend: boolean): Command {
  return (view) => {
    const ltr = view.textDirectionAt(view.state.selection.main.head) === Direction.LTR;
    const forward = side === 'forward' || (side === 'right' && ltr) || (side === 'left' && !ltr);
    const selection = EditorSelection.create(
      view.state.selection.ranges.map((range) => {
        const head = lineBoundary(view, range, forward);
        return extend ? EditorSelection.range(range.anchor, head) : EditorSelection.cursor(head, forward ? -1 : 1);
      }),
      view.state.selection.mainIndex,
    );
    if (!selection.eq(view.state.selection)) view.dispatch({ selection, scrollIntoView: true, userEvent: 'select' });
    return true;
  };
}

export const lineBoundaryKeymap: KeyBinding[] = [
  { key: 'Home', run: move('backward', false), shift: move('backward', true), preventDefault: true },
  { key: 'End', run: move('forward', false), shift: move('forward', true), preventDefault: true },
  { mac: 'Cmd-ArrowLeft', run: move('left', false), shift: move('left', true), preventDefault: true },
  { mac: 'Cmd-ArrowRight', run: move('right', false), shift: move('right', true), preventDefault: true },
];
