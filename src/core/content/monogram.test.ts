import { describe, expect, it } from 'vitest';
import { monogramOf } from './monogram';

describe('monogramOf', () => {
  it.each([
    ['Sam Porter', 'SP'],
    ['Lin Yue', 'LY'],
    ['ana', 'A'],
    ['Jean-Luc Picard', 'JP'],
    ['María José de la Cruz', 'MC'],
    ['林悦', '林'],
    ['萨姆·波特', '萨'],
    ['  Émile   Zola ', 'ÉZ'],
    ['😀 Smile', 'S'],
    ['', ''],
    ['···', ''],
  ])('%j → %j', (name, expected) => {
    expect(monogramOf(name)).toBe(expected);
  });
});
