// sitemap.xml: the home, list pages and every published translation, each with its
// xhtml:link alternates (only for versions that exist) and lastmod.
import type { MetadataRoute } from 'next';
import { locales } from '@/i18n/routing';
import { samePathInAllLocales, type LocalePaths } from '@/server/alternates';
import { listSitemapEntries } from '@/server/content';
import { absoluteUrl } from '@/server/site-url';

export const dynamic = 'force-dynamic';

function entries(paths: LocalePaths, lastModified?: string): MetadataRoute.Sitemap {
  const languages = Object.fromEntries(Object.entries(paths).map(([l, p]) => [l, absoluteUrl(p)]));
  return locales.flatMap((l) => {
    const path = paths[l];
    return path ? [{ url: absoluteUrl(path), lastModified, alternates: { languages } }] : [];
  });
}

export default async function sitemap(): Promise<MetadataRoute.Sitemap> {
  const posts = await listSitemapEntries();
  return [
    ...['/', '/archive', '/tags'].flatMap((p) => entries(samePathInAllLocales(p))),
    ...posts.flatMap((entry) => entries(entry.paths, entry.updatedAt)),
  ];
}
