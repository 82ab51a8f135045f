// The Translations view's vocabulary: the states a translation can be in, what one row
// and one page hold, and how the words left to translate are counted (a CJK character is
// a word, as translators are paid for them). Shared by the repository, the page and the CLI.
import { countReadingUnits } from '@/core/content/reading-units';
import type { Locale } from '@/core/locales';

/** Most pressing first: the order "by state" sorts in. */
export const boardStates = ['missing', 'outdated', 'review', 'draft', 'current'] as const;
export type BoardState = (typeof boardStates)[number];
export const boardSorts = ['updated', 'state'] as const;
export type BoardSort = (typeof boardSorts)[number];

/** Where a keyset page starts: after the row with these keys. */
export interface BoardCursor {
  rank: number;
  updatedAt: string;
  id: number;
}

export interface BoardQuery {
  state?: BoardState;
  language?: Locale;
  /** Set for an actor who may see only their own posts. */
  ownerUserId?: string;
  sort: BoardSort;
  after?: BoardCursor;
  pageSize: number;
}

export interface BoardRow {
  postId: number;
  kind: string;
  sourceLocale: Locale;
  targetLocale: Locale;
  title: string;
  targetTitle: string | null;
  translationId: number | null;
  state: BoardState;
  stateRank: number;
  editorName: string | null;
  updatedAt: string;
  /** The source's plain text, to count words; not shown. */
  sourceText: string;
}

export interface BoardPage {
  items: BoardRow[];
  next: BoardCursor | null;
}

/** Words a translator is paid for: each CJK character, plus every other script's words. */
export function countWords(text: string): number {
  const { hanChars, latinWords } = countReadingUnits(text);
  return hanChars + latinWords;
}

/** Nothing is left to translate in an up-to-date text; otherwise the whole source. */
export function wordsToTranslate(row: Pick<BoardRow, 'state' | 'sourceText'>): number {
  return row.state === 'current' ? 0 : countWords(row.sourceText);
}

/** A cursor as one URL-safe token, and back (null when it does not parse). */
export function encodeCursor(c: BoardCursor): string {
  return `${c.rank}.${c.id}.${encodeURIComponent(c.updatedAt)}`;
}

export function decodeCursor(token: string): BoardCursor | null {
  const m = /^(\d{1,2})\.(\d{1,12})\.(.{1,64})$/.exec(token);
  if (!m) return null;
  let updatedAt: string;
  try {
    updatedAt = decodeURIComponent(m[3] ?? '');
  } catch {
    return null;
  }
  if (!/^\d{4}-\d\d-\d\dT[\d:.]+Z$/.test(updatedAt)) return null;
  return { rank: Number(m[1]), id: Number(m[2]), updatedAt };
}
