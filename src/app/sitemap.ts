// sitemap.xml: every page in both languages, each with its xhtml:link alternates.
import type { MetadataRoute } from 'next';
import { locales } from '@/i18n/routing';
import { samePathInAllLocales, type LocalePaths } from '@/server/alternates';
import { absoluteUrl } from '@/server/site-url';

function entries(paths: LocalePaths): MetadataRoute.Sitemap {
  const languages = Object.fromEntries(Object.entries(paths).map(([l, p]) => [l, absoluteUrl(p)]));
  return locales.flatMap((l) => {
    const path = paths[l];
    return path ? [{ url: absoluteUrl(path), alternates: { languages } }] : [];
  });
}

export default function sitemap(): MetadataRoute.Sitemap {
  return [samePathInAllLocales('/'), samePathInAllLocales('/about')].flatMap(entries);
}
