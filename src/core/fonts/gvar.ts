// Glyph variations (the `gvar` table): the x/y deltas a variable font's glyph points move
// by at a location in its design space: tuples (shared, embedded, intermediate), packed
// point numbers and deltas, and the interpolation of untouched points (IUP).
import type { Outline, Point } from './glyf';
import { tableView as view } from './sfnt';

export interface Gvar {
  data: Uint8Array;
  axisCount: number;
  sharedTuples: number[][];
  glyphData: (g: number) => Uint8Array;
}

export function readGvar(gvar: Uint8Array, axisCount: number): Gvar {
  const v = view(gvar);
  const sharedCount = v.getUint16(6);
  const sharedOffset = v.getUint32(8);
  const glyphCount = v.getUint16(12);
  const longOffsets = (v.getUint16(14) & 1) === 1;
  const arrayOffset = v.getUint32(16);
  const sharedTuples: number[][] = [];
  for (let i = 0; i < sharedCount; i++) {
    const tuple: number[] = [];
    for (let a = 0; a < axisCount; a++) tuple.push(v.getInt16(sharedOffset + (i * axisCount + a) * 2) / 16384);
    sharedTuples.push(tuple);
  }
  const offsetOf = (g: number) => (longOffsets ? v.getUint32(20 + g * 4) : v.getUint16(20 + g * 2) * 2);
  return {
    data: gvar,
    axisCount,
    sharedTuples,
    glyphData: (g) => (g < glyphCount ? gvar.subarray(arrayOffset + offsetOf(g), arrayOffset + offsetOf(g + 1)) : new Uint8Array(0)),
  };
}

const SHARED_POINT_NUMBERS = 0x8000;
const EMBEDDED_PEAK = 0x8000;
const INTERMEDIATE_REGION = 0x4000;
const PRIVATE_POINT_NUMBERS = 0x2000;

/** Summed x/y deltas of the glyph's points plus its four phantom points, or null when none apply. */
export function glyphDeltas(gvar: Gvar, g: number, outline: Outline, coords: number[]): { x: number[]; y: number[] } | null {
  const data = gvar.glyphData(g);
  if (data.length === 0) return null;
  const v = view(data);
  const total = outline.points.length + 4;
  const x = new Array<number>(total).fill(0);
  const y = new Array<number>(total).fill(0);
  const countWord = v.getUint16(0);
  const tupleCount = countWord & 0x0fff;
  let serialized = v.getUint16(2);
  let header = 4;
  let sharedPoints: number[] | null = null;
  if (countWord & SHARED_POINT_NUMBERS) {
    const read = readPointNumbers(data, serialized);
    sharedPoints = read.points;
    serialized = read.next;
  }
  let applied = false;
  for (let t = 0; t < tupleCount; t++) {
    const size = v.getUint16(header);
    const index = v.getUint16(header + 2);
    header += 4;
    let peak: number[];
    if (index & EMBEDDED_PEAK) {
      peak = readTuple(v, header, gvar.axisCount);
      header += gvar.axisCount * 2;
    } else {
      peak = gvar.sharedTuples[index & 0x0fff] ?? [];
    }
    let start: number[] | null = null;
    let end: number[] | null = null;
    if (index & INTERMEDIATE_REGION) {
      start = readTuple(v, header, gvar.axisCount);
      end = readTuple(v, header + gvar.axisCount * 2, gvar.axisCount);
      header += gvar.axisCount * 4;
    }
    const scalar = tupleScalar(coords, peak, start, end);
    const tupleStart = serialized;
    serialized += size;
    if (scalar === 0) continue;
    let at = tupleStart;
    let points = sharedPoints;
    if (index & PRIVATE_POINT_NUMBERS) {
      const read = readPointNumbers(data, at);
      points = read.points;
      at = read.next;
    }
    const count = points ? points.length : total;
    const dx = readDeltas(data, at, count);
    const dy = readDeltas(data, dx.next, count);
    let full: { x: number[]; y: number[] } = { x: dx.values, y: dy.values };
    if (points) full = spreadDeltas(outline, points, dx.values, dy.values, total);
    for (let i = 0; i < total; i++) {
      x[i]! += full.x[i]! * scalar;
      y[i]! += full.y[i]! * scalar;
    }
    applied = true;
  }
  return applied ? { x, y } : null;
}

