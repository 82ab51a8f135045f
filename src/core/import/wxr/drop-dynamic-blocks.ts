// WordPress blocks that WordPress fills in as it displays a page, from the site's other
// posts, its menus or its theme: a query loop (`wp:query`, its post template, pagination
// and "no results" text), a template part (`wp:template-part {"slug":"header"}`), a
// navigation, comments, a reusable block (`wp:block {"ref":12}`), latest posts… The export
// holds only their frame and placeholder words ("No posts found.", "Next Page"), which
// would be stray words on a Duet page. They are taken out whole, inner blocks and all, and
// named (with a slug, a theme or a ref when they have one) so the report can list them
// with their post. Self-closing dynamic blocks (`<!-- wp:latest-posts /-->`) hold nothing,
// and are named too: they were part of the page in WordPress. One left-to-right scan.

/** Blocks whose whole content, delimiters to delimiters, is WordPress's to fill in. */
const dynamicWrappers = new Set([
  'query',
  'query-no-results',
  'query-pagination',
  'post-template',
  'template-part',
  'navigation',
  'navigation-submenu',
  'comments',
  'comments-pagination',
  'comment-template',
  'latest-posts',
  'latest-comments',
  'page-list',
  'post-comments-form',
  'widget-group',
  'legacy-widget',
]);

/** Self-closing blocks that are only an empty version of a static block: nothing was lost. */
const harmless = new Set(['paragraph', 'heading', 'spacer', 'separator', 'more', 'nextpage']);

export interface DroppedBlocks {
  html: string;
  /** `wp:query`, `wp:template-part (header)`… in order, each once. */
  dropped: string[];
}

// `<!-- wp:name {"attrs"} -->`, `<!-- /wp:name -->` and `<!-- wp:name /-->`; a namespaced
// plugin block is `wp:plugin/name`. WordPress escapes `--` inside the attributes' JSON.
const delimiter = /<!--\s*(\/)?wp:([a-z][a-z0-9-]*(?:\/[a-z][a-z0-9-]*)?)\s*(\{[\s\S]*?\})?\s*(\/)?-->\n?/g;

function describe(name: string, attributes: string | undefined): string {
  const label = `wp:${name}`;
  if (!attributes) return label;
  try {
    const parsed = JSON.parse(attributes) as Record<string, unknown>;
    const detail = [parsed.slug, parsed.theme, parsed.ref].filter((value) => typeof value === 'string' || typeof value === 'number').join(', ');
    return detail ? `${label} (${detail})` : label;
  } catch {
    return label;
  }
}

export function dropDynamicBlocks(html: string): DroppedBlocks {
  if (!html.includes('<!-- wp:') && !html.includes('<!--wp:')) return { html, dropped: [] };
  const dropped = new Set<string>();
  const parts: string[] = [];
  let copied = 0;
  /** The dynamic block being skipped, and how deep blocks of its name nest inside it. */
  let skipping: { name: string; depth: number } | null = null;
  for (const match of html.matchAll(delimiter)) {
    const [whole, closing, rawName, attributes, selfClosing] = match;
    const name = rawName!.replace(/^core\//, '');
    const at = match.index;
    if (skipping) {
      if (name !== skipping.name || selfClosing) continue;
      skipping.depth += closing ? -1 : 1;
      if (skipping.depth === 0) {
        copied = at + whole.length;
        skipping = null;
      }
      continue;
    }
    if (closing) continue;
    if (selfClosing) {
      if (!harmless.has(name)) dropped.add(describe(name, attributes));
      continue;
    }
    if (dynamicWrappers.has(name)) {
      dropped.add(describe(name, attributes));
      parts.push(html.slice(copied, at));
      skipping = { name, depth: 1 };
    }
  }
  // A block never closed: everything after its start was its own.
  parts.push(skipping ? '' : html.slice(copied));
  return { html: parts.join(''), dropped: [...dropped] };
}
