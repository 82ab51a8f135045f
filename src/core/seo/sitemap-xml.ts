// The XML of sitemaps (sitemaps.org 0.9 with xhtml:link alternates) and of a sitemap
// index. Pure: callers give absolute URLs; this only escapes and arranges.
import { escapeXmlAttribute } from '@/core/feeds/xml-writer';
import { locales, type Locale } from '@/core/locales';
import { hreflangAlternates } from './hreflang';

export const sitemapUrlLimit = 50_000;

const escapeXml = escapeXmlAttribute;

export const urlsetOpen =
  '<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">\n';
export const urlsetClose = '</urlset>\n';

/**
 * One <url> per language version, each listing every version as an alternate, and
 * x-default when every language has the page (the same set as the page's head,
 * core/seo/hreflang.ts).
 */
export function urlEntries(urlsByLocale: Partial<Record<Locale, string>>, lastModified?: string | null): string {
  const alternates = Object.entries(hreflangAlternates(urlsByLocale))
    .map(([lang, url]) => `<xhtml:link rel="alternate" hreflang="${escapeXml(lang)}" href="${escapeXml(url)}"/>`)
    .join('');
  const lastmod = lastModified ? `<lastmod>${escapeXml(lastModified)}</lastmod>` : '';
  return locales
    .flatMap((locale) => (urlsByLocale[locale] ? [urlsByLocale[locale]] : []))
    .map((url) => `<url><loc>${escapeXml(url)}</loc>${lastmod}${alternates}</url>\n`)
    .join('');
}

export function sitemapIndex(children: Array<{ url: string; lastModified?: string | null }>): string {
  const items = children
    .map((c) => `<sitemap><loc>${escapeXml(c.url)}</loc>${c.lastModified ? `<lastmod>${escapeXml(c.lastModified)}</lastmod>` : ''}</sitemap>\n`)
    .join('');
  return `<?xml version="1.0" encoding="UTF-8"?>\n<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${items}</sitemapindex>\n`;
}
