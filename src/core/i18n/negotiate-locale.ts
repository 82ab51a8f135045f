// Picks a reader's language from what they asked for: the cookie first, then
// Accept-Language, then the site default. Pure, so the proxy and tests share it.

export interface NegotiateInput<L extends string> {
  locales: readonly L[];
  defaultLocale: L;
  cookie?: string | null;
  acceptLanguage?: string | null;
}

interface Range {
  tag: string;
  q: number;
  order: number;
}

/** Parses an Accept-Language header into ranges, best first; malformed parts are skipped. */
export function parseAcceptLanguage(header: string | null | undefined): string[] {
  if (!header) return [];
  const ranges: Range[] = [];
  header.split(',').forEach((part, order) => {
    const [rawTag, ...params] = part.trim().split(';');
    const tag = rawTag?.trim().toLowerCase();
    if (!tag || !/^([a-z]{1,8}(-[a-z0-9]{1,8})*|\*)$/.test(tag)) return;
    let q = 1;
    for (const param of params) {
      const match = /^\s*q\s*=\s*([01](\.\d{0,3})?)\s*$/i.exec(param);
      if (match) q = Number(match[1]);
    }
    if (q > 0) ranges.push({ tag, q, order });
  });
  return ranges.sort((a, b) => b.q - a.q || a.order - b.order).map((r) => r.tag);
}

/** The supported locale that best matches Accept-Language, or null when none does. */
export function matchAcceptLanguage<L extends string>(
  header: string | null | undefined,
  locales: readonly L[],
): L | null {
  for (const tag of parseAcceptLanguage(header)) {
    if (tag === '*') return null;
    const primary = tag.split('-')[0];
    const found = locales.find((l) => l === tag || l === primary);
    if (found) return found;
  }
  return null;
}

export function negotiateLocale<L extends string>(input: NegotiateInput<L>): L {
  const { locales, defaultLocale, cookie, acceptLanguage } = input;
  if (cookie && (locales as readonly string[]).includes(cookie)) return cookie as L;
  return matchAcceptLanguage(acceptLanguage, locales) ?? defaultLocale;
}
