// Opening a text in the editor and saving it without an edit changes no byte: the editor's
// document is the stored Markdown itself. Checked over every Markdown file in the
// repository (demo posts, docs, import fixtures), the clipboard fixtures' expected output
// and the naughty strings; and every format command, undone, gives back the same bytes.
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { undo } from '@codemirror/commands';
import { EditorState } from '@codemirror/state';
import { describe, expect, it } from 'vitest';
import { naughtyStrings } from '../../../../tests/fixtures/naughty-strings';
import { editorState } from './create-editor';
import * as format from './format';

const repoFiles = execFileSync('git', ['ls-files', '*.md', '*.markdown', 'tests/fixtures/**/*.md'], { encoding: 'utf8' })
  .split('\n')
  .filter(Boolean);
const texts: Array<[string, string]> = [
  ...[...new Set(repoFiles)].map((file): [string, string] => [file, readFileSync(file, 'utf8')]),
  ...naughtyStrings.map((n): [string, string] => [`naughty: ${n.name}`, n.text]),
  ['line endings', 'Windows\r\nline\r\n\r\nends\rand old Mac\n\n\ttabs  \u00a0\u3000'],
  ['no final newline', '# Title\n\nText'],
  ['BOM and front matter', '\uFEFF---\ntitle: x\n---\n\n正文'],
];

describe('the editor keeps every text byte for byte', () => {
  it('reads at least the demo posts and the import fixtures', () => {
    expect(repoFiles.some((f) => f.startsWith('demo/posts/'))).toBe(true);
    expect(repoFiles.some((f) => f.startsWith('tests/fixtures/'))).toBe(true);
  });

  it.each(texts)('%s', (_name, text) => {
    const state = editorState(text);
    expect(state.doc.toString() === text).toBe(true);
    expect(state.doc.length).toBe(text.length);
  });
});

describe('format commands undo to the same bytes', () => {
  const sample = '# 茶与时间\n\n一杯茶的时间，足够读完一篇短文。\r\nSecond line.\n\n- one\n- two\n';
  const commands: Array<[string, (s: EditorState) => import('@codemirror/state').TransactionSpec]> = [
    ['bold', (s) => format.toggleInline(s, '**')],
    ['italic', (s) => format.toggleInline(s, '_')],
    ['heading', (s) => format.setHeading(s, 2)],
    ['quote', (s) => format.toggleLines(s, 'quote')],
    ['ordered', (s) => format.toggleLines(s, 'ordered')],
    ['link', (s) => format.insertLink(s)],
    ['table', (s) => format.insertTable(s, ['A', 'B'], '…')],
    ['footnote', format.insertFootnote],
    ['divider', format.insertDivider],
    ['code block', (s) => format.insertCodeBlock(s, 'ts')],
  ];
  it.each(commands)('%s', (_name, make) => {
    let state = editorState(sample, { anchor: 14, head: 20 });
    const changed = state.update(make(state)).state;
    expect(changed.doc.toString()).not.toBe(sample);
    state = changed;
    let undone = state;
    undo({ state, dispatch: (tr) => (undone = tr.state) });
    expect(undone.doc.toString()).toBe(sample);
  });
});
