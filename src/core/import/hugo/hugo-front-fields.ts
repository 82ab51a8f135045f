// What a Hugo page's front matter says beyond its text, read as Hugo reads it: the cover a
// theme shows, whether the page is rendered at all (`headless`, `build.render`), its old
// addresses (`aliases`, `url`) and when it expires. Loose values (a string where a list is
// usual, numbers for names) are accepted, as Hugo accepts them.
import { posix } from 'node:path';
import { optionalText, toIsoUtc } from '../import-values';

/** A featured image from the conventions of Hugo themes: a `featured-image`/`cover` resource or a field. */
export function readCover(data: Record<string, unknown>): string | null {
  if (Array.isArray(data.resources)) {
    for (const resource of data.resources as Array<Record<string, unknown>>) {
      const name = `${text(resource?.name) ?? ''} ${text(resource?.src) ?? ''}`;
      if (/(^|[\s/])(featured[-_]?image|featured|cover)\b/i.test(name) && text(resource.src)) return text(resource.src);
    }
  }
  const cover = data.cover as unknown;
  return (
    text(data.featuredImage) ?? text(data.featured_image) ?? text(data.featureimage) ?? text(data.image) ??
    (typeof cover === 'string' ? text(cover) : text((cover as Record<string, unknown> | undefined)?.image)) ??
    (Array.isArray(data.images) ? text(data.images[0]) : null)
  );
}

/** Hugo renders no page for it: `headless: true`, or `build`/`_build` with `render: never` (or false). */
export function isHeadless(data: Record<string, unknown>): boolean {
  if (data.headless === true || data.headless === 'true') return true;
  for (const key of ['build', '_build']) {
    const options = data[key];
    if (options && typeof options === 'object') {
      const render = (options as Record<string, unknown>).render;
      if (render === false || render === 'never' || render === 'false') return true;
    }
  }
  return false;
}

/**
 * The site paths a page was also published at: each alias and its `url`, as absolute paths
 * without a trailing slash. An alias without a leading slash is relative to the page's
 * folder, as in Hugo.
 */
export function oldAddresses(data: Record<string, unknown>, pageFolder: string): string[] {
  const found = new Set<string>();
  for (const alias of [...list(data.aliases), ...(text(data.url) ? [text(data.url)!] : [])]) {
    let path: string;
    if (/^https?:\/\//i.test(alias)) {
      try {
        path = new URL(alias).pathname;
      } catch {
        continue;
      }
    } else {
      const bare = alias.replace(/[?#].*$/, '');
      path = bare.startsWith('/') ? bare : posix.join('/', pageFolder, bare);
    }
    const normalized = decoded(posix.normalize(path).replace(/\/+$/, ''));
    if (normalized && normalized !== '/' && normalized !== '.') found.add(normalized);
  }
  return [...found];
}

/** A path as the redirects table keeps it: percent-escapes decoded, NFC; as written when they are broken. */
function decoded(path: string): string {
  try {
    return decodeURIComponent(path).normalize('NFC');
  } catch {
    return path.normalize('NFC');
  }
}

/** The moment the page expires, when it names one. */
export function expiryOf(data: Record<string, unknown>): string | null {
  return toIsoUtc(data.expiryDate) ?? toIsoUtc(data.expirydate) ?? toIsoUtc(data.unpublishdate);
}

export function list(value: unknown): string[] {
  if (typeof value === 'string') return value.trim() ? [value.trim()] : [];
  if (!Array.isArray(value)) return [];
  return value.map((item) => (typeof item === 'string' || typeof item === 'number' ? String(item).trim() : '')).filter(Boolean);
}

export function text(value: unknown): string | null {
  return typeof value === 'number' ? String(value) : optionalText(value);
}
