// Markdown syntax inside a segment, protected as inline codes for a CAT tool: the marks,
// link targets, code spans, images, HTML, escapes and line prefixes become numbered
// codes the translator moves but cannot edit, and the text between them is what gets
// translated. The codes of a segment are always recomputed from the source on import,
// so a file carries only their ids.
import { createHash } from 'node:crypto';

export type Piece = { text: string } | { code: string; id: number };

/** A translated piece as read from a file: text, or a reference to a source code by id. */
export type ReadPiece = { text: string } | { ref: number };

// Order matters: line prefixes first (a list's `*` is not emphasis), then the longest
// constructs, so `**` inside a code span stays in it.
const codePattern = new RegExp(
  [
    '^(?:[ \\t]*>[ \\t]?)+(?:[ \\t]*(?:#{1,6}[ \\t]+|[-*+][ \\t]+(?:\\[[ xX]\\][ \\t]+)?|\\d+[.)][ \\t]+))?|^[ \\t]*(?:#{1,6}[ \\t]+|[-*+][ \\t]+(?:\\[[ xX]\\][ \\t]+)?|\\d+[.)][ \\t]+)', // quote, heading or list prefix
    '\\n(?:[ \\t]*>[ \\t]?)*[ \\t]*(?:[-*+][ \\t]+|\\d+[.)][ \\t]+)?', // line break, with its quote or list prefix
    '`+[^`]*?`+', // code span
    '!\\[[^\\]]*\\]\\([^)]*\\)', // image
    '\\[\\^[^\\]]+\\]', // footnote reference
    '\\[(?=[^\\]]*\\]\\()', // link opening, when a target follows
    '\\]\\([^)]*\\)', // link target
    '<[^<>\\n]+>', // inline HTML, autolink
    '\\\\[\\\\`*_{}\\[\\]()#+\\-.!|~<>]', // escape
    '\\*{1,3}|~~', // emphasis, strikethrough
    '(?<![\\p{L}\\p{N}])_{1,3}|_{1,3}(?![\\p{L}\\p{N}])', // underscore emphasis, not snake_case
    '\\|', // table cell
  ].join('|'),
  'gu',
);

/** Cuts a segment of Markdown into text and numbered codes (1, 2, …). */
export function protectMarkdown(markdown: string): Piece[] {
  const pieces: Piece[] = [];
  let last = 0;
  let id = 0;
  for (const match of markdown.matchAll(codePattern)) {
    if (match[0] === '') continue;
    if (match.index > last) pieces.push({ text: markdown.slice(last, match.index) });
    id += 1;
    pieces.push({ code: match[0], id });
    last = match.index + match[0].length;
  }
  if (last < markdown.length) pieces.push({ text: markdown.slice(last) });
  return pieces;
}

/** The Markdown back from pieces. */
export function joinPieces(pieces: readonly Piece[]): string {
  return pieces.map((p) => ('text' in p ? p.text : p.code)).join('');
}

/** True when a segment has words to translate, not only codes and spaces. */
export function hasText(pieces: readonly Piece[]): boolean {
  return pieces.some((p) => 'text' in p && /[\p{L}\p{N}]/u.test(p.text));
}

/**
 * A translation's pieces numbered with the source's codes: each code of the target takes
 * the id of the first unused source code with the same text. Null when the target uses
 * a code the source does not have (it cannot be offered as the same segment's target).
 */
export function alignCodes(source: readonly Piece[], target: readonly Piece[]): Piece[] | null {
  const free = source.filter((p): p is { code: string; id: number } => 'code' in p);
  const out: Piece[] = [];
  for (const p of target) {
    if ('text' in p) {
      out.push(p);
      continue;
    }
    const at = free.findIndex((s) => s.code === p.code);
    if (at < 0) return null;
    out.push({ code: p.code, id: free[at]!.id });
    free.splice(at, 1);
  }
  return out;
}

export function shortHash(text: string, length = 8): string {
  return createHash('sha256').update(text).digest('hex').slice(0, length);
}
