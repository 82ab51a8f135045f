// Sentence segments inside an XLIFF unit, as the memory segments a pair (segments.ts): a
// block's protected pieces are cut into sentences (Intl.Segmenter, with the language's
// rules, inline codes kept whole); a translated block is cut alike only when both sides
// give as many sentences and each pair carries the same codes, else the block is one
// segment. An untranslated block is cut on its source alone, what a CAT tool would do.
// On import the segments' targets are joined back with the target language's space
// between sentences (one space in English, none in Chinese), so the text exported again
// cuts into the same segments: export → import → export is the same file.
import type { Locale } from '@/core/locales';
import { hasText, type Piece, type ReadPiece } from './markdown-codes';

export interface UnitSegment {
  source: Piece[];
  target: Piece[] | null;
}

/** What stands between two sentences in a text of this language. */
export const sentenceGap: Record<Locale, string> = { zh: '', en: ' ' };

/** Stands for an inline code while the text is cut: one character, never a sentence's end. */
const codeMark = '\uFFFC';

const segmenters = new Map<Locale, Intl.Segmenter>();
function segmenter(locale: Locale): Intl.Segmenter {
  let found = segmenters.get(locale);
  if (!found) segmenters.set(locale, (found = new Intl.Segmenter(locale === 'zh' ? 'zh-CN' : 'en', { granularity: 'sentence' })));
  return found;
}

/** The pieces of a block as sentences, without the spaces between them; a piece of codes alone stays with its neighbour. */
export function splitPieces(pieces: readonly Piece[], locale: Locale): Piece[][] {
  const flat = pieces.map((p) => ('text' in p ? p.text : codeMark)).join('');
  const cuts = [...segmenter(locale).segment(flat)].map((s) => s.index).filter((i) => i > 0);
  const sentences: Piece[][] = [[]];
  let at = 0;
  for (const piece of pieces) {
    if ('code' in piece) {
      if (cuts[0] === at) {
        sentences.push([]);
        cuts.shift();
      }
      sentences.at(-1)!.push(piece);
      at += 1;
      continue;
    }
    let rest = piece.text;
    while (rest !== '') {
      if (cuts[0] === at) {
        sentences.push([]);
        cuts.shift();
      }
      const room = cuts[0] !== undefined && cuts[0] < at + rest.length ? cuts[0] - at : rest.length;
      sentences.at(-1)!.push({ text: rest.slice(0, room) });
      rest = rest.slice(room);
      at += room;
    }
  }
  // A sentence with no words (an image, a closing mark) joins the one before it.
  const merged: Piece[][] = [];
  for (const sentence of sentences.filter((s) => s.length > 0)) {
    if (merged.length > 0 && (!hasText(sentence) || !hasText(merged.at(-1)!))) merged[merged.length - 1] = [...merged.at(-1)!, ...sentence];
    else merged.push(sentence);
  }
  return merged.map(trimPieces).filter((s) => s.length > 0);
}

/** Without the spaces at either end (they belong between sentences, not to one). */
function trimPieces<P extends Piece | ReadPiece>(pieces: readonly P[]): P[] {
  const out = [...pieces];
  const first = out[0];
  if (first && 'text' in first) out[0] = { text: first.text.trimStart() } as P;
  const last = out.at(-1);
  if (last && 'text' in last) out[out.length - 1] = { text: last.text.trimEnd() } as P;
  return out.filter((p) => !('text' in p) || p.text !== '');
}

const codeIds = (pieces: readonly Piece[]) =>
  pieces
    .flatMap((p) => ('code' in p ? [p.id] : []))
    .sort((a, b) => a - b)
    .join(',');

/** A unit's segments: sentence by sentence where both sides split alike, else the whole block. */
export function segmentUnit(source: Piece[], target: Piece[] | null, from: Locale, to: Locale): UnitSegment[] {
  const sources = splitPieces(source, from);
  if (sources.length < 2) return [{ source, target }];
  if (target === null) return sources.map((s) => ({ source: s, target: null }));
  const targets = splitPieces(target, to);
  const alike = targets.length === sources.length && sources.every((s, i) => codeIds(s) === codeIds(targets[i]!));
  return alike ? sources.map((s, i) => ({ source: s, target: targets[i]! })) : [{ source, target }];
}

/** The targets of a unit's segments as one text, with the language's space between sentences. */
export function joinSegments(segments: readonly (readonly ReadPiece[])[], to: Locale): ReadPiece[] {
  if (segments.length === 1) return [...segments[0]!];
  return segments.flatMap((segment, i) => {
    const trimmed = trimPieces(segment);
    return i === 0 || sentenceGap[to] === '' ? trimmed : [{ text: sentenceGap[to] }, ...trimmed];
  });
}
