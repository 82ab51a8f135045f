import { EditorState, type TransactionSpec } from '@codemirror/state';
import { describe, expect, it } from 'vitest';
import { editorState } from './create-editor';
import * as format from './format';

/** Applies a command to text with the selection marked by [ and ] (or a caret |). */
function run(marked: string, make: (state: EditorState) => TransactionSpec): string {
  const caret = marked.indexOf('|');
  const from = caret >= 0 ? caret : marked.indexOf('[');
  const to = caret >= 0 ? caret : marked.indexOf(']') - 1;
  const text = caret >= 0 ? marked.replace('|', '') : marked.replace('[', '').replace(']', '');
  const state = editorState(text, { anchor: from, head: to });
  const next = state.update(make(state)).state;
  const { from: a, to: b } = next.selection.main;
  const out = next.doc.toString();
  return a === b ? `${out.slice(0, a)}|${out.slice(a)}` : `${out.slice(0, a)}[${out.slice(a, b)}]${out.slice(b)}`;
}

describe('inline marks', () => {
  it('wraps, and unwraps what is wrapped', () => {
    expect(run('a [tea] cup', (s) => format.toggleInline(s, '**'))).toBe('a **[tea]** cup');
    expect(run('a **[tea]** cup', (s) => format.toggleInline(s, '**'))).toBe('a [tea] cup');
    expect(run('a [**tea**] cup', (s) => format.toggleInline(s, '**'))).toBe('a [tea] cup');
    expect(run('一杯|茶', (s) => format.toggleInline(s, '_'))).toBe('一杯_|_茶');
    // Ctrl+B, a word, Ctrl+B again: the caret leaves the bold part.
    expect(run('Use **fresh|** water', (s) => format.toggleInline(s, '**'))).toBe('Use **fresh**| water');
    expect(run('Use **|**', (s) => format.toggleInline(s, '**'))).toBe('Use |');
  });
});

describe('lines', () => {
  it('makes headings, and the same level again makes text', () => {
    expect(run('Tea| time', (s) => format.setHeading(s, 2))).toBe('## Tea| time');
    expect(run('### Tea| time', (s) => format.setHeading(s, 2))).toBe('## Tea| time');
    expect(run('## Tea| time', (s) => format.setHeading(s, 2))).toBe('Tea| time');
  });

  it('lists and quotes every selected line; a list kind replaces the other', () => {
    expect(run('[one\ntwo]', (s) => format.toggleLines(s, 'ordered'))).toBe('1. [one\n2. two]');
    expect(run('[- one\n- two]', (s) => format.toggleLines(s, 'ordered'))).toBe('[1. one\n2. two]');
    // On an empty line the caret waits after the new mark, ready to type.
    expect(run('|', (s) => format.toggleLines(s, 'bullet'))).toBe('- |');
    expect(run('|', (s) => format.setHeading(s, 2))).toBe('## |');
    expect(run('[- one\n- two]', (s) => format.toggleLines(s, 'bullet'))).toBe('[one\ntwo]');
    expect(run('[a\nb]', (s) => format.toggleLines(s, 'quote'))).toBe('> [a\n> b]');
  });
});

describe('blocks', () => {
  it('stand on their own lines, with blank lines around them', () => {
    expect(run('Para|graph', format.insertDivider)).toBe('Paragraph\n\n---|\n');
    expect(run('One\n|\nTwo', format.insertDivider)).toBe('One\n\n---|\n\nTwo');
    expect(run('|', format.insertDivider)).toBe('---|\n');
    expect(run('A|\n\nB', (s) => format.insertCodeBlock(s, 'ts'))).toBe('A\n\n```ts\n|\n```\n\nB');
  });

  it('footnotes get the next free number and a note at the end', () => {
    expect(run('Tea[^1] and| time\n\n[^1]: first', format.insertFootnote)).toBe('Tea[^1] and[^2] time\n\n[^1]: first\n\n[^2]: |');
  });

  it('links select the address to type over', () => {
    expect(run('see [Duet] now', (s) => format.insertLink(s))).toBe('see [Duet]([https://]) now');
  });

  it('images escape their text', () => {
    expect(format.imageMarkdown('/images/a b.webp', 'a [red] cup', 'Tea "time"')).toBe('![a \\[red\\] cup](</images/a b.webp> "Tea \\"time\\"")');
  });
});
