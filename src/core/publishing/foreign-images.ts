// Images a page would ask another site for. The site's Content-Security-Policy allows
// images from itself only (`img-src 'self'`), so such an image is blank for every reader:
// publishing a text that has one is refused until it is uploaded to the library or removed.
// One pass over the stored HTML (sanitized output, attributes always double-quoted), so
// the check costs the length of the page, never a parse.

const imageTag = /<(?:img|source)\b[^>]*>/gi;
const sourceAttribute = /\s(src|srcset)="([^"]*)"/gi;

/** True when `url` (from an src or one srcset candidate) would be fetched from another origin than `siteOrigin`. */
export function isForeignImageUrl(url: string, siteOrigin: string): boolean {
  const value = url.trim();
  if (value === '' || value.startsWith('data:') || value.startsWith('blob:')) return false;
  // Protocol-relative: another host unless it is this one.
  const absolute = value.startsWith('//') ? `https:${value}` : value;
  if (!/^[a-z][a-z0-9+.-]*:/i.test(absolute)) return false;
  try {
    return new URL(absolute).origin !== new URL(siteOrigin).origin;
  } catch {
    return true;
  }
}

/** The distinct foreign image addresses of a rendered text, in order of appearance. */
export function findForeignImages(html: string, siteOrigin: string): string[] {
  const found = new Set<string>();
  for (const [tag] of html.matchAll(imageTag)) {
    for (const [, name, raw] of tag.matchAll(sourceAttribute)) {
      const value = raw!.replaceAll('&amp;', '&');
      // srcset: "url 1x, url 2x"; src: one url (commas are legal inside it).
      const candidates = name!.toLowerCase() === 'srcset' ? value.split(',').map((c) => c.trim().split(/\s+/)[0] ?? '') : [value];
      for (const url of candidates) if (isForeignImageUrl(url, siteOrigin)) found.add(url.trim());
    }
  }
  return [...found];
}
