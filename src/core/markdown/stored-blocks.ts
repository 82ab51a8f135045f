// How a rendering's top-level blocks (the parallel view, the bilingual e-mail) are stored
// beside its HTML. The renderer's HTML is its blocks joined by newlines, so storing the
// blocks again would double the rendering's size: they are stored as their lengths
// (`[120,45,…]`) and cut back out of the HTML when read, a few string slices, no parsing.
// A rendering whose HTML is not its blocks joined that way (none the renderer makes today)
// keeps the blocks themselves; so does every row stored before the compact-storage
// migration until it runs, and both forms read the same.

/** The `blocks` column for a rendering: the blocks' lengths when the HTML is made of them. */
export function encodeStoredBlocks(html: string, blocks: readonly string[]): string {
  if (blocks.join('\n') === html) return JSON.stringify(blocks.map((block) => block.length));
  return JSON.stringify(blocks);
}

/** The blocks of a stored rendering, from its `blocks` column in either form. */
export function decodeStoredBlocks(html: string, stored: string): string[] {
  const parsed = JSON.parse(stored) as unknown;
  if (!Array.isArray(parsed)) throw new Error('A stored rendering’s blocks are not a list.');
  if (!parsed.every((item) => typeof item === 'number')) return parsed as string[];
  const blocks: string[] = [];
  let at = 0;
  for (const length of parsed as number[]) {
    blocks.push(html.slice(at, at + length));
    at += length + 1;
  }
  return blocks;
}

/** The compact form of a `blocks` column stored in full; null when it has it already or cannot. */
export function compactStoredBlocks(html: string, stored: string): string | null {
  const parsed = JSON.parse(stored) as unknown;
  if (!Array.isArray(parsed) || parsed.length === 0 || !parsed.every((item) => typeof item === 'string')) return null;
  const compact = encodeStoredBlocks(html, parsed as string[]);
  return compact === stored ? null : compact;
}
