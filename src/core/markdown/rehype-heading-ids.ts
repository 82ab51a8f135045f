// Tidies the ids rehype-slug gives headings. It keeps Chinese as is ("第一个字就难"),
// which reads well in the address bar; we only take out what an id must not have here:
// underscores (an id like `__next_f` would shadow a script global) and stray hyphens.
import type { Root } from 'hast';
import { SKIP, visit } from 'unist-util-visit';

/** The rehype plugin; run it right after rehype-slug and before anything links to the ids. */
export function rehypeHeadingIds() {
  return (tree: Root) => {
    const seen = new Set<string>();
    visit(tree, 'element', (node) => {
      // The footnotes section's own heading is named by remark-rehype; leave it be.
      if (node.tagName === 'section' && node.properties.dataFootnotes !== undefined) return SKIP;
      if (!/^h[1-6]$/.test(node.tagName)) return;
      const raw = node.properties.id;
      if (typeof raw !== 'string') return;
      const base = tidyId(raw);
      let id = base;
      for (let n = 1; seen.has(id); n += 1) id = `${base}-${n}`;
      seen.add(id);
      node.properties.id = id;
    });
  };
}

/** An id of letters, marks, digits and single inner hyphens, starting with a letter or digit. */
export function tidyId(raw: string): string {
  const id = raw
    .normalize('NFC')
    .replace(/[^\p{L}\p{M}\p{N}]+/gu, '-')
    .replace(/^[-\p{M}]+|-+$/gu, '');
  return id === '' ? 'section' : id;
}
