// Pairs the rendered blocks of two versions of an article for the parallel view. Equal
// counts pair by position; otherwise blocks are matched by their kind (p, h2, ul, pre…)
// with a longest common subsequence, so an extra paragraph on one side faces a gap
// instead of shifting every later pair.

export interface AlignedRow {
  left: string | null;
  right: string | null;
}

/** The tag of a block's first element, e.g. "p" or "h2"; "text" for bare text. */
export function blockKind(html: string): string {
  const match = /^\s*<([a-zA-Z][a-zA-Z0-9]*)/.exec(html);
  if (!match) return 'text';
  const tag = match[1]!.toLowerCase();
  return /^h[1-6]$/.test(tag) ? 'h' : tag;
}

export function alignBlocks(a: string[], b: string[]): AlignedRow[] {
  if (a.length === b.length) return a.map((left, i) => ({ left, right: b[i]! }));
  const ka = a.map(blockKind);
  const kb = b.map(blockKind);
  // lcs[i][j]: length of the common kind sequence of a[i…] and b[j…].
  const lcs: number[][] = Array.from({ length: a.length + 1 }, () => new Array<number>(b.length + 1).fill(0));
  for (let i = a.length - 1; i >= 0; i--) {
    for (let j = b.length - 1; j >= 0; j--) {
      lcs[i]![j] = ka[i] === kb[j] ? lcs[i + 1]![j + 1]! + 1 : Math.max(lcs[i + 1]![j]!, lcs[i]![j + 1]!);
    }
  }
  const rows: AlignedRow[] = [];
  let i = 0;
  let j = 0;
  while (i < a.length && j < b.length) {
    if (ka[i] === kb[j]) rows.push({ left: a[i++]!, right: b[j++]! });
    else if (lcs[i + 1]![j]! >= lcs[i]![j + 1]!) rows.push({ left: a[i++]!, right: null });
    else rows.push({ left: null, right: b[j++]! });
  }
  while (i < a.length) rows.push({ left: a[i++]!, right: null });
  while (j < b.length) rows.push({ left: null, right: b[j++]! });
  return rows;
}
