// What an XLIFF file carries about one text, independent of the XLIFF version: the post,
// the direction, the source revision and hash it was made from, and its units (the title
// and each translatable block, as protected pieces). Also how a translated file is turned
// back into a draft: refused with a reason when the source moved under it, merged when
// every block still there was translated.
import type { Locale } from '@/core/locales';
import { splitBlocks, joinBlocks } from './blocks';
import { alignCodes, hasText, protectMarkdown, shortHash, type Piece, type ReadPiece } from './markdown-codes';
import { joinSegments, segmentUnit, type UnitSegment } from './xliff-segments';

export interface ExchangeText {
  postId: number;
  sourceLocale: Locale;
  targetLocale: Locale;
  sourceRevisionId: number;
  title: { source: string; target: string | null };
  body: { source: string; target: string | null };
}

export interface ExchangeUnit {
  id: string;
  note: string | null;
  source: Piece[];
  target: Piece[] | null;
  /** The same cut into sentences where both sides split alike (XLIFF 2.1's <segment>s). */
  segments: UnitSegment[];
}

export type { ReadPiece } from './markdown-codes';

export interface ReadUnit {
  id: string;
  /** Null: the unit has no target (left untranslated). Its segments' targets are joined into one. */
  target: ReadPiece[] | null;
  line: number;
}

export interface ReadText {
  postId: number;
  sourceLocale: Locale;
  targetLocale: Locale;
  sourceRevisionId: number;
  sourceHash: string;
  units: ReadUnit[];
  line: number;
}

export const titleUnitId = 'title';

/** Identifies the source exactly: a file made from another source text is detected. */
export function sourceHashOf(text: Pick<ExchangeText, 'title' | 'body'>): string {
  return shortHash(`${text.title.source}\u0000${text.body.source}`, 16);
}

/** The title, then each block with words in it; targets offered where the translation lines up. */
export function unitsOf(text: ExchangeText): ExchangeUnit[] {
  const titleSource = [{ text: text.title.source }];
  const units: ExchangeUnit[] = [
    { id: titleUnitId, note: 'The title of the post.', source: titleSource, target: text.title.target ? [{ text: text.title.target }] : null, segments: [] },
  ];
  units[0]!.segments = [{ source: titleSource, target: units[0]!.target }];
  const sourceBlocks = splitBlocks(text.body.source);
  const targetBlocks = text.body.target ? splitBlocks(text.body.target) : null;
  const aligned = targetBlocks && targetBlocks.length === sourceBlocks.length ? targetBlocks : null;
  sourceBlocks.forEach((block, i) => {
    const source = protectMarkdown(block.text);
    if (block.isCode || !hasText(source)) return;
    const candidate = aligned?.[i];
    const coded = candidate && !candidate.isCode ? alignCodes(source, protectMarkdown(candidate.text)) : null;
    // Offered only with every code of its source: import refuses a target that lost one, so
    // a translation that dropped a mark (emphasis kept in English only) is work to redo.
    const target = coded && usesEveryCode(source, coded) ? coded : null;
    units.push({ id: block.id, note: null, source, target, segments: segmentUnit(source, target, text.sourceLocale, text.targetLocale) });
  });
  return units;
}

function usesEveryCode(source: readonly Piece[], target: readonly Piece[]): boolean {
  return source.filter((p) => 'code' in p).length === target.filter((p) => 'code' in p).length;
}

export type ApplyResult = { ok: true; title: string; body: string; merged: boolean } | { ok: false; reason: string };

/**
 * The draft a translated file makes of the current source. The same source: every unit's
 * target, codes restored. A changed source: merged when each of its blocks still has a
 * translated unit (the same block text at the same place), refused otherwise, naming how
 * many blocks changed. Blocks kept as code are copied from the source.
 */
export function applyTranslation(current: ExchangeText, file: ReadText): ApplyResult {
  const same = file.sourceHash === sourceHashOf(current);
  const units = new Map(unitsOf(current).map((u) => [u.id, u]));
  const read = new Map(file.units.map((u) => [u.id, u]));
  const restore = (id: string): string | { error: string } | null => {
    const unit = units.get(id);
    const got = read.get(id);
    if (!unit || !got || got.target === null) return null;
    // A target that is still the source (a CAT tool's placeholder, whole or segment by segment) is not a translation.
    const asRead = (pieces: readonly Piece[]): ReadPiece[] => pieces.map((p) => ('text' in p ? { text: p.text } : { ref: p.id }));
    const copies = [asRead(unit.source), joinSegments(unit.segments.map((s) => asRead(s.source)), current.targetLocale)].map((c) => JSON.stringify(mergeText(c)));
    if (copies.includes(JSON.stringify(mergeText(got.target)))) return null;
    const codes = new Map(unit.source.flatMap((p) => ('code' in p ? [[p.id, p.code] as const] : [])));
    const used = new Set<number>();
    let out = '';
    for (const p of got.target) {
      if ('text' in p) out += p.text;
      else {
        const code = codes.get(p.ref);
        if (code === undefined) return { error: `unit ${id} (line ${got.line}) has an inline code ${p.ref} its source does not have` };
        used.add(p.ref);
        out += code;
      }
    }
    const missing = [...codes.keys()].filter((k) => !used.has(k));
    if (missing.length) return { error: `unit ${id} (line ${got.line}) lost the Markdown of inline code ${missing.join(', ')}` };
    return out;
  };
  const blocks = splitBlocks(current.body.source);
  const texts: string[] = [];
  let untranslated = 0;
  for (const block of blocks) {
    const unit = units.get(block.id);
    if (!unit) {
      texts.push(block.text);
      continue;
    }
    const target = restore(block.id);
    if (typeof target === 'object' && target !== null) return { ok: false, reason: target.error };
    if (target === null) {
      untranslated += 1;
      continue;
    }
    texts.push(target);
  }
  if (untranslated > 0) {
    return same
      ? { ok: false, reason: `${untranslated} block(s) have no translation in the file` }
      : { ok: false, reason: `the source changed since the export: ${untranslated} block(s) are new or changed (source revision ${file.sourceRevisionId} exported, ${current.sourceRevisionId} now)` };
  }
  const title = restore(titleUnitId);
  if (typeof title === 'object' && title !== null) return { ok: false, reason: title.error };
  return { ok: true, title: title ?? current.title.target ?? current.title.source, body: joinBlocks(texts), merged: !same };
}

/** Adjacent text pieces as one, as an XML parser may cut text anywhere. */
function mergeText(pieces: readonly ReadPiece[]): ReadPiece[] {
  const out: ReadPiece[] = [];
  for (const p of pieces) {
    const last = out.at(-1);
    if ('text' in p && last && 'text' in last) out[out.length - 1] = { text: last.text + p.text };
    else out.push(p);
  }
  return out.filter((p) => !('text' in p) || p.text !== '');
}
