// GET /{locale}/podcast.xml: the narrations of the language as a podcast, RSS 2.0 with iTunes tags (see server/feeds).
import { defineRoute } from '@/server/api/define-route';
import { serveFeed } from '@/server/feeds/serve-feed';

export const dynamic = 'force-dynamic';

const route = defineRoute<{ locale: string }>({ GET: (_request, { params }) => serveFeed(params.locale, 'podcast') });

export const { GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS } = route;
