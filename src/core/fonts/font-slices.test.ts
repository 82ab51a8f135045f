import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseFontFaces, parseUnicodeRange, selectSlices, sliceCovers, type FontSlice } from './font-slices';

const familyCss = (name: string) => readFileSync(join(process.cwd(), 'node_modules/@fontsource-variable', name, 'index.css'), 'utf8');

describe('parseUnicodeRange', () => {
  it('reads single code points, ranges and wildcards', () => {
    expect(parseUnicodeRange('U+0000-00FF, U+0131,u+4??')).toEqual([
      [0, 0xff],
      [0x131, 0x131],
      [0x400, 0x4ff],
    ]);
  });
});

describe('parseFontFaces', () => {
  it('reads every slice of a fontsource family with its file and ranges', () => {
    const slices = parseFontFaces(familyCss('noto-serif-sc'));
    expect(slices).toHaveLength(101);
    expect(new Set(slices.map((s) => s.family))).toEqual(new Set(['Noto Serif SC Variable']));
    for (const slice of slices) {
      expect(slice.file).toMatch(/^\.\/files\/noto-serif-sc-[a-z0-9-]+-wght-normal\.woff2$/);
      expect(slice.ranges.length).toBeGreaterThan(0);
    }
  });

  it('skips italic faces', () => {
    const css = `@font-face { font-family: 'X'; font-style: italic; src: url(./a.woff2) format('woff2'); unicode-range: U+0-FF; }
      @font-face { font-family: 'X'; font-style: normal; src: url(./b.woff2) format('woff2'); unicode-range: U+0-FF; }`;
    expect(parseFontFaces(css).map((s) => s.file)).toEqual(['./b.woff2']);
  });
});

describe('selectSlices', () => {
  const face = (family: string, file: string, range: string): FontSlice => ({ family, file, ranges: parseUnicodeRange(range) });
  const latin = [face('Serif', 'latin', 'U+0000-00FF,U+2000-206F'), face('Serif', 'latin-ext', 'U+0100-024F')];
  const han = [face('Han', 'han-1', 'U+20-7E,U+4E00-4FFF'), face('Han', 'han-2', 'U+5000-9FFF,U+3000-303F'), face('Han', 'han-3', 'U+4E00-9FFF')];

  it('takes each character from the first family, and the first slice, that covers it', () => {
    const { slices, uncovered } = selectSlices('Duet 双声。', [latin, han]);
    // D u e t and the space from the Latin family even though han-1 covers them too;
    // 双 (U+53CC) and 声 (U+58F0) both from han-2, not from the later han-3; 。 (U+3002) from han-2.
    expect(slices.map((s) => s.file)).toEqual(['latin', 'han-2']);
    expect(uncovered).toEqual([]);
  });

  it('loads nothing for characters it does not see, and reports what nothing covers', () => {
    const { slices, uncovered } = selectSlices('ĀB\n😀', [latin, han]);
    expect(slices.map((s) => s.file)).toEqual(['latin', 'latin-ext']);
    expect(uncovered).toEqual(['😀']);
  });

  it('picks a few of the real slices for a Chinese title with Latin in it, covering every character', () => {
    const stack = [parseFontFaces(familyCss('source-serif-4')), parseFontFaces(familyCss('noto-serif-sc'))];
    const text = 'Duet 双声：为什么要用两种语言出版？';
    const { slices, uncovered } = selectSlices(text, stack);
    expect(uncovered).toEqual([]);
    expect(slices.map((s) => s.file)).toEqual([
      './files/source-serif-4-latin-wght-normal.woff2',
      ...slices.filter((s) => s.family === 'Noto Serif SC Variable').map((s) => s.file),
    ]);
    expect(slices.length).toBeGreaterThan(1);
    expect(slices.length).toBeLessThanOrEqual(8);
    for (const char of text) {
      const codePoint = char.codePointAt(0)!;
      const from = slices.filter((s) => sliceCovers(s, codePoint));
      expect(from.length, char).toBeGreaterThan(0);
      // Latin from the Latin face, Han from the Chinese one, as the site's font stack does.
      if (/\p{Script=Han}/u.test(char)) expect(from.every((s) => s.family === 'Noto Serif SC Variable'), char).toBe(true);
      if (/[A-Za-z ]/.test(char)) expect(from[0]!.family, char).toBe('Source Serif 4 Variable');
    }
    // Every slice chosen is needed by some character.
    for (const slice of slices) expect([...text].some((c) => sliceCovers(slice, c.codePointAt(0)!)), slice.file).toBe(true);
  });
});
