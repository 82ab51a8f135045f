import { describe, expect, it } from 'vitest';
import { renderMarkdown } from '@/core/markdown/render-markdown';
import { blockKind } from '@/core/markdown/split-blocks';
import { editorState } from './create-editor';
import { topLevelBlocks } from './pane-link';

describe('topLevelBlocks', () => {
  it('gives callouts, display math and details the kinds the parallel view gives their rendering', async () => {
    const markdown = [
      'Intro $x$.',
      '> [!TIP] Title\n> Body.',
      '> A quote.',
      '$$\nx^2\n$$',
      '\\[\ny\n\\]',
      '<details>\n<summary>S</summary>',
      'Inside.',
      '</details>',
      'After.',
    ].join('\n\n');
    const kinds = topLevelBlocks(editorState(markdown)).map((block) => block.kind);
    const rendered = (await renderMarkdown(markdown, { locale: 'en' })).blocks.map(blockKind);
    expect(kinds).toEqual(['p', 'callout', 'blockquote', 'math', 'math', 'details', 'p']);
    expect(kinds).toEqual(rendered);
  });
});
