// Makes a static font out of a variable TrueType font at given axis values (say wght=600):
// applies the `gvar` deltas to every outline and advance, then drops the variation tables.
// Our fonts are all variable (@fontsource-variable), and satori's font parser neither
// applies variations nor survives the `fvar` table; the Chinese faces' default instance
// is also their lightest (ExtraLight/Thin), far from the site's headings.
// Covers what these fonts use: glyf outlines (simple and composite), gvar with shared,
// embedded and intermediate tuples, private and shared point numbers, IUP for untouched
// points, and avar. Hinting instructions are dropped (they would not match the outlines).
import { parseGlyph, writeGlyph } from './glyf';
import { glyphDeltas, readGvar } from './gvar';
import { align4, readSfnt, tableView as view, writeSfnt } from './sfnt';

const variationTables = ['fvar', 'gvar', 'avar', 'cvar', 'HVAR', 'VVAR', 'MVAR', 'STAT'];

interface Axis {
  tag: string;
  min: number;
  default: number;
  max: number;
}

/** A static TTF of `font` at `location` (axis tag → user value); unknown axes stay at default. */
export function instanceVariableFont(font: Uint8Array, location: Record<string, number>): Uint8Array {
  const { version, tables } = readSfnt(font);
  const fvar = tables.get('fvar');
  if (!fvar) return font;
  const axes = readAxes(fvar);
  const coords = axes.map((axis, i) => mapAvar(tables.get('avar'), i, normalize(axis, location[axis.tag] ?? axis.default)));
  const gvar = tables.get('gvar');
  const glyf = tables.get('glyf');
  const loca = tables.get('loca');
  const head = tables.get('head');
  const hhea = tables.get('hhea');
  const hmtx = tables.get('hmtx');
  const maxp = tables.get('maxp');
  const out = new Map(tables);
  for (const tag of variationTables) out.delete(tag);
  if (gvar && glyf && loca && head && hhea && hmtx && maxp && coords.some((c) => c !== 0)) {
    const numGlyphs = view(maxp).getUint16(4);
    const instanced = instanceGlyphs({ gvar, glyf, loca, head, hhea, hmtx, numGlyphs, coords });
    out.set('glyf', instanced.glyf);
    out.set('loca', instanced.loca);
    out.set('hmtx', instanced.hmtx);
    out.set('head', instanced.head);
    out.set('hhea', instanced.hhea);
  }
  return writeSfnt(version, out);
}

function readAxes(fvar: Uint8Array): Axis[] {
  const v = view(fvar);
  const offset = v.getUint16(4);
  const count = v.getUint16(8);
  const size = v.getUint16(10);
  const axes: Axis[] = [];
  for (let i = 0; i < count; i++) {
    const at = offset + i * size;
    const tag = String.fromCharCode(...fvar.subarray(at, at + 4));
    axes.push({ tag, min: v.getInt32(at + 4) / 65536, default: v.getInt32(at + 8) / 65536, max: v.getInt32(at + 12) / 65536 });
  }
  return axes;
}

/** A user value (400, 600…) on the axis' normalized scale −1…0…1. */
function normalize(axis: Axis, value: number): number {
  const v = Math.min(axis.max, Math.max(axis.min, value));
  if (v < axis.default) return (v - axis.default) / (axis.default - axis.min);
  if (v > axis.default) return (v - axis.default) / (axis.max - axis.default);
  return 0;
}

/** The avar segment map of axis `index`, piecewise linear; identity without avar. */
function mapAvar(avar: Uint8Array | undefined, index: number, value: number): number {
  if (!avar) return value;
  const v = view(avar);
  let at = 8;
  for (let i = 0; i < index; i++) at += 2 + v.getUint16(at) * 4;
  const count = v.getUint16(at);
  const map: [number, number][] = [];
  for (let i = 0; i < count; i++) map.push([v.getInt16(at + 2 + i * 4) / 16384, v.getInt16(at + 4 + i * 4) / 16384]);
  for (let i = 0; i < map.length; i++) {
    const [from, to] = map[i]!;
    if (value === from) return to;
    if (value < from) {
      if (i === 0) return value;
      const [prevFrom, prevTo] = map[i - 1]!;
      return prevTo + ((to - prevTo) * (value - prevFrom)) / (from - prevFrom);
    }
  }
  return value;
}

