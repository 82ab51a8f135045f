import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import wawoff2 from 'wawoff2';
import { describe, expect, it } from 'vitest';
import { instanceVariableFont } from './instance-variable-font';
import { readCodePoints } from './read-cmap';
import { readSfnt } from './sfnt';

async function readFont(family: string, file: string): Promise<Uint8Array> {
  const woff2 = readFileSync(join(process.cwd(), 'node_modules/@fontsource-variable', family, 'files', file));
  return (await wawoff2.decompress(woff2)).slice();
}

/** Advance width of each glyph (glyphs after the last long metric share its advance). */
function advances(font: Uint8Array): number[] {
  const { tables } = readSfnt(font);
  const hhea = tables.get('hhea')!;
  const hmtx = tables.get('hmtx')!;
  const maxp = tables.get('maxp')!;
  const count = new DataView(hhea.buffer, hhea.byteOffset).getUint16(34);
  const glyphs = new DataView(maxp.buffer, maxp.byteOffset).getUint16(4);
  const view = new DataView(hmtx.buffer, hmtx.byteOffset, hmtx.byteLength);
  return Array.from({ length: glyphs }, (_, i) => view.getUint16(Math.min(i, count - 1) * 4));
}

/** Ink of a glyph: the area of its bounding box, summed over all glyphs. */
function totalBoxArea(font: Uint8Array): number {
  const { tables } = readSfnt(font);
  const head = tables.get('head')!;
  const loca = tables.get('loca')!;
  const glyf = tables.get('glyf')!;
  const isLong = new DataView(head.buffer, head.byteOffset).getInt16(50) === 1;
  const lv = new DataView(loca.buffer, loca.byteOffset, loca.byteLength);
  const gv = new DataView(glyf.buffer, glyf.byteOffset, glyf.byteLength);
  const count = loca.length / (isLong ? 4 : 2) - 1;
  let area = 0;
  for (let g = 0; g < count; g++) {
    const start = isLong ? lv.getUint32(g * 4) : lv.getUint16(g * 2) * 2;
    const end = isLong ? lv.getUint32(g * 4 + 4) : lv.getUint16(g * 2 + 2) * 2;
    if (end - start < 10 || gv.getInt16(start) < 0) continue;
    area += (gv.getInt16(start + 6) - gv.getInt16(start + 2)) * (gv.getInt16(start + 8) - gv.getInt16(start + 4));
  }
  return area;
}

describe('instanceVariableFont', () => {
  it('makes a static font: no variation tables, the same characters', async () => {
    const font = await readFont('noto-serif-sc', 'noto-serif-sc-119-wght-normal.woff2');
    const instanced = instanceVariableFont(font, { wght: 600 });
    const { tables } = readSfnt(instanced);
    for (const tag of ['fvar', 'gvar', 'avar', 'HVAR', 'STAT']) expect(tables.has(tag), tag).toBe(false);
    expect([...readCodePoints(instanced)].sort()).toEqual([...readCodePoints(font)].sort());
  });

  it('moves the Chinese face from its default (ExtraLight 200) to semibold: bolder strokes, same advances', async () => {
    const font = await readFont('noto-serif-sc', 'noto-serif-sc-119-wght-normal.woff2');
    const semibold = instanceVariableFont(font, { wght: 600 });
    expect(totalBoxArea(semibold)).toBeGreaterThan(totalBoxArea(font) * 1.005);
    // Han glyphs stay one em wide at every weight.
    expect(advances(semibold).filter((a) => a === 1000).length).toBe(advances(font).filter((a) => a === 1000).length);
  });

  it('widens the Latin face at 600 and keeps its outlines at the default 400', async () => {
    const font = await readFont('source-serif-4', 'source-serif-4-latin-wght-normal.woff2');
    const regular = instanceVariableFont(font, { wght: 400 });
    const semibold = instanceVariableFont(font, { wght: 600 });
    expect(readSfnt(regular).tables.get('glyf')).toEqual(readSfnt(font).tables.get('glyf'));
    const sum = (xs: number[]) => xs.reduce((a, b) => a + b, 0);
    expect(sum(advances(semibold))).toBeGreaterThan(sum(advances(font)));
  });
});

describe('readCodePoints', () => {
  it('reads what a slice really maps', async () => {
    const points = readCodePoints(await readFont('source-serif-4', 'source-serif-4-latin-wght-normal.woff2'));
    for (const char of 'Aa “”—é') expect(points.has(char.codePointAt(0)!), char).toBe(true);
    expect(points.has(0x53cc)).toBe(false); // 双
  });
});
