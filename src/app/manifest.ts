// manifest.webmanifest: the installable app, named in the default language.
import type { MetadataRoute } from 'next';
import zh from '../../messages/zh.json';
import { defaultLocale } from '@/i18n/routing';

export default function manifest(): MetadataRoute.Manifest {
  return {
    name: `${zh.site.name} · Duet`,
    short_name: zh.site.name,
    description: zh.site.description,
    lang: defaultLocale,
    start_url: '/',
    display: 'standalone',
    background_color: '#fbf8f3',
    theme_color: '#b3402a',
    icons: [
      { src: '/static/icon-192.png', sizes: '192x192', type: 'image/png' },
      { src: '/static/icon-512.png', sizes: '512x512', type: 'image/png' },
      { src: '/static/icon-512-maskable.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
    ],
  };
}
