import { describe, expect, it } from 'vitest';
import { loadOgFonts } from './og-fonts';

describe('loadOgFonts', () => {
  it('loads a few slices per role, one name each, in fallback order', async () => {
    const fonts = await loadOgFonts({ display: 'Duet 双声', body: '作者：林悦' });
    const display = fonts.family.display.split(', ');
    const body = fonts.family.body.split(', ');
    expect(display[0]).toBe('display-0');
    expect(new Set([...display, ...body]).size).toBe(fonts.fonts.length);
    expect(fonts.fonts.map((f) => f.name).sort()).toEqual([...display, ...body].sort());
    // One Latin slice, and at most one per Chinese character (of 100 per family).
    expect(fonts.fonts.length).toBeLessThanOrEqual(1 + 2 + 5);
    // Static TrueType: satori cannot read the variation tables.
    for (const { data } of fonts.fonts) expect(new DataView(data).getUint32(0)).toBe(0x00010000);
  });

  it('drops what no loaded font can draw, so satori never fetches a font or an emoji', async () => {
    const fonts = await loadOgFonts({ display: 'Tea 茶 🍵 and 한국어', body: '' });
    expect(fonts.clean('Tea 茶 🍵 and 한국어')).toBe('Tea 茶 and');
  });
});
