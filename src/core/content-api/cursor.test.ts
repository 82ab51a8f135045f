import { describe, expect, it } from 'vitest';
import { decodeCursor, encodeCursor, isAfter } from './cursor';

describe('list cursors', () => {
  it('gives back the position it was made from', () => {
    const position = { publishedAt: '2026-03-01T08:00:00.000Z', id: 42 };
    const cursor = encodeCursor(position);
    expect(cursor).toMatch(/^[A-Za-z0-9_-]+$/);
    expect(decodeCursor(cursor)).toEqual(position);
  });

  it('refuses anything it did not make', () => {
    const forge = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
    for (const cursor of [
      '',
      'not a cursor',
      'abc',
      Buffer.from('not json').toString('base64url'),
      forge(null),
      forge([1]),
      forge({ v: 2, p: '2026-03-01T08:00:00.000Z', i: 1 }),
      forge({ v: 1, p: '2026-03-01', i: 1 }),
      forge({ v: 1, p: '2026-13-45T99:00:00.000Z', i: 1 }),
      forge({ v: 1, p: '2026-03-01T08:00:00.000Z', i: 0 }),
      forge({ v: 1, p: '2026-03-01T08:00:00.000Z', i: 1.5 }),
      forge({ v: 1, p: '2026-03-01T08:00:00.000Z', i: '1' }),
      'A'.repeat(201),
    ]) {
      expect(decodeCursor(cursor), cursor).toBeNull();
    }
  });

  it('orders newest first, then by the higher id', () => {
    const at = { publishedAt: '2026-03-01T08:00:00.000Z', id: 10 };
    expect(isAfter({ publishedAt: '2026-02-28T08:00:00.000Z', id: 99 }, at)).toBe(true);
    expect(isAfter({ publishedAt: '2026-03-01T08:00:00.000Z', id: 9 }, at)).toBe(true);
    expect(isAfter({ publishedAt: '2026-03-01T08:00:00.000Z', id: 10 }, at)).toBe(false);
    expect(isAfter({ publishedAt: '2026-03-01T08:00:00.000Z', id: 11 }, at)).toBe(false);
    expect(isAfter({ publishedAt: '2026-03-02T08:00:00.000Z', id: 1 }, at)).toBe(false);
  });
});
