import { describe, expect, it } from 'vitest';
import { ADDED, diffSequences, internAll, REMOVED, SAME, type Budget } from './sequence-diff';

/** Length of the longest common subsequence, the slow and obviously right way. */
function lcsLength(a: ArrayLike<number>, b: ArrayLike<number>): number {
  const row = new Array<number>(b.length + 1).fill(0);
  for (let i = 1; i <= a.length; i++) {
    let diagonal = 0;
    for (let j = 1; j <= b.length; j++) {
      const up = row[j]!;
      row[j] = a[i - 1] === b[j - 1] ? diagonal + 1 : Math.max(up, row[j - 1]!);
      diagonal = up;
    }
  }
  return row[b.length]!;
}

/** Replays a script on `a`, checking each SAME really is the same item; returns `b` as rebuilt. */
function replay(a: Int32Array, b: Int32Array, ops: Uint8Array): number[] {
  const out: number[] = [];
  let i = 0;
  let j = 0;
  for (const op of ops) {
    if (op === SAME) {
      expect(a[i]).toBe(b[j]);
      out.push(a[i++]!);
      j++;
    } else if (op === REMOVED) {
      i++;
    } else {
      expect(op).toBe(ADDED);
      out.push(b[j++]!);
    }
  }
  expect(i).toBe(a.length);
  return out;
}

// A small deterministic generator, so a failure can be replayed.
function randomSequence(seed: number, length: number, alphabet: number): Int32Array {
  let state = seed;
  return Int32Array.from({ length }, () => {
    state = (state * 1103515245 + 12345) % 2 ** 31;
    return state % alphabet;
  });
}

describe('diffSequences', () => {
  it('finds a shortest edit script (as many SAME steps as the longest common subsequence)', () => {
    for (let seed = 1; seed <= 200; seed++) {
      const a = randomSequence(seed, seed % 23, 1 + (seed % 5));
      const b = randomSequence(seed * 7 + 3, (seed * 3) % 19, 1 + (seed % 5));
      const ops = diffSequences(a, b, { left: Infinity });
      expect(replay(a, b, ops)).toEqual([...b]);
      expect(ops.filter((op) => op === SAME).length, `seed ${seed}`).toBe(lcsLength(a, b));
    }
  });

  it('handles empty sides and equal sides', () => {
    const none = new Int32Array(0);
    const some = Int32Array.from([1, 2, 3]);
    expect([...diffSequences(none, none, { left: 10 })]).toEqual([]);
    expect([...diffSequences(none, some, { left: 10 })]).toEqual([ADDED, ADDED, ADDED]);
    expect([...diffSequences(some, none, { left: 10 })]).toEqual([REMOVED, REMOVED, REMOVED]);
    expect([...diffSequences(some, some, { left: 0 })]).toEqual([SAME, SAME, SAME]);
  });

  it('past its budget, keeps the common ends and replaces the middle, and spends the budget', () => {
    const a = Int32Array.from([9, 1, 2, 3, 4, 9]);
    const b = Int32Array.from([9, 4, 3, 2, 1, 9]);
    const budget: Budget = { left: 3 };
    const ops = diffSequences(a, b, budget);
    expect([...ops]).toEqual([SAME, REMOVED, REMOVED, REMOVED, REMOVED, ADDED, ADDED, ADDED, ADDED, SAME]);
    expect(budget.left).toBe(0);
    expect(replay(a, b, ops)).toEqual([...b]);
  });
});

describe('internAll', () => {
  it('gives equal strings equal ids across calls sharing a map', () => {
    const ids = new Map<string, number>();
    const a = internAll(['x', 'y', 'x'], ids);
    const b = internAll(['y', 'z'], ids);
    expect([...a]).toEqual([0, 1, 0]);
    expect([...b]).toEqual([1, 2]);
  });
});
