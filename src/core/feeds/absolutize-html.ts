// Rewrites the links of rendered article HTML to absolute URLs: a feed reader shows the
// HTML away from the site, where `/images/a.webp` or `#note-1` would point nowhere.
//
// The input is the sanitized output of core/markdown (hast-util-to-html): text never
// holds a raw `<`, attribute values are quoted and never hold a raw quote of their kind.
// That is what lets a tokenizer find every tag without a full HTML parser.

/** Attributes that hold one URL, by the HTML spec. */
const urlAttributes = new Set(['href', 'src', 'cite', 'poster', 'longdesc', 'action', 'formaction', 'background']);

const tag = /<([A-Za-z][A-Za-z0-9-]*)((?:\s+[^\s"'>/=]+(?:\s*=\s*(?:"[^"]*"|'[^']*'|[^\s"'=<>`]+))?)*)(\s*\/?)>/g;
const attribute = /(\s+)([^\s"'>/=]+)(?:\s*=\s*("[^"]*"|'[^']*'|[^\s"'=<>`]+))?/g;
const hasScheme = /^[A-Za-z][A-Za-z0-9+.-]*:/;

/**
 * Resolves every relative URL (href, src, srcset…) against `base`, the absolute URL of
 * the page the HTML belongs to, so `#fn-1` becomes `<page>#fn-1` and `/images/a.webp`
 * `<origin>/images/a.webp`. Absolute URLs and unparsable values are left as they are.
 */
export function absolutizeHtml(html: string, base: string): string {
  return html.replace(tag, (whole, name: string, attributes: string, end: string) => {
    if (!attributes) return whole;
    const rewritten = attributes.replace(attribute, (match, space: string, attrName: string, quoted: string | undefined) => {
      const lower = attrName.toLowerCase();
      const isSrcset = lower === 'srcset' || lower === 'imagesrcset';
      if (quoted === undefined || (!urlAttributes.has(lower) && !isSrcset)) return match;
      const value = decodeAttribute(unquote(quoted));
      const absolute = isSrcset ? resolveSrcset(value, base) : resolveUrl(value, base);
      if (absolute === value) return match;
      return `${space}${attrName}="${encodeAttribute(absolute)}"`;
    });
    return `<${name}${rewritten}${end}>`;
  });
}

function resolveUrl(value: string, base: string): string {
  const trimmed = value.trim();
  if (trimmed === '' || hasScheme.test(trimmed)) return value;
  try {
    return new URL(trimmed, base).toString();
  } catch {
    return value;
  }
}

/** `a.webp 1x, /b.webp 2x`: each candidate's URL resolved, descriptors kept. */
function resolveSrcset(value: string, base: string): string {
  return value
    .split(',')
    .map((candidate) => {
      const [url, ...descriptors] = candidate.trim().split(/\s+/);
      return url ? [resolveUrl(url, base), ...descriptors].join(' ') : '';
    })
    .filter(Boolean)
    .join(', ');
}

function unquote(value: string): string {
  return value.startsWith('"') || value.startsWith("'") ? value.slice(1, -1) : value;
}

const namedReferences: Record<string, string> = { amp: '&', quot: '"', apos: "'", lt: '<', gt: '>' };

function decodeAttribute(value: string): string {
  return value.replace(/&(?:#[xX]([0-9A-Fa-f]+)|#(\d+)|([A-Za-z]+));/g, (match, hex?: string, decimal?: string, named?: string) => {
    if (named !== undefined) return namedReferences[named] ?? match;
    const codePoint = hex !== undefined ? parseInt(hex, 16) : Number(decimal);
    return codePoint > 0 && codePoint <= 0x10ffff ? String.fromCodePoint(codePoint) : match;
  });
}

function encodeAttribute(value: string): string {
  return value.replace(/&/g, '&amp;').replace(/"/g, '&quot;');
}
