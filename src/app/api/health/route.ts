// GET /api/health: is the server up, which version is it, and can it reach its database.
import { defineRoute } from '@/server/api/define-route';
import { jsonError } from '@/server/api/respond';
import { checkContentHealth } from '@/server/content';
import { logger } from '@/server/logger';
import { appVersion } from '@/server/version';

export const dynamic = 'force-dynamic';

const route = defineRoute({
  GET: async () => {
    try {
      await checkContentHealth();
    } catch (err) {
      logger.error({ err }, 'health: database unreachable');
      return jsonError(503, 'The database is unreachable.', { headers: { 'Retry-After': '5' } });
    }
    return Response.json({ status: 'ok', version: appVersion, db: 'ok' }, { headers: { 'Cache-Control': 'no-store' } });
  },
});

export const { GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS } = route;
