import { describe, expect, it } from 'vitest';
import { encodeIco, readIcoDirectory } from './ico';

const fakePng = (n: number) => Uint8Array.from([0x89, 0x50, 0x4e, 0x47, n, n, n]);

describe('ICO container', () => {
  it('holds each PNG whole after a directory naming its size', () => {
    const small = fakePng(1);
    const large = fakePng(2);
    const ico = encodeIco([
      { size: 16, png: small },
      { size: 256, png: large },
    ]);
    expect([...ico.slice(0, 6)]).toEqual([0, 0, 1, 0, 2, 0]);
    const directory = readIcoDirectory(ico)!;
    expect(directory.map((e) => e.size)).toEqual([16, 256]);
    expect(ico.slice(directory[0]!.offset, directory[0]!.offset + directory[0]!.length)).toEqual(small);
    expect(ico.slice(directory[1]!.offset, directory[1]!.offset + directory[1]!.length)).toEqual(large);
    expect(directory[1]!.offset + directory[1]!.length).toBe(ico.length);
  });

  it('refuses sizes an icon cannot hold, and reads no icon from other bytes', () => {
    expect(() => encodeIco([])).toThrow(RangeError);
    expect(() => encodeIco([{ size: 512, png: fakePng(0) }])).toThrow(RangeError);
    expect(readIcoDirectory(fakePng(0))).toBeNull();
  });
});
