// GET /{locale}/feed.json: the language's latest articles, in full, as JSON Feed 1.1 (see server/feeds).
import { defineRoute } from '@/server/api/define-route';
import { serveFeed } from '@/server/feeds/serve-feed';

export const dynamic = 'force-dynamic';

const route = defineRoute<{ locale: string }>({ GET: (_request, { params }) => serveFeed(params.locale, 'json') });

export const { GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS } = route;
