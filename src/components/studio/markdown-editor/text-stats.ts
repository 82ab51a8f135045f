// The counts under each pane: words (every CJK character counts as one, as the reading
// time counts them), characters and minutes to read, from the prose only: marks,
// addresses and HTML are not words. Read off the editor's syntax tree, so no Markdown
// parser is loaded for it.
import { ensureSyntaxTree, syntaxTree } from '@codemirror/language';
import type { EditorState } from '@codemirror/state';
import { countReadingUnits, minutesFor } from '@/core/content/reading-units';

export interface TextStats {
  words: number;
  characters: number;
  minutes: number;
}

/** Nodes whose text a reader does not read. */
const skipped = new Set(['HeaderMark', 'EmphasisMark', 'CodeMark', 'CodeInfo', 'LinkMark', 'URL', 'LinkTitle', 'LinkLabel', 'QuoteMark', 'ListMark', 'HTMLTag', 'HTMLBlock', 'Comment', 'StrikethroughMark', 'TableDelimiter', 'TaskMarker', 'HorizontalRule', 'Escape', 'ProcessingInstruction']);

export function textStats(state: EditorState): TextStats {
  const tree = ensureSyntaxTree(state, state.doc.length, 100) ?? syntaxTree(state);
  const parts: string[] = [];
  let images = 0;
  let at = 0;
  tree.iterate({
    enter: (node) => {
      if (node.name === 'Image') {
        parts.push(state.sliceDoc(at, node.from));
        at = node.to;
        images += 1;
        return false;
      }
      if (!skipped.has(node.name)) return undefined;
      parts.push(state.sliceDoc(at, node.from), ' ');
      at = Math.max(at, node.to);
      return false;
    },
  });
  parts.push(state.sliceDoc(at));
  const text = parts.join('');
  const units = countReadingUnits(text);
  return {
    words: units.hanChars + units.latinWords,
    characters: text.replace(/\s/g, '').length,
    minutes: minutesFor(units, images),
  };
}
