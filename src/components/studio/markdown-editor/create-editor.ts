// Builds the body editor: CodeMirror 6 over the stored Markdown. The document is the text
// itself, byte for byte (lines split on "\n" only, so even a "\r" survives), which is why
// opening and saving a post changes nothing. Loaded on demand by markdown-editor.tsx, so
// none of this reaches a reading page.
import { defaultKeymap, history, historyKeymap, indentWithTab } from '@codemirror/commands';
import { markdown, markdownLanguage } from '@codemirror/lang-markdown';
import { HighlightStyle, syntaxHighlighting } from '@codemirror/language';
import { Compartment, EditorState, Prec, Transaction, type Extension, type TransactionSpec } from '@codemirror/state';
import { EditorView, keymap, placeholder as placeholderText, type Command } from '@codemirror/view';
import { tags } from '@lezer/highlight';
import { blockKeymap } from './block-keys';
import type { GlossaryMarks } from '../glossary-marks-context';
import { glossaryMarks, setGlossaryMarks } from './glossary-marks';
import { insertCodeBlock, insertFootnote, insertLink, setHeading, toggleInline, toggleLines } from './format';
import { lineBoundaryKeymap } from './line-boundary';
import { livePreview, type LivePreviewLabels } from './live-preview';
import { counterpartField } from './pane-link';
import { remoteImportsField, type RemoteImageActions } from './remote-images';
import { uploadsField } from './upload-marks';

export type EditorMode = 'rich' | 'markdown';

export interface EditorOptions {
  parent: HTMLElement;
  doc: string;
  mode: EditorMode;
  readOnly: boolean;
  /** Attributes of the editable element: id, lang, aria-labelledby… */
  attributes: Record<string, string>;
  labels: LivePreviewLabels & { placeholder: string };
  onChange: (text: string) => void;
  /** Files dropped or pasted at a position. */
  onFiles: (files: File[], pos: number) => void;
  /** The buttons of the marker beside an image that is not in the media library. */
  remoteImageActions: RemoteImageActions;
  /** HTML pasted over a range (a document, a web page, another post). */
  onHtml: (html: string, from: number, to: number) => void;
  onScroll: () => void;
  onCaret: (focused: boolean) => void;
}

const markStyle = HighlightStyle.define([
  { tag: tags.heading1, fontSize: '1.6em', fontWeight: '700' },
  { tag: tags.heading2, fontSize: '1.35em', fontWeight: '700' },
  { tag: tags.heading3, fontSize: '1.15em', fontWeight: '700' },
  { tag: [tags.heading4, tags.heading5, tags.heading6], fontWeight: '700' },
  { tag: tags.strong, fontWeight: '700' },
  { tag: tags.emphasis, fontStyle: 'italic' },
  { tag: tags.strikethrough, textDecoration: 'line-through' },
  { tag: tags.link, color: 'var(--accent)', textDecoration: 'underline' },
  { tag: tags.url, color: 'var(--ink-faint)' },
  { tag: tags.monospace, fontFamily: 'var(--font-mono)', fontSize: '0.92em' },
  { tag: [tags.processingInstruction, tags.contentSeparator, tags.labelName], color: 'var(--ink-faint)' },
  { tag: tags.quote, color: 'var(--ink-soft)' },
]);

/** Runs a format command from format.ts as a CodeMirror command. */
export function command(make: (state: EditorState) => TransactionSpec): Command {
  return (view) => {
    if (view.state.readOnly) return false;
    view.dispatch(view.state.update(make(view.state), { userEvent: 'input.format' }));
    return true;
  };
}

export const formatKeymap = [
  { key: 'Mod-b', run: command((s) => toggleInline(s, '**')) },
  { key: 'Mod-i', run: command((s) => toggleInline(s, '_')) },
  { key: 'Mod-e', run: command((s) => toggleInline(s, '`')) },
  { key: 'Mod-Shift-x', run: command((s) => toggleInline(s, '~~')) },
  { key: 'Mod-Alt-0', run: command((s) => setHeading(s, 0)) },
  { key: 'Mod-Alt-1', run: command((s) => setHeading(s, 1)) },
  { key: 'Mod-Alt-2', run: command((s) => setHeading(s, 2)) },
  { key: 'Mod-Alt-3', run: command((s) => setHeading(s, 3)) },
  { key: 'Mod-Shift-7', run: command((s) => toggleLines(s, 'ordered')) },
  { key: 'Mod-Shift-8', run: command((s) => toggleLines(s, 'bullet')) },
  { key: 'Mod-Shift-9', run: command((s) => toggleLines(s, 'quote')) },
  { key: 'Mod-Alt-c', run: command((s) => insertCodeBlock(s)) },
  { key: 'Mod-Alt-f', run: command(insertFootnote) },
];

const theme = EditorView.theme({
  '&': { fontSize: '1rem' },
  '.cm-content': { fontFamily: 'var(--font-body)', lineHeight: '1.75', padding: '0.75rem 0' },
  '.cm-line': { padding: '0 0.9rem' },
});

/**
 * The editor's state for a text: lines split on "\n" alone (a "\r" stays part of its
 * line, so CRLF text comes back as it went in), Markdown with GitHub's extensions, and
 * undo history. Tests build it without a browser.
 */