function readTuple(v: DataView, at: number, axisCount: number): number[] {
  const tuple: number[] = [];
  for (let a = 0; a < axisCount; a++) tuple.push(v.getInt16(at + a * 2) / 16384);
  return tuple;
}

function tupleScalar(coords: number[], peak: number[], start: number[] | null, end: number[] | null): number {
  let scalar = 1;
  for (let a = 0; a < coords.length; a++) {
    const p = peak[a] ?? 0;
    const c = coords[a]!;
    if (p === 0 || c === p) continue;
    if (start && end) {
      const s = start[a]!;
      const e = end[a]!;
      if (s > p || p > e || (s < 0 && e > 0 && p !== 0)) continue;
      if (c < s || c > e) return 0;
      scalar *= c < p ? (c - s) / (p - s) : (e - c) / (e - p);
    } else {
      if (c === 0 || c < Math.min(0, p) || c > Math.max(0, p)) return 0;
      scalar *= c / p;
    }
  }
  return scalar;
}

/** Packed point numbers; null means every point (including the phantom ones). */
function readPointNumbers(data: Uint8Array, at: number): { points: number[] | null; next: number } {
  let count = data[at++]!;
  if (count === 0) return { points: null, next: at };
  if (count & 0x80) count = ((count & 0x7f) << 8) | data[at++]!;
  const points: number[] = [];
  let value = 0;
  while (points.length < count) {
    const control = data[at++]!;
    const run = (control & 0x7f) + 1;
    const words = (control & 0x80) !== 0;
    for (let r = 0; r < run && points.length < count; r++) {
      value += words ? (data[at]! << 8) | data[at + 1]! : data[at]!;
      at += words ? 2 : 1;
      points.push(value);
    }
  }
  return { points, next: at };
}

function readDeltas(data: Uint8Array, at: number, count: number): { values: number[]; next: number } {
  const v = view(data);
  const values: number[] = [];
  while (values.length < count) {
    const control = data[at++]!;
    const run = (control & 0x3f) + 1;
    const kind = control & 0xc0;
    for (let r = 0; r < run && values.length < count; r++) {
      if (kind === 0x80) values.push(0);
      else if (kind === 0x40) {
        values.push(v.getInt16(at));
        at += 2;
      } else if (kind === 0xc0) {
        values.push(v.getInt32(at));
        at += 4;
      } else values.push(v.getInt8(at++));
    }
  }
  return { values, next: at };
}

/**
 * Deltas given for some points only: the others of a contour are interpolated from their
 * referenced neighbours (IUP); composite and phantom points without a delta stay.
 */
function spreadDeltas(outline: Outline, points: number[], dx: number[], dy: number[], total: number) {
  const x = new Array<number>(total).fill(0);
  const y = new Array<number>(total).fill(0);
  const touched = new Array<boolean>(total).fill(false);
  points.forEach((p, i) => {
    if (p >= total) return;
    x[p] = dx[i]!;
    y[p] = dy[i]!;
    touched[p] = true;
  });
  if (outline.kind !== 'simple') return { x, y };
  let first = 0;
  for (const last of outline.endPoints) {
    interpolateContour(outline.points, first, last, touched, x, y);
    first = last + 1;
  }
  return { x, y };
}

function interpolateContour(points: Point[], first: number, last: number, touched: boolean[], x: number[], y: number[]) {
  const refs: number[] = [];
  for (let i = first; i <= last; i++) if (touched[i]) refs.push(i);
  if (refs.length === 0 || refs.length === last - first + 1) return;
  for (let r = 0; r < refs.length; r++) {
    const from = refs[r]!;
    const to = refs[(r + 1) % refs.length]!;
    // The untouched points after `from`, going round the contour, up to `to`.
    for (let i = from === last ? first : from + 1; i !== to; i = i === last ? first : i + 1) {
      x[i] = interpolate(points[i]!.x, points[from]!.x, points[to]!.x, x[from]!, x[to]!);
      y[i] = interpolate(points[i]!.y, points[from]!.y, points[to]!.y, y[from]!, y[to]!);
    }
  }
}

function interpolate(p: number, c1: number, c2: number, d1: number, d2: number): number {
  if (c1 === c2) return d1 === d2 ? d1 : 0;
  if (c1 > c2) [c1, c2, d1, d2] = [c2, c1, d2, d1];
  if (p <= c1) return d1;
  if (p >= c2) return d2;
  return d1 + ((p - c1) * (d2 - d1)) / (c2 - c1);
}
