// Removes the block delimiters the WordPress block editor (Gutenberg) stores around each
// block, `<!-- wp:image {"id":12} -->…<!-- /wp:image -->`, keeping the HTML between them.
// Self-closing dynamic blocks (`<!-- wp:latest-posts /-->`) render on the server only, so
// nothing of them is left. Other comments stay. One left-to-right scan.

export function stripBlockComments(html: string): string {
  const parts: string[] = [];
  let copied = 0;
  let at = 0;
  while ((at = html.indexOf('<!--', at)) >= 0) {
    const end = html.indexOf('-->', at + 4);
    if (end < 0) break;
    const inside = html.slice(at + 4, Math.min(end, at + 64)).trimStart();
    if (inside.startsWith('wp:') || inside.startsWith('/wp:')) {
      parts.push(html.slice(copied, at));
      copied = end + 3;
      // The newline that put the delimiter on its own line goes with it.
      if (html[copied] === '\n') copied++;
    }
    at = end + 3;
  }
  parts.push(html.slice(copied));
  return parts.join('');
}
