// The public origin of the site, for canonical URLs, feeds and sitemaps.
// SITE_URL wins; otherwise http://localhost:$PORT.

export function siteUrl(): URL {
  const configured = process.env.SITE_URL;
  if (configured) return new URL(configured);
  return new URL(`http://localhost:${process.env.PORT ?? 3000}`);
}

export function absoluteUrl(path: string): string {
  return new URL(path, siteUrl()).toString();
}
