// What the source's editor underlines: the glossary and the terms an open check flags,
// handed from the translation's checks (which load them) to the source pane's editor
// through the post editor. Plain data and a React context only: the CodeMirror side
// (markdown-editor/glossary-marks.ts) is loaded with the editor, never with this.
import { createContext } from 'react';
import type { GlossaryTerm } from '@/core/translation/glossary';

export interface FlaggedTerm {
  termId: number;
  /** The source lines (from 1) of the block the check concerns: the term is flagged there only. */
  fromLine: number;
  toLine: number;
}

export interface GlossaryMarks {
  /** The language of the text the terms are found in: the source's. */
  locale: 'zh' | 'en';
  terms: GlossaryTerm[];
  flagged: FlaggedTerm[];
  /** The sentence a term's underline shows on hover and beside the caret, in the Studio's language. */
  describe: (term: GlossaryTerm, isFlagged: boolean) => string;
}

export interface GlossaryMarksChannel {
  marks: GlossaryMarks | null;
  show: (marks: GlossaryMarks | null) => void;
}

export const GlossaryMarksContext = createContext<GlossaryMarksChannel | null>(null);
