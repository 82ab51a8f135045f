// GET /{locale}/posts/{slug}/og.png: the article's Open Graph image in that language
// (server/og). A route handler rather than the opengraph-image file convention: its URL
// ends in a file extension, which the proxy never treats as a page (no language cookie),
// and the metadata decides which language's image a page points at.
import { defineRoute } from '@/server/api/define-route';
import { servePostOgImage } from '@/server/og/serve-post-og-image';

export const dynamic = 'force-dynamic';

const route = defineRoute<{ locale: string; slug: string }>({
  GET: (request, { params }) => servePostOgImage(request, params.locale, params.slug),
});

export const { GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS } = route;
