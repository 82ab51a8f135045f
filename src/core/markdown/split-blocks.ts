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

/** The tag of a block's first element, e.g. "p"; every heading level is "h"; "text" for bare text. */
export function blockKind(html: string): string {
  const match = /^\s*<([a-zA-Z][a-zA-Z0-9]*)/.exec(html);
  if (!match) return 'text';
  const tag = match[1]!.toLowerCase();
  // A translator may demote or promote a heading; it is still the same heading.
  return /^h[1-6]$/.test(tag) ? 'h' : tag;
}

export function alignBlocks(a: string[], b: string[]): AlignedRow[] {
  if (a.length === b.length) return a.map((left, i) => ({ left, right: b[i]! }));
  const ka = a.map(blockKind);
  const kb = b.map(blockKind);

  // Versions usually differ in a few places: pair the matching start and end directly
  // and run the quadratic part on the middle only.
  let start = 0;
  while (start < a.length && start < b.length && ka[start] === kb[start]) start += 1;
  let endA = a.length;
  let endB = b.length;
  while (endA > start && endB > start && ka[endA - 1] === kb[endB - 1]) {
    endA -= 1;
    endB -= 1;
  }

  const rows: AlignedRow[] = [];
  for (let i = 0; i < start; i += 1) rows.push({ left: a[i]!, right: b[i]! });
  rows.push(...alignMiddle(a.slice(start, endA), b.slice(start, endB), ka.slice(start, endA), kb.slice(start, endB)));
  for (let i = endA, j = endB; i < a.length; i += 1, j += 1) rows.push({ left: a[i]!, right: b[j]! });
  return rows;
}

function alignMiddle(a: string[], b: string[], ka: string[], kb: string[]): AlignedRow[] {
  const rows: AlignedRow[] = [];
  if ((a.length + 1) * (b.length + 1) > maxTableCells) {
    for (let i = 0; i < Math.max(a.length, b.length); i += 1) rows.push({ left: a[i] ?? null, right: b[i] ?? null });
    return rows;
  }
  // lcs[i * width + j]: length of the common kind sequence of a[i…] and b[j…].
  const width = b.length + 1;
  const lcs = new Uint32Array((a.length + 1) * width);
  for (let i = a.length - 1; i >= 0; i -= 1) {
    for (let j = b.length - 1; j >= 0; j -= 1) {
      lcs[i * width + j] = ka[i] === kb[j] ? lcs[(i + 1) * width + j + 1]! + 1 : Math.max(lcs[(i + 1) * width + j]!, lcs[i * width + j + 1]!);
    }
  }
  let i = 0;
  let j = 0;
  while (i < a.length && j < b.length) {
    if (ka[i] === kb[j]) rows.push({ left: a[i++]!, right: b[j++]! });
    else if (lcs[(i + 1) * width + j]! >= lcs[i * width + j + 1]!) rows.push({ left: a[i++]!, right: null });
    else rows.push({ left: null, right: b[j++]! });
  }
  while (i < a.length) rows.push({ left: a[i++]!, right: null });
  while (j < b.length) rows.push({ left: null, right: b[j++]! });
  return rows;
}
