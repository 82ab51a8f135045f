// Writes texts for a CAT tool: XLIFF 2.1 (Markdown as <ph> with its original data, a
// block's sentences as <segment>s, xliff-segments.ts), XLIFF 1.2 (as <x/>, a block per
// unit: the form OmegaT and translate-toolkit are proven with), and the memory as TMX 1.4b. Deterministic: the same texts give the same
// bytes (no dates), so export → import → export can be compared byte for byte.
import type { Locale } from '@/core/locales';
import { sourceHashOf, unitsOf, type ExchangeText } from './exchange';
import type { Piece } from './markdown-codes';
import { sentenceGap } from './xliff-segments';

export type XliffFormat = 'xliff2' | 'xliff12';

/** The language tags CAT tools expect. */
export const languageTag: Record<Locale, string> = { zh: 'zh-CN', en: 'en' };

export function escapeXml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}

/** What the file says about its source, read back on import (the same words in both versions). */
export function sourceNote(text: ExchangeText): string {
  return `duet-source post=${text.postId} from=${text.sourceLocale} to=${text.targetLocale} revision=${text.sourceRevisionId} sha256=${sourceHashOf(text)}`;
}
export const sourceNotePattern = /^duet-source post=(\d+) from=(zh|en) to=(zh|en) revision=(\d+) sha256=([0-9a-f]{16})$/;

function pieces2(pieces: readonly Piece[]): string {
  return pieces.map((p) => ('text' in p ? escapeXml(p.text) : `<ph id="${p.id}" dataRef="d${p.id}"/>`)).join('');
}

function pieces12(pieces: readonly Piece[]): string {
  return pieces.map((p) => ('text' in p ? escapeXml(p.text) : `<x id="${p.id}" ctype="x-markdown" equiv-text="${escapeXml(p.code).replace(/\n/g, '&#10;').replace(/\t/g, '&#9;')}"/>`)).join('');
}

/** A unit's id in a file: unique in the whole document (tools key units by id across files). */
export function unitRef(text: Pick<ExchangeText, 'postId'>, unitId: string): string {
  return `p${text.postId}-${unitId}`;
}

export function writeXliff(texts: readonly ExchangeText[], format: XliffFormat, to: Locale, from: Locale): string {
  return format === 'xliff2' ? writeXliff2(texts, to, from) : writeXliff12(texts, to, from);
}

function writeXliff2(texts: readonly ExchangeText[], to: Locale, from: Locale): string {
  const out = [
    '<?xml version="1.0" encoding="UTF-8"?>',
    `<xliff xmlns="urn:oasis:names:tc:xliff:document:2.0" version="2.1" srcLang="${languageTag[from]}" trgLang="${languageTag[to]}">`,
  ];
  for (const text of texts) {
    out.push(`  <file id="post-${text.postId}" original="duet:post/${text.postId}/${text.sourceLocale}">`);
    out.push('    <notes>', `      <note id="source" category="duet">${escapeXml(sourceNote(text))}</note>`, '    </notes>');
    for (const unit of unitsOf(text)) {
      out.push(`    <unit id="${unitRef(text, unit.id)}">`);
      if (unit.note) out.push('      <notes>', `        <note>${escapeXml(unit.note)}</note>`, '      </notes>');
      const codes = unit.source.filter((p): p is { code: string; id: number } => 'code' in p);
      if (codes.length) {
        out.push('      <originalData>');
        for (const c of codes) out.push(`        <data id="d${c.id}">${escapeXml(c.code).replace(/\n/g, '&#10;')}</data>`);
        out.push('      </originalData>');
      }
      unit.segments.forEach((segment, i) => {
        // The space between two sentences of the source, so a tool shows the block whole; import puts the target's own back.
        if (i > 0 && sentenceGap[from] !== '') out.push(`      <ignorable><source xml:space="preserve">${sentenceGap[from]}</source></ignorable>`);
        out.push(`      <segment${segment.target ? ' state="translated"' : ''}>`);
        out.push(`        <source xml:space="preserve">${pieces2(segment.source)}</source>`);
        if (segment.target) out.push(`        <target xml:space="preserve">${pieces2(segment.target)}</target>`);
        out.push('      </segment>');
      });
      out.push('    </unit>');
    }
    out.push('  </file>');
  }
  out.push('</xliff>', '');
  return out.join('\n');
}

