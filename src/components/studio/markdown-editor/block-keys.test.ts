import type { EditorState, Transaction, TransactionSpec } from '@codemirror/state';
import type { Root, RootContent } from 'mdast';
import { describe, expect, it } from 'vitest';
import { parseMarkdown } from '@/core/markdown/parse-markdown';
import { backspaceAtQuoteStart, enterInMarkup } from './block-keys';
import { editorState } from './create-editor';

/** Applies a key to text with the caret marked by |; null when the key is left to the defaults. */
function press(marked: string, key: (state: EditorState) => TransactionSpec | Transaction | null): string | null {
  const caret = marked.indexOf('|');
  const state = editorState(marked.replace('|', ''), { anchor: caret });
  const spec = key(state);
  if (!spec) return null;
  const next = 'startState' in spec ? spec.state : state.update(spec).state;
  const at = next.selection.main.head;
  const text = next.doc.toString();
  return `${text.slice(0, at)}|${text.slice(at)}`;
}

/** Types at the caret, as the writer goes on after the key. */
const typed = (marked: string, words: string) => marked.replace('|', words);

/** The top-level blocks a reader gets, by kind. */
const blocks = (markdown: string) => (parseMarkdown(markdown) as Root).children.map((node: RootContent) => node.type);

describe('Enter on an empty quoted line', () => {
  it('continues a quote on the first Enter and leaves it on the second, with a blank line between', () => {
    expect(press('> a quoted line|', enterInMarkup)).toBe('> a quoted line\n> |');
    const left = press('> a quoted line\n> |', enterInMarkup)!;
    expect(left).toBe('> a quoted line\n\n|');
    // What the writer types next is a paragraph of its own, not part of the quote.
    expect(blocks(typed(left, 'more text'))).toEqual(['blockquote', 'paragraph']);
    expect(blocks(typed(left, '```\ncode\n```'))).toEqual(['blockquote', 'code']);
  });

  it('gives back a paragraph break inside the quote as the gap', () => {
    expect(press('> a\n>\n> |', enterInMarkup)).toBe('> a\n\n|');
  });

  it('leaves one level of a nested quote at a time', () => {
    const once = press('> > inner\n> > |', enterInMarkup)!;
    expect(once).toBe('> > inner\n>\n> |');
    const tree = parseMarkdown(typed(once, 'outer')) as Root;
    expect(tree.children.map((n) => n.type)).toEqual(['blockquote']);
    expect((tree.children[0] as { children: RootContent[] }).children.map((n) => n.type)).toEqual(['blockquote', 'paragraph']);
    expect(press(once, enterInMarkup)).toBe('> > inner\n\n|');
  });

  it('empties a quote mark with nothing above it', () => {
    expect(press('> |', enterInMarkup)).toBe('|');
    expect(press('Before.\n\n> |', enterInMarkup)).toBe('Before.\n\n|');
  });

  it('splits a quote when the empty line is in its middle', () => {
    expect(press('> a\n> |\n> b', enterInMarkup)).toBe('> a\n\n|\n> b');
  });

  it('leaves a list inside a quote, then the quote', () => {
    expect(press('> - item|', enterInMarkup)).toBe('> - item\n> - |');
    const outOfList = press('> - item\n> - |', enterInMarkup)!;
    expect(outOfList).toBe('> - item\n>\n> |');
    const tree = parseMarkdown(typed(outOfList, 'after')) as Root;
    expect((tree.children[0] as { children: RootContent[] }).children.map((n) => n.type)).toEqual(['list', 'paragraph']);
    expect(press(outOfList, enterInMarkup)).toBe('> - item\n\n|');
  });

  it('is left to the defaults in a code block and in plain text', () => {
    expect(press('> ```\n> |', enterInMarkup)).toBeNull();
    expect(press('Plain text|', enterInMarkup)).toBeNull();
    expect(press('> quoted |text', enterInMarkup)).toBe('> quoted\n> |text');
  });
});

describe('Enter on an empty list item', () => {
  it('ends the list at once, with a blank line so the next paragraph is not in the last item', () => {
    const ended = press('- a\n- b\n- |', enterInMarkup)!;
    expect(ended).toBe('- a\n- b\n\n|');
    expect(blocks(typed(ended, 'Next'))).toEqual(['list', 'paragraph']);
    expect(press('- a\n- |', enterInMarkup)).toBe('- a\n\n|');
    expect(press('1. a\n2. |', enterInMarkup)).toBe('1. a\n\n|');
  });

  it('steps out of a nested list into its parent list', () => {
    expect(press('- a\n  - b\n  - |', enterInMarkup)).toBe('- a\n  - b\n- |');
  });
});

describe('Backspace at the start of a quoted line', () => {
  it('takes an empty line out of the quote, onto a line of its own', () => {
    const left = press('> a quoted line\n> |', backspaceAtQuoteStart)!;
    expect(left).toBe('> a quoted line\n\n|');
    expect(blocks(typed(left, 'more'))).toEqual(['blockquote', 'paragraph']);
    expect(press('> |', backspaceAtQuoteStart)).toBe('|');
    expect(press('>|', backspaceAtQuoteStart)).toBe('|');
  });

  it('takes a line of text out of the quote with its text', () => {
    const left = press('> a\n> |b\n> c', backspaceAtQuoteStart)!;
    expect(left).toBe('> a\n\n|b\n> c');
    expect(blocks(left.replace('|', ''))).toEqual(['blockquote', 'paragraph', 'blockquote']);
  });

  it('is left to the defaults anywhere else', () => {
    expect(press('> a|b', backspaceAtQuoteStart)).toBeNull();
    expect(press('|> a', backspaceAtQuoteStart)).toBeNull();
    expect(press('- |a', backspaceAtQuoteStart)).toBeNull();
  });
});
