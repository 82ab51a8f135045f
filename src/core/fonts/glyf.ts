// TrueType outlines (the `glyf` table): a glyph's points read into plain numbers and
// written back, for the variable-font instancer. Simple glyphs are rewritten without
// hinting instructions in the plainest encoding (16-bit coordinates); composite glyphs
// keep their components and transforms, with their offsets as 16-bit arguments.
import { tableView as view } from './sfnt';

export interface Point {
  x: number;
  y: number;
  onCurve: boolean;
}

export type Outline =
  | { kind: 'simple'; endPoints: number[]; points: Point[]; overlap: boolean }
  | { kind: 'composite'; points: Point[]; components: { flags: number; glyph: number; transform: Uint8Array }[] }
  | { kind: 'empty'; points: Point[] };

const ON_CURVE = 0x01;
const X_SHORT = 0x02;
const Y_SHORT = 0x04;
const REPEAT = 0x08;
const X_SAME_OR_POSITIVE = 0x10;
const Y_SAME_OR_POSITIVE = 0x20;
const OVERLAP_SIMPLE = 0x40;

const ARG_WORDS = 0x0001;
const ARGS_ARE_XY = 0x0002;
const HAS_SCALE = 0x0008;
const MORE_COMPONENTS = 0x0020;
const HAS_XY_SCALE = 0x0040;
const HAS_2X2 = 0x0080;
const HAS_INSTRUCTIONS = 0x0100;

export function parseGlyph(data: Uint8Array): Outline {
  if (data.length === 0) return { kind: 'empty', points: [] };
  const v = view(data);
  const contours = v.getInt16(0);
  if (contours < 0) return parseComposite(data);
  const endPoints: number[] = [];
  for (let i = 0; i < contours; i++) endPoints.push(v.getUint16(10 + i * 2));
  const count = contours ? endPoints[contours - 1]! + 1 : 0;
  let at = 10 + contours * 2;
  at += 2 + v.getUint16(at);
  const flags: number[] = [];
  while (flags.length < count) {
    const flag = data[at++]!;
    flags.push(flag);
    if (flag & REPEAT) for (let r = data[at++]!; r > 0; r--) flags.push(flag);
  }
  const points: Point[] = flags.map((f) => ({ x: 0, y: 0, onCurve: (f & ON_CURVE) !== 0 }));
  for (const [axis, short, same] of [['x', X_SHORT, X_SAME_OR_POSITIVE], ['y', Y_SHORT, Y_SAME_OR_POSITIVE]] as const) {
    let value = 0;
    flags.forEach((f, i) => {
      if (f & short) {
        const d = data[at++]!;
        value += f & same ? d : -d;
      } else if (!(f & same)) {
        value += v.getInt16(at);
        at += 2;
      }
      points[i]![axis] = value;
    });
  }
  return { kind: 'simple', endPoints, points, overlap: ((flags[0] ?? 0) & OVERLAP_SIMPLE) !== 0 };
}

function parseComposite(data: Uint8Array): Outline {
  const v = view(data);
  const components: { flags: number; glyph: number; transform: Uint8Array }[] = [];
  const points: Point[] = [];
  let at = 10;
  let flags: number;
  do {
    flags = v.getUint16(at);
    const glyph = v.getUint16(at + 2);
    at += 4;
    let x: number;
    let y: number;
    if (flags & ARG_WORDS) {
      x = flags & ARGS_ARE_XY ? v.getInt16(at) : v.getUint16(at);
      y = flags & ARGS_ARE_XY ? v.getInt16(at + 2) : v.getUint16(at + 2);
      at += 4;
    } else {
      x = flags & ARGS_ARE_XY ? v.getInt8(at) : v.getUint8(at);
      y = flags & ARGS_ARE_XY ? v.getInt8(at + 1) : v.getUint8(at + 1);
      at += 2;
    }
    const transformSize = flags & HAS_SCALE ? 2 : flags & HAS_XY_SCALE ? 4 : flags & HAS_2X2 ? 8 : 0;
    components.push({ flags, glyph, transform: data.subarray(at, at + transformSize) });
    points.push({ x, y, onCurve: true });
    at += transformSize;
  } while (flags & MORE_COMPONENTS);
  return { kind: 'composite', points, components };
}

/** The glyph with its new points; `original` is returned when there is nothing to rewrite. */
export function writeGlyph(outline: Outline, original: Uint8Array): Uint8Array {
  if (outline.kind === 'empty') return original;
  if (outline.kind === 'composite') return writeComposite(outline, original);
  const { endPoints, points } = outline;
  const out = new Uint8Array(10 + endPoints.length * 2 + 2 + points.length * 5);
  const v = view(out);
  const xs = points.map((p) => p.x);
  const ys = points.map((p) => p.y);
  v.setInt16(0, endPoints.length);
  v.setInt16(2, points.length ? Math.min(...xs) : 0);
  v.setInt16(4, points.length ? Math.min(...ys) : 0);
  v.setInt16(6, points.length ? Math.max(...xs) : 0);
  v.setInt16(8, points.length ? Math.max(...ys) : 0);
  endPoints.forEach((e, i) => v.setUint16(10 + i * 2, e));
  let at = 10 + endPoints.length * 2;
  v.setUint16(at, 0); // no instructions
  at += 2;
  points.forEach((p, i) => {
    out[at++] = (p.onCurve ? ON_CURVE : 0) | (i === 0 && outline.overlap ? OVERLAP_SIMPLE : 0);
  });
  for (const axis of ['x', 'y'] as const) {
    let previous = 0;
    for (const p of points) {
      v.setInt16(at, p[axis] - previous);
      previous = p[axis];
      at += 2;
    }
  }
  return out;
}

function writeComposite(outline: Extract<Outline, { kind: 'composite' }>, original: Uint8Array): Uint8Array {
  const parts: Uint8Array[] = [original.subarray(0, 10)];
  outline.components.forEach((c, i) => {
    const isLast = i === outline.components.length - 1;
    const xy = (c.flags & ARGS_ARE_XY) !== 0;
    const flags = ((c.flags | ARG_WORDS) & ~HAS_INSTRUCTIONS) | (isLast ? 0 : MORE_COMPONENTS);
    const head = new Uint8Array(8);
    const v = view(head);
    v.setUint16(0, isLast ? flags & ~MORE_COMPONENTS : flags);
    v.setUint16(2, c.glyph);
    // Point-matching arguments (not x/y offsets) are indices and never vary.
    const { x, y } = outline.points[i]!;
    if (xy) {
      v.setInt16(4, x);
      v.setInt16(6, y);
    } else {
      v.setUint16(4, x);
      v.setUint16(6, y);
    }
    parts.push(head, c.transform);
  });
  const out = new Uint8Array(parts.reduce((sum, p) => sum + p.length, 0));
  let at = 0;
  for (const p of parts) {
    out.set(p, at);
    at += p.length;
  }
  return out;
}
