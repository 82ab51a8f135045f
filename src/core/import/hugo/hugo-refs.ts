// Where a Hugo ref/relref leads: the page it names (a file's or a bundle's name), and the
// `/posts/<name>` Duet falls back to when no imported page has that name.

/** The page a ref names, as Hugo finds it: `posts/a/index.md` and `a.zh.md` are both "a". */
export function refName(path: string): string {
  const parts = path.replace(/\.(?:md|markdown|html)$/i, '').split('/').filter(Boolean);
  if (parts.length > 1 && /^_?index(?:\.[\w-]+)?$/i.test(parts.at(-1)!)) parts.pop();
  return (parts.at(-1) ?? '').replace(/\.[a-z]{2}(?:-[a-z]{2,4})?$/i, '').toLowerCase();
}

/** `/posts/<name>` and the anchor: where a ref goes when the importer knows no page by that name. */
export function fallbackRefPath(target: string): string {
  const [path = '', anchor] = target.split('#', 2);
  const name = refName(path);
  const base = name ? `/posts/${encodeURIComponent(name)}` : '';
  return `${base}${anchor ? `#${anchor}` : ''}` || target;
}
