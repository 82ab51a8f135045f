// robots.txt: everything readable but the Studio and the API; points at the sitemap.
import type { MetadataRoute } from 'next';
import { locales } from '@/i18n/routing';
import { absoluteUrl } from '@/server/site-url';

export default function robots(): MetadataRoute.Robots {
  return {
    rules: { userAgent: '*', allow: '/', disallow: ['/api/', ...locales.map((l) => `/${l}/studio`)] },
    sitemap: absoluteUrl('/sitemap.xml'),
  };
}
