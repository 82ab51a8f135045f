// The edit script between two sequences of numbers (lines or words after interning),
// for text-diff: Myers' O(ND) greedy algorithm on what is left once the common start and
// end are trimmed and the items found on one side only are set aside, within a work
// budget; past the budget, the middle is simply removed and added. Sequences are
// Int32Arrays and scripts Uint8Arrays, so long inputs stay compact.

export const SAME = 0;
export const REMOVED = 1;
export const ADDED = 2;

// Myers keeps one row of path ends per round, d² entries in all: at most this many (10 MB).
const maxTraceEntries = 2_500_000;

/** Steps of work still allowed; every caller of one diff shares one. */
export interface Budget {
  left: number;
}

/** Strings as numbers, equal strings equal numbers (ids shared through `ids`). */
export function internAll(items: string[], ids: Map<string, number>): Int32Array {
  const out = new Int32Array(items.length);
  for (let k = 0; k < items.length; k++) {
    let id = ids.get(items[k]!);
    if (id === undefined) ids.set(items[k]!, (id = ids.size));
    out[k] = id;
  }
  return out;
}

/**
 * The edit script from `a` to `b`, one op per step (SAME takes one item from both, REMOVED
 * one from `a`, ADDED one from `b`): common ends trimmed, Myers in between if the budget
 * allows, else all of the middle removed and then added.
 */
export function diffSequences(a: Int32Array, b: Int32Array, budget: Budget): Uint8Array {
  let start = 0;
  while (start < a.length && start < b.length && a[start] === b[start]) start++;
  let endA = a.length;
  let endB = b.length;
  while (endA > start && endB > start && a[endA - 1] === b[endB - 1]) {
    endA--;
    endB--;
  }
  const ops = new Uint8Array(a.length + b.length); // SAME is 0: the common ends need no writing.
  const middle = diffMiddle(a.subarray(start, endA), b.subarray(start, endB), budget);
  ops.set(middle, start);
  return ops.subarray(0, start + middle.length + a.length - endA);
}

/**
 * An item found on one side only can never be matched, so it is left out of Myers' input
 * (the longest common subsequence stays the same, and the edit graph shrinks to the lines
 * both revisions share: a revision that rewrote many paragraphs stays cheap), then put
 * back as removed or added where it stood.
 */
function diffMiddle(a: Int32Array, b: Int32Array, budget: Budget): Uint8Array {
  const ops = new Uint8Array(a.length + b.length);
  if (a.length === 0 || b.length === 0) return ops.fill(a.length === 0 ? ADDED : REMOVED);
  let maxId = 0;
  for (const id of a) maxId = Math.max(maxId, id);
  for (const id of b) maxId = Math.max(maxId, id);
  const sides = new Uint8Array(maxId + 1);
  for (const id of a) sides[id]! |= 1;
  for (const id of b) sides[id]! |= 2;
  const keptA = indicesOnBothSides(a, sides);
  const keptB = indicesOnBothSides(b, sides);
  const core =
    myers(pick(a, keptA), pick(b, keptB), budget) ??
    new Uint8Array(keptA.length + keptB.length).fill(REMOVED, 0, keptA.length).fill(ADDED, keptA.length);

  let at = 0;
  let i = 0;
  let j = 0;
  let ka = 0;
  let kb = 0;
  for (const op of core) {
    const untilA = op === ADDED ? i : keptA[ka++]!;
    const untilB = op === REMOVED ? j : keptB[kb++]!;
    for (; i < untilA; i++) ops[at++] = REMOVED;
    for (; j < untilB; j++) ops[at++] = ADDED;
    ops[at++] = op;
    if (op !== ADDED) i++;
    if (op !== REMOVED) j++;
  }
  for (; i < a.length; i++) ops[at++] = REMOVED;
  for (; j < b.length; j++) ops[at++] = ADDED;
  return ops.subarray(0, at);
}

function indicesOnBothSides(items: Int32Array, sides: Uint8Array): Int32Array {
  let count = 0;
  for (let k = 0; k < items.length; k++) if (sides[items[k]!] === 3) count++;
  const kept = new Int32Array(count);
  for (let k = 0, at = 0; k < items.length; k++) if (sides[items[k]!] === 3) kept[at++] = k;
  return kept;
}

function pick(items: Int32Array, indices: Int32Array): Int32Array {
  const picked = new Int32Array(indices.length);
  for (let k = 0; k < indices.length; k++) picked[k] = items[indices[k]!]!;
  return picked;
}

/**
 * Myers' greedy diff, keeping each round's furthest reaching paths to walk the shortest
 * edit script back. Null when the work would pass the budget; the budget is charged
 * for what was spent either way.
 */
function myers(a: Int32Array, b: Int32Array, budget: Budget): Uint8Array | null {
  const n = a.length;
  const m = b.length;
  if (n === 0 || m === 0) return new Uint8Array(n + m).fill(n === 0 ? ADDED : REMOVED);
  const offset = n + m + 1;
  const v = new Int32Array(2 * offset + 1);
  const trace: Int32Array[] = [];
  let cost = 0;
  let traceEntries = 0;
  for (let d = 0; d <= n + m; d++) {
    for (let k = -d; k <= d; k += 2) {
      const isDown = k === -d || (k !== d && v[offset + k - 1]! < v[offset + k + 1]!);
      let x = isDown ? v[offset + k + 1]! : v[offset + k - 1]! + 1;
      let y = x - k;
      const snakeStart = x;
      while (x < n && y < m && a[x] === b[y]) {
        x++;
        y++;
      }
      cost += 1 + x - snakeStart;
      v[offset + k] = x;
      if (x >= n && y >= m) {
        trace.push(v.slice(offset - d, offset + d + 1));
        budget.left -= cost;
        return walkBack(trace, n, m);
      }
    }
    trace.push(v.slice(offset - d, offset + d + 1));
    traceEntries += 2 * d + 1;
    cost += 2 * d + 1;
    if (cost > budget.left || traceEntries > maxTraceEntries) {
      budget.left = Math.max(0, budget.left - cost);
      return null;
    }
  }
  return null;
}

/** The shortest edit script, read backwards from the end through each round's paths. */
function walkBack(trace: Int32Array[], n: number, m: number): Uint8Array {
  const ops = new Uint8Array(n + m);
  let at = ops.length;
  let x = n;
  let y = m;
  for (let d = trace.length - 1; d > 0; d--) {
    const previous = trace[d - 1]!;
    const pathEnd = (k: number) => previous[k + d - 1]!;
    const k = x - y;
    const isDown = k === -d || (k !== d && pathEnd(k - 1) < pathEnd(k + 1));
    const previousK = isDown ? k + 1 : k - 1;
    const previousX = pathEnd(previousK);
    const snakeStart = isDown ? previousX : previousX + 1;
    for (; x > snakeStart; x--, y--) ops[--at] = SAME;
    ops[--at] = isDown ? ADDED : REMOVED;
    x = previousX;
    y = previousX - previousK;
  }
  for (; x > 0; x--) ops[--at] = SAME;
  return ops.subarray(at);
}