interface GlyphTables {
  gvar: Uint8Array;
  glyf: Uint8Array;
  loca: Uint8Array;
  head: Uint8Array;
  hhea: Uint8Array;
  hmtx: Uint8Array;
  numGlyphs: number;
  coords: number[];
}

function instanceGlyphs(t: GlyphTables) {
  const longLoca = view(t.head).getInt16(50) === 1;
  const locaView = view(t.loca);
  const glyphAt = (g: number) =>
    longLoca ? [locaView.getUint32(g * 4), locaView.getUint32(g * 4 + 4)] : [locaView.getUint16(g * 2) * 2, locaView.getUint16(g * 2 + 2) * 2];
  const metrics = readHorizontalMetrics(t.hhea, t.hmtx, t.numGlyphs);
  const variations = readGvar(t.gvar, t.coords.length);
  const glyphs: Uint8Array[] = [];
  for (let g = 0; g < t.numGlyphs; g++) {
    const [start, end] = glyphAt(g) as [number, number];
    const data = t.glyf.subarray(start, end);
    const outline = parseGlyph(data);
    const deltas = glyphDeltas(variations, g, outline, t.coords);
    if (!deltas) {
      glyphs.push(data);
      continue;
    }
    // Phantom points 1 and 2 are the origin and the advance; in our fonts the origin never
    // moves (renderers that ignore hmtx's side bearing, as satori does, rely on that).
    const n = outline.points.length;
    const origin = deltas.x[n]!;
    metrics[g]!.advance = Math.max(0, Math.round(metrics[g]!.advance + deltas.x[n + 1]! - origin));
    for (let i = 0; i < n; i++) {
      outline.points[i]!.x = Math.round(outline.points[i]!.x + deltas.x[i]!);
      outline.points[i]!.y = Math.round(outline.points[i]!.y + deltas.y[i]!);
    }
    const written = writeGlyph(outline, data);
    if (outline.kind === 'simple' && n > 0) metrics[g]!.lsb = Math.round(view(written).getInt16(2) - origin);
    glyphs.push(written);
  }
  // Long offsets, every glyph 4-byte aligned.
  const loca = new Uint8Array((t.numGlyphs + 1) * 4);
  const glyf = new Uint8Array(glyphs.reduce((sum, g) => sum + align4(g.length), 0));
  let offset = 0;
  glyphs.forEach((g, i) => {
    view(loca).setUint32(i * 4, offset);
    glyf.set(g, offset);
    offset += align4(g.length);
  });
  view(loca).setUint32(t.numGlyphs * 4, offset);
  const head = t.head.slice();
  view(head).setInt16(50, 1);
  // Every glyph gets its own advance (advances of the trailing run may now differ).
  const hmtx = new Uint8Array(t.numGlyphs * 4);
  metrics.forEach((m, i) => {
    view(hmtx).setUint16(i * 4, m.advance);
    view(hmtx).setInt16(i * 4 + 2, m.lsb);
  });
  const hhea = t.hhea.slice();
  view(hhea).setUint16(34, t.numGlyphs);
  view(hhea).setUint16(10, Math.max(...metrics.map((m) => m.advance)));
  return { glyf, loca, head, hhea, hmtx };
}

function readHorizontalMetrics(hhea: Uint8Array, hmtx: Uint8Array, numGlyphs: number) {
  const count = view(hhea).getUint16(34);
  const v = view(hmtx);
  const metrics: { advance: number; lsb: number }[] = [];
  for (let g = 0; g < numGlyphs; g++) {
    if (g < count) metrics.push({ advance: v.getUint16(g * 4), lsb: v.getInt16(g * 4 + 2) });
    else metrics.push({ advance: metrics[count - 1]?.advance ?? 0, lsb: v.getInt16(count * 4 + (g - count) * 2) });
  }
  return metrics;
}
