// GET /api/health: is the server up, and which version is it.
import { defineRoute } from '@/server/api/define-route';
import { appVersion } from '@/server/version';

export const dynamic = 'force-dynamic';

const route = defineRoute({
  GET: () => Response.json({ status: 'ok', version: appVersion }, { headers: { 'Cache-Control': 'no-store' } }),
});

export const { GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS } = route;
