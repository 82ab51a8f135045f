// robots.txt: everything readable but the Studio and the API; points at the sitemap.
import type { MetadataRoute } from 'next';
import { robotsDisallowRules } from '@/core/seo/robots-rules';
import { absoluteUrl } from '@/core/config/site-url';

export default function robots(): MetadataRoute.Robots {
  return {
    rules: { userAgent: '*', allow: '/', disallow: robotsDisallowRules() },
    sitemap: absoluteUrl('/sitemap.xml'),
  };
}
