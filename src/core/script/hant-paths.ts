// Where the Traditional-script variant of a Chinese page lives: `/zh/hant/…`, a segment
// right after the language prefix (docs/traditional-script.md says why a segment and not a
// query parameter). Pure path arithmetic, shared by the server entry's conversion layer,
// the pages' hreflang links and the 简 / 繁 switch.

/** The segment after `/zh` that names the Traditional variant. */
export const hantSegment = 'hant';
/** The prefix of every variant page. */
export const hantPrefix = `/zh/${hantSegment}`;
/** The BCP 47 tag of the variant (its `<html lang>`, its hreflang). */
export const hantLanguageTag = 'zh-Hant';

/** Which phrasing the variant uses: Taiwan's (`s2twp`, the default) or Hong Kong's (`s2hk`). */
export type HantVariant = 'tw' | 'hk';
export const hantVariants: readonly HantVariant[] = ['tw', 'hk'];
export const defaultHantVariant: HantVariant = 'tw';

export function isHantVariant(value: unknown): value is HantVariant {
  return value === 'tw' || value === 'hk';
}

/** The cookie that remembers the reader's script: like the language's, a year, SameSite=Lax. */
export const scriptCookie = {
  name: 'DUET_SCRIPT',
  maxAge: 60 * 60 * 24 * 365,
  sameSite: 'lax',
  path: '/',
} as const;

const studioOrFile = /^\/zh\/(?:studio(?:\/|$)|.*\.[A-Za-z0-9]+$)/;

/**
 * Whether `path` (no query) is a Chinese reading page that has a Traditional variant:
 * `/zh` and `/zh/…`, not the Studio, not a file (feeds stay as written), not a variant already.
 */
export function hasHantVariant(path: string): boolean {
  if (path !== '/zh' && !path.startsWith('/zh/')) return false;
  if (isHantPath(path)) return false;
  return !studioOrFile.test(path);
}

/** Whether `path` (no query) is a variant page. */
export function isHantPath(path: string): boolean {
  return path === hantPrefix || path.startsWith(`${hantPrefix}/`);
}

/** `/zh/posts/x?q=1` → `/zh/hant/posts/x?q=1`; any other path or URL comes back as it was. */
export function toHantPath(href: string): string {
  const end = href.search(/[?#]/);
  const path = end === -1 ? href : href.slice(0, end);
  if (!hasHantVariant(path)) return href;
  return `${hantPrefix}${path.slice(3)}${end === -1 ? '' : href.slice(end)}`;
}

/** `/zh/hant/posts/x?q=1` → `/zh/posts/x?q=1`; a path outside the variant comes back as it was. */
export function fromHantPath(href: string): string {
  const end = href.search(/[?#]/);
  const path = end === -1 ? href : href.slice(0, end);
  if (!isHantPath(path)) return href;
  return `/zh${path.slice(hantPrefix.length)}${end === -1 ? '' : href.slice(end)}`;
}
