// robots.txt: everything readable but the Studio and the API; points at the sitemap.
import type { MetadataRoute } from 'next';
import { robotsDisallowRules } from '@/core/seo/robots-rules';
import { absoluteUrl } from '@/core/config/site-url';

// Rendered when asked, not at build time: the sitemap's address comes from the SITE_URL the
// server runs with, so one build serves any address (docs/deploy.md).
export const dynamic = 'force-dynamic';

export default function robots(): MetadataRoute.Robots {
  return {
    rules: { userAgent: '*', allow: '/', disallow: robotsDisallowRules() },
    sitemap: absoluteUrl('/sitemap.xml'),
  };
}
