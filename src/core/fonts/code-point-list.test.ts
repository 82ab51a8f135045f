import { describe, expect, it } from 'vitest';
import { decodeCodePoints, encodeCodePoints, unicodeRangeOf } from './code-point-list';

const cps = (text: string) => [...text].map((c) => c.codePointAt(0)!);

describe('code point lists in URLs', () => {
  it('round-trips a set, sorted and without repeats', () => {
    const encoded = encodeCodePoints(cps('茶与时间茶'));
    expect(decodeCodePoints(encoded, 100)).toEqual([...new Set(cps('茶与时间'))].sort((a, b) => a - b));
    expect(encoded).toMatch(/^[0-9a-z.]+$/);
  });

  it('refuses every other spelling and lists over the limit', () => {
    const encoded = encodeCodePoints([0x4e00, 0x4e01, 0x4e10]);
    expect(encoded).toBe('feo.1.f');
    for (const bad of ['', 'feo.0.f', 'FEO.1.f', 'feo..f', 'feo.01.f', 'feo.1.f.', 'zzzzzz', 'feo.-1']) expect(decodeCodePoints(bad, 100), bad).toBeNull();
    expect(decodeCodePoints(encoded, 2)).toBeNull();
  });

  it('writes the exact code points as CSS unicode-range', () => {
    expect(unicodeRangeOf([0x4e00, 0x4e01, 0x4e02, 0x4e08, 0x9fa5])).toBe('U+4E00-4E02,U+4E08,U+9FA5');
    expect(unicodeRangeOf([])).toBe('');
  });
});