export function editorState(doc: string, selection?: { anchor: number; head?: number }, extensions: Extension[] = []): EditorState {
  return EditorState.create({ doc, selection, extensions: [EditorState.lineSeparator.of('\n'), markdown({ base: markdownLanguage, addKeymap: false }), history(), ...extensions] });
}

export function createEditor(options: EditorOptions) {
  const modes = new Compartment();
  const editable = new Compartment();
  const attributes = new Compartment();
  const attributesExtension = (extra: Record<string, string>): Extension =>
    EditorView.contentAttributes.of({ ...extra, spellcheck: 'true', autocorrect: 'on', 'aria-multiline': 'true', role: 'textbox' });
  const modeExtension = (mode: EditorMode): Extension =>
    mode === 'rich' ? [livePreview(options.labels, options.remoteImageActions), Prec.high(keymap.of(lineBoundaryKeymap))] : [EditorView.contentAttributes.of({ 'data-mode': 'markdown' })];
  const editableExtension = (readOnly: boolean): Extension => [
    EditorState.readOnly.of(readOnly),
    EditorView.editable.of(!readOnly),
    // A read-only text takes no change from the keyboard, whatever command a key runs;
    // a text coming from outside (replaceText, no user event) still arrives.
    readOnly ? EditorState.transactionFilter.of((tr) => (tr.docChanged && tr.annotation(Transaction.userEvent) !== undefined ? [] : tr)) : [],
  ];
  // A change made here goes up; one coming down (a restore, a conflict resolved) does not echo back.
  let applyingOutside = false;

  const view = new EditorView({
    parent: options.parent,
    state: editorState(options.doc, undefined, [
      keymap.of([
        ...formatKeymap,
        { key: 'Mod-k', run: command((s) => insertLink(s)), preventDefault: true },
        ...blockKeymap,
        ...historyKeymap,
        ...defaultKeymap,
        indentWithTab,
      ]),
      syntaxHighlighting(markStyle),
      EditorView.lineWrapping,
      theme,
      counterpartField,
      glossaryMarks,
      uploadsField,
      remoteImportsField,
      placeholderText(options.labels.placeholder),
      modes.of(modeExtension(options.mode)),
      editable.of(editableExtension(options.readOnly)),
      attributes.of(attributesExtension(options.attributes)),
      EditorView.updateListener.of((update) => {
        if (update.docChanged && !applyingOutside) options.onChange(update.state.doc.toString());
        if (update.selectionSet || update.focusChanged) options.onCaret(update.view.hasFocus);
      }),
      EditorView.domEventHandlers({
        paste: (event, view) => {
          const data = event.clipboardData;
          if (!data || view.state.readOnly) return false;
          const files = [...data.files];
          if (files.length > 0) {
            event.preventDefault();
            options.onFiles(files, view.state.selection.main.head);
            return true;
          }
          const html = data.getData('text/html');
          // CodeMirror's own copies carry plain text only; HTML comes from elsewhere.
          if (html && /<[a-z]/i.test(html)) {
            event.preventDefault();
            const { from, to } = view.state.selection.main;
            options.onHtml(html, from, to);
            return true;
          }
          return false;
        },
        drop: (event, view) => {
          const files = [...(event.dataTransfer?.files ?? [])];
          if (files.length === 0 || view.state.readOnly) return false;
          event.preventDefault();
          const pos = view.posAtCoords({ x: event.clientX, y: event.clientY }) ?? view.state.selection.main.head;
          options.onFiles(files, pos);
          return true;
        },
      }),
    ]),
  });
  view.scrollDOM.addEventListener('scroll', () => options.onScroll(), { passive: true });

  return {
    view,
    setMode: (mode: EditorMode) => view.dispatch({ effects: modes.reconfigure(modeExtension(mode)) }),
    setAttributes: (extra: Record<string, string>) => view.dispatch({ effects: attributes.reconfigure(attributesExtension(extra)) }),
    setReadOnly: (readOnly: boolean) => view.dispatch({ effects: editable.reconfigure(editableExtension(readOnly)) }),
    /** The glossary's terms to underline (a source a translation is made from), or none. */
    setGlossary: (marks: GlossaryMarks | null) => view.dispatch({ effects: setGlossaryMarks.of(marks) }),
    /** Replaces the text with one that came from outside (a restored revision…), undoably. */
    replaceText(text: string) {
      if (text === view.state.doc.toString()) return;
      // Only the part that differs is replaced, so the caret and the scroll stay put.
      const current = view.state.doc.toString();
      let start = 0;
      while (start < current.length && start < text.length && current.charCodeAt(start) === text.charCodeAt(start)) start += 1;
      let end = 0;
      while (end < current.length - start && end < text.length - start && current.charCodeAt(current.length - 1 - end) === text.charCodeAt(text.length - 1 - end)) end += 1;
      applyingOutside = true;
      try {
        view.dispatch({ changes: { from: start, to: current.length - end, insert: text.slice(start, text.length - end) } });
      } finally {
        applyingOutside = false;
      }
    },
    run(make: (state: EditorState) => TransactionSpec) {
      command(make)(view);
      view.focus();
    },
    destroy: () => view.destroy(),
  };
}

export type EditorHandle = ReturnType<typeof createEditor>;
