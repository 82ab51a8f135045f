// Underlines the glossary's terms in a text (the source a translator works from), each
// with its approved translation as the title, and the term under the caret's translation
// in a tooltip, so the keyboard reaches it too. A term an open check flags (the
// translation misses or contradicts it in that block) is underlined in the warning
// colour. Only the lines in view are scanned, through the glossary's index (linear in the
// line, never in the glossary's size), so a long text with a large glossary costs what
// the screen shows.
import { StateEffect, StateField, type EditorState, type Range } from '@codemirror/state';
import { Decoration, EditorView, ViewPlugin, showTooltip, type DecorationSet, type Tooltip, type ViewUpdate } from '@codemirror/view';
import type { GlossaryTerm } from '@/core/translation/glossary';
import { indexGlossary, type GlossaryIndex, type TermHit } from '@/core/translation/glossary-index';
import type { GlossaryMarks } from '../glossary-marks-context';

export const setGlossaryMarks = StateEffect.define<GlossaryMarks | null>();

interface Prepared {
  marks: GlossaryMarks;
  index: GlossaryIndex<GlossaryTerm>;
}

const glossaryField = StateField.define<Prepared | null>({
  create: () => null,
  update(value, tr) {
    for (const effect of tr.effects) {
      if (effect.is(setGlossaryMarks)) return effect.value && effect.value.terms.length > 0 ? { marks: effect.value, index: indexGlossary(effect.value.terms, effect.value.locale) } : null;
    }
    return value;
  },
});

function isFlagged(marks: GlossaryMarks, term: GlossaryTerm, line: number): boolean {
  return marks.flagged.some((f) => f.termId === term.id && line >= f.fromLine && line <= f.toLine);
}

/** A line longer than this is a pasted blob, not prose a translator reads term by term. */
const longestLine = 20_000;

function hitsOnLine(prepared: Prepared, state: EditorState, lineNumber: number): Array<TermHit<GlossaryTerm> & { flagged: boolean }> {
  const line = state.doc.line(lineNumber);
  if (line.length > longestLine) return [];
  return prepared.index.findAll(line.text).map((hit) => ({ ...hit, start: line.from + hit.start, end: line.from + hit.end, flagged: isFlagged(prepared.marks, hit.term, lineNumber) }));
}

function buildMarks(view: EditorView): DecorationSet {
  const prepared = view.state.field(glossaryField);
  if (!prepared) return Decoration.none;
  const ranges: Range<Decoration>[] = [];
  let lastLine = 0;
  for (const { from, to } of view.visibleRanges) {
    const first = Math.max(view.state.doc.lineAt(from).number, lastLine + 1);
    const last = view.state.doc.lineAt(to).number;
    for (let n = first; n <= last; n += 1) {
      for (const hit of hitsOnLine(prepared, view.state, n)) {
        const title = prepared.marks.describe(hit.term, hit.flagged);
        ranges.push(
          Decoration.mark({
            class: hit.flagged ? 'cm-glossary-term cm-glossary-flagged' : 'cm-glossary-term',
            attributes: { title, 'data-approved': hit.term[prepared.marks.locale === 'zh' ? 'en' : 'zh'] },
          }).range(hit.start, hit.end),
        );
      }
    }
    lastLine = last;
  }
  return Decoration.set(ranges);
}

const underlines = ViewPlugin.fromClass(
  class {
    decorations: DecorationSet;
    constructor(view: EditorView) {
      this.decorations = buildMarks(view);
    }
    update(update: ViewUpdate) {
      if (update.docChanged || update.viewportChanged || update.startState.field(glossaryField) !== update.state.field(glossaryField)) this.decorations = buildMarks(update.view);
    }
  },
  { decorations: (plugin) => plugin.decorations },
);

// Whether the text has the focus: the caret's tooltip is for someone reading there.
const setFocused = StateEffect.define<boolean>();
const focusedField = StateField.define<boolean>({
  create: () => false,
  update: (value, tr) => tr.effects.reduce((focused, e) => (e.is(setFocused) ? e.value : focused), value),
});

/**
 * Mends the focus the state records when CodeMirror lost it: when a transaction lands
 * while the focus has just changed, CodeMirror (6.43) schedules its focus transaction
 * for a microtask and drops it if another transaction comes first (a key pressed just
 * after focusing), so the field stayed false and the tooltip never came (the browser
 * suite's glossary test, three runs in six). Only a text with glossary terms, on the same
 * microtask as CodeMirror's own focus transaction.
 */
const focusMend = ViewPlugin.fromClass(
  class {
    update(update: ViewUpdate) {
      const { view } = update;
      if (!update.state.field(glossaryField) || view.hasFocus === update.state.field(focusedField)) return;
      queueMicrotask(() => {
        if (view.hasFocus !== view.state.field(focusedField)) view.dispatch({ effects: setFocused.of(view.hasFocus) });
      });
    }
  },
);

/** The term under the caret, explained beside it (a read-only source's caret moves with the arrows too). */
function caretTooltip(state: EditorState): Tooltip | null {
  const prepared = state.field(glossaryField);
  const { main } = state.selection;
  if (!prepared || !main.empty || !state.field(focusedField)) return null;
  const line = state.doc.lineAt(main.head);
  const hit = hitsOnLine(prepared, state, line.number).find((h) => h.start <= main.head && main.head <= h.end);
  if (!hit) return null;
  return {
    pos: hit.start,
    above: true,
    create: () => {
      const dom = document.createElement('div');
      dom.className = 'cm-glossary-tooltip';
      dom.setAttribute('role', 'status');
      dom.textContent = prepared.marks.describe(hit.term, hit.flagged);
      return { dom };
    },
  };
}

const caretTooltipField = StateField.define<Tooltip | null>({
  create: caretTooltip,
  update(value, tr) {
    if (!tr.docChanged && !tr.selection && !tr.effects.some((e) => e.is(setGlossaryMarks) || e.is(setFocused))) return value;
    return caretTooltip(tr.state);
  },
  provide: (field) => showTooltip.from(field),
});

// Drawn by markdown-editor.module.css (the warning colour follows the page's light or dark theme).
export const glossaryMarks = [glossaryField, focusedField, EditorView.focusChangeEffect.of((_state, focusing) => setFocused.of(focusing)), focusMend, underlines, caretTooltipField];
