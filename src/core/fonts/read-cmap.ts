// The characters a TrueType/OpenType font really has glyphs for, read from its `cmap`
// table. A slice's CSS `unicode-range` can promise more than the file holds (fontsource's
// Latin subsets claim all of U+2000–206F), and a renderer that meets a character no font
// has goes looking elsewhere, so the Open Graph images check the actual tables.
import { readSfnt, tableView } from './sfnt';

/**
 * Every code point the font maps to a glyph other than .notdef. Reads the Unicode
 * subtables in format 12 (full repertoire) or format 4 (BMP), the two every font we ship
 * has; a font without either maps nothing.
 */
export function readCodePoints(data: ArrayBuffer | Uint8Array): Set<number> {
  const cmap = readSfnt(data instanceof Uint8Array ? data : new Uint8Array(data)).tables.get('cmap');
  const points = new Set<number>();
  if (!cmap) return points;
  const font = tableView(cmap);
  const subtables: { format: number; offset: number }[] = [];
  const count = font.getUint16(2);
  for (let i = 0; i < count; i++) {
    const record = 4 + i * 8;
    const platform = font.getUint16(record);
    const encoding = font.getUint16(record + 2);
    const offset = font.getUint32(record + 4);
    const isUnicode = platform === 0 || (platform === 3 && (encoding === 1 || encoding === 10));
    if (isUnicode) subtables.push({ format: font.getUint16(offset), offset });
  }
  const best = subtables.find((s) => s.format === 12) ?? subtables.find((s) => s.format === 4);
  if (best?.format === 12) readFormat12(font, best.offset, points);
  else if (best?.format === 4) readFormat4(font, best.offset, points);
  return points;
}

function readFormat12(font: DataView, offset: number, points: Set<number>): void {
  const groups = font.getUint32(offset + 12);
  for (let g = 0; g < groups; g++) {
    const group = offset + 16 + g * 12;
    const start = font.getUint32(group);
    const end = font.getUint32(group + 4);
    const firstGlyph = font.getUint32(group + 8);
    for (let cp = start; cp <= end; cp++) if (firstGlyph + (cp - start) !== 0) points.add(cp);
  }
}

function readFormat4(font: DataView, offset: number, points: Set<number>): void {
  const segments = font.getUint16(offset + 6) / 2;
  const ends = offset + 14;
  const starts = ends + segments * 2 + 2;
  const deltas = starts + segments * 2;
  const rangeOffsets = deltas + segments * 2;
  for (let s = 0; s < segments; s++) {
    const end = font.getUint16(ends + s * 2);
    const start = font.getUint16(starts + s * 2);
    const delta = font.getInt16(deltas + s * 2);
    const rangeOffsetAt = rangeOffsets + s * 2;
    const rangeOffset = font.getUint16(rangeOffsetAt);
    for (let cp = start; cp <= end && cp !== 0xffff; cp++) {
      let glyph: number;
      if (rangeOffset === 0) {
        glyph = (cp + delta) & 0xffff;
      } else {
        const at = rangeOffsetAt + rangeOffset + (cp - start) * 2;
        glyph = font.getUint16(at);
        if (glyph !== 0) glyph = (glyph + delta) & 0xffff;
      }
      if (glyph !== 0) points.add(cp);
    }
  }
}
