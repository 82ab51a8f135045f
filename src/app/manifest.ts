// manifest.webmanifest: the installable app, named in the default language with the
// owner's name, accent and icons (server/site/site-identity.ts).
import type { MetadataRoute } from 'next';
import { defaultLocale } from '@/core/locales';
import { getSiteIdentity } from '@/server/site/site-identity';

// The settings live in the database the server opens at start, not at build time.
export const dynamic = 'force-dynamic';

export default async function manifest(): Promise<MetadataRoute.Manifest> {
  const site = await getSiteIdentity(defaultLocale);
  const { icon192, icon512, maskable512 } = site.icons;
  return {
    name: site.name,
    short_name: site.name,
    description: site.description,
    lang: defaultLocale,
    start_url: '/',
    display: 'standalone',
    background_color: '#fbf8f3',
    theme_color: site.accent.light,
    icons: [
      { src: icon192.path, sizes: icon192.sizes, type: icon192.type },
      { src: icon512.path, sizes: icon512.sizes, type: icon512.type },
      { src: maskable512.path, sizes: maskable512.sizes, type: maskable512.type, purpose: 'maskable' },
    ],
  };
}
