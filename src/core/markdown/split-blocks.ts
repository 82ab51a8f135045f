// Pairs the rendered blocks of two versions of an article for the parallel view. Equal
// counts pair by position; otherwise blocks are matched by their kind (p, h, ul, pre…)
// with a longest common subsequence, so an extra paragraph on one side faces a gap
// instead of shifting every later pair.

export interface AlignedRow {
  left: string | null;
  right: string | null;
}

/**
 * The LCS table is rows × columns cells; past this (about 2,000 differing blocks a side)
 * the middle is paired by position instead, so a pathological pair cannot exhaust memory.
 */
const maxTableCells = 4_000_000;

/**
 * The tag of a block's first element, e.g. "p"; every heading level is "h"; "text" for bare
 * text; a callout is "callout" and display math "math", not a bare "div".
 */
export function blockKind(html: string): string {
  const match = /^\s*<([a-zA-Z][a-zA-Z0-9]*)(?:\s+class="([a-z-]+))?/.exec(html);
  if (!match) return 'text';
  const tag = match[1]!.toLowerCase();
  if (tag === 'div' && match[2] === 'callout') return 'callout';
  if (tag === 'div' && match[2] === 'math-display') return 'math';
  // A translator may demote or promote a heading; it is still the same heading.
  return /^h[1-6]$/.test(tag) ? 'h' : tag;
}

export function alignBlocks(a: string[], b: string[]): AlignedRow[] {
  return alignKinds(a.map(blockKind), b.map(blockKind)).map(({ left, right }) => ({ left: left === null ? null : a[left]!, right: right === null ? null : b[right]! }));
}

/** The same pairing over block kinds alone, by index: the editor aligns its panes with it. */
export interface AlignedIndexes {
  left: number | null;
  right: number | null;
}

export function alignKinds(ka: string[], kb: string[]): AlignedIndexes[] {
  if (ka.length === kb.length) return ka.map((_, i) => ({ left: i, right: i }));

  // Versions usually differ in a few places: pair the matching start and end directly
  // and run the quadratic part on the middle only.
  let start = 0;
  while (start < ka.length && start < kb.length && ka[start] === kb[start]) start += 1;
  let endA = ka.length;
  let endB = kb.length;
  while (endA > start && endB > start && ka[endA - 1] === kb[endB - 1]) {
    endA -= 1;
    endB -= 1;
  }

  const rows: AlignedIndexes[] = [];
  for (let i = 0; i < start; i += 1) rows.push({ left: i, right: i });
  for (const row of alignMiddle(ka.slice(start, endA), kb.slice(start, endB))) {
    rows.push({ left: row.left === null ? null : row.left + start, right: row.right === null ? null : row.right + start });
  }
  for (let i = endA, j = endB; i < ka.length; i += 1, j += 1) rows.push({ left: i, right: j });
  return rows;
}

function alignMiddle(ka: string[], kb: string[]): AlignedIndexes[] {
  const rows: AlignedIndexes[] = [];
  if ((ka.length + 1) * (kb.length + 1) > maxTableCells) {
    for (let i = 0; i < Math.max(ka.length, kb.length); i += 1) rows.push({ left: i < ka.length ? i : null, right: i < kb.length ? i : null });
    return rows;
  }
  // lcs[i * width + j]: length of the common kind sequence of a[i…] and b[j…].
  const width = kb.length + 1;
  const lcs = new Uint32Array((ka.length + 1) * width);
  for (let i = ka.length - 1; i >= 0; i -= 1) {
    for (let j = kb.length - 1; j >= 0; j -= 1) {
      lcs[i * width + j] = ka[i] === kb[j] ? lcs[(i + 1) * width + j + 1]! + 1 : Math.max(lcs[(i + 1) * width + j]!, lcs[i * width + j + 1]!);
    }
  }
  let i = 0;
  let j = 0;
  while (i < ka.length && j < kb.length) {
    if (ka[i] === kb[j]) rows.push({ left: i++, right: j++ });
    else if (lcs[(i + 1) * width + j]! >= lcs[i * width + j + 1]!) rows.push({ left: i++, right: null });
    else rows.push({ left: null, right: j++ });
  }
  while (i < ka.length) rows.push({ left: i++, right: null });
  while (j < kb.length) rows.push({ left: null, right: j++ });
  return rows;
}
