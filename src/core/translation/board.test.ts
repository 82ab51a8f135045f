// Words left to translate (a CJK character is a word) and the view's page cursor.
import { describe, expect, it } from 'vitest';
import { countWords, decodeCursor, encodeCursor, wordsToTranslate } from './board';

describe('the Translations view', () => {
  it('counts each CJK character as a word and English by words', () => {
    expect(countWords('双语出版 is what Duet does.')).toBe(4 + 4);
    expect(wordsToTranslate({ state: 'current', sourceText: '双语' })).toBe(0);
    expect(wordsToTranslate({ state: 'outdated', sourceText: '双语' })).toBe(2);
  });

  it('reads back the cursor it wrote, and nothing else', () => {
    const cursor = { rank: 2, id: 41, updatedAt: '2026-11-27T14:00:00.000Z' };
    expect(decodeCursor(encodeCursor(cursor))).toEqual(cursor);
    expect(decodeCursor('2.41.yesterday')).toBeNull();
    expect(decodeCursor('2.41.%E0%A4%A')).toBeNull();
  });
});
