// GET /favicon.ico: the site's icon as an ICO (server/favicon.ts).
import { defineRoute } from '@/server/api/define-route';
import { faviconResponse } from '@/server/favicon';

export const dynamic = 'force-dynamic';

const route = defineRoute({ GET: (request) => faviconResponse(request) });

export const { GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS } = route;
