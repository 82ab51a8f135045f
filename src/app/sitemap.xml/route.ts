// GET /sitemap.xml: every published translation with its alternates, or an index of
// child sitemaps once there are more URLs than one sitemap may hold.
import { defineRoute } from '@/server/api/define-route';
import { sitemapResponse } from '@/server/sitemap/stream-sitemap';

export const dynamic = 'force-dynamic';

const route = defineRoute({ GET: () => sitemapResponse() });

export const { GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS } = route;