function writeXliff12(texts: readonly ExchangeText[], to: Locale, from: Locale): string {
  const out = ['<?xml version="1.0" encoding="UTF-8"?>', '<xliff version="1.2" xmlns="urn:oasis:names:tc:xliff:document:1.2">'];
  for (const text of texts) {
    out.push(
      `  <file original="duet:post/${text.postId}/${text.sourceLocale}" source-language="${languageTag[from]}" target-language="${languageTag[to]}" datatype="x-markdown">`,
      '    <header>',
      `      <note from="duet">${escapeXml(sourceNote(text))}</note>`,
      '    </header>',
      '    <body>',
    );
    for (const unit of unitsOf(text)) {
      out.push(`      <trans-unit id="${unitRef(text, unit.id)}" xml:space="preserve">`);
      out.push(`        <source>${pieces12(unit.source)}</source>`);
      // CAT tools of the 1.2 era (OmegaT among them) write a translation only into a target
      // that is there: an untranslated unit carries the source, marked as needing work.
      if (unit.target) out.push(`        <target state="translated">${pieces12(unit.target)}</target>`);
      else out.push(`        <target state="needs-translation">${pieces12(unit.source)}</target>`);
      if (unit.note) out.push(`        <note>${escapeXml(unit.note)}</note>`);
      out.push('      </trans-unit>');
    }
    out.push('    </body>', '  </file>');
  }
  out.push('</xliff>', '');
  return out.join('\n');
}

/** A memory pair: the same unit in both languages, from a published text and its translation. */
export interface MemoryPair {
  id: string;
  source: Piece[];
  target: Piece[];
}

/**
 * A code in the memory is an empty placeholder typed x-markdown: CAT tools match a segment
 * by the position of its tags, not their content, and OmegaT names a TMX tag after the
 * first letter of its content (a link's URL would make it another tag than the XLIFF's x).
 */
function piecesTmx(pieces: readonly Piece[]): string {
  return pieces.map((p) => ('text' in p ? escapeXml(p.text) : `<ph x="${p.id}" type="x-markdown"/>`)).join('');
}

/** Without the codes at either end: CAT tools leave those out of the segment they match. */
function trimCodes(pieces: readonly Piece[]): Piece[] {
  let start = 0;
  let end = pieces.length;
  while (start < end && 'code' in pieces[start]!) start++;
  while (end > start && 'code' in pieces[end - 1]!) end--;
  return pieces.slice(start, end);
}

export function writeTmx(pairs: readonly MemoryPair[], from: Locale, to: Locale): string {
  const out = [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<tmx version="1.4">',
    `  <header creationtool="Duet" creationtoolversion="1" datatype="plaintext" segtype="paragraph" adminlang="en" srclang="${languageTag[from]}" o-tmf="Duet"/>`,
    '  <body>',
  ];
  for (const pair of pairs) {
    out.push(
      `    <tu tuid="${escapeXml(pair.id)}">`,
      `      <tuv xml:lang="${languageTag[from]}"><seg>${piecesTmx(trimCodes(pair.source))}</seg></tuv>`,
      `      <tuv xml:lang="${languageTag[to]}"><seg>${piecesTmx(trimCodes(pair.target))}</seg></tuv>`,
      '    </tu>',
    );
  }
  out.push('  </body>', '</tmx>', '');
  return out.join('\n');
}

/** The memory's pairs from a published source and its up-to-date translation. */
export function memoryPairs(text: ExchangeText): MemoryPair[] {
  return unitsOf(text).flatMap((u) => (u.target ? [{ id: `p${text.postId}-${u.id}`, source: u.source, target: u.target }] : []));
}
