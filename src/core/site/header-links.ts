// The header's links, each address once: Duet's own (home, archive, tags, search), then
// the site's pages, then the owner's links (Settings). An owner's link to a page the
// header already lists, or two links to one address, would read as a doubled item; the
// first one wins. Addresses are compared as a browser would reach them: a trailing slash,
// letter case in the host and an empty query or fragment do not make another address.

export interface HeaderLink {
  label: string;
  href: string;
}

/** The form of an address two links share when they lead to the same page. */
export function linkKey(href: string): string {
  const trimmed = href.trim().replace(/[?#]$/, '');
  const match = /^([a-z][a-z\d+.-]*:\/\/[^/?#]+)(.*)$/i.exec(trimmed);
  const [origin, rest] = match ? [match[1]!.toLowerCase(), match[2]!] : ['', trimmed];
  const path = rest.replace(/\/+(?=$|[?#])/, '') || '/';
  return origin + path;
}

export function uniqueHeaderLinks<T extends HeaderLink>(links: readonly T[]): T[] {
  const seen = new Set<string>();
  return links.filter((link) => {
    const key = linkKey(link.href);
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}
