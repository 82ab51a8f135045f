// GET /{locale}/feed.xml: the language's latest articles, in full, as RSS 2.0 (see server/feeds).
import { defineRoute } from '@/server/api/define-route';
import { serveFeed } from '@/server/feeds/serve-feed';

export const dynamic = 'force-dynamic';

const route = defineRoute<{ locale: string }>({ GET: (_request, { params }) => serveFeed(params.locale, 'rss') });

export const { GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS } = route;
