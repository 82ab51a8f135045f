// GET /api/v1/internal/script-settings: what the server entry's Traditional-script layer
// needs of the site (its phrasing, the glossary's do-not-translate names). The server entry
// asks its own process, with the internal token; never public.
import { AppError } from '@/core/errors/app-error';
import { defineRoute } from '@/server/api/define-route';
import { hasInternalToken } from '@/server/revalidate-token';
import { loadScriptSettings } from '@/server/site/script-settings';

export const dynamic = 'force-dynamic';

const route = defineRoute({
  GET: async (request) => {
    if (!hasInternalToken(request)) throw new AppError('UNAUTHENTICATED', 'A valid token is required.');
    return Response.json(await loadScriptSettings(), { headers: { 'Cache-Control': 'no-store' } });
  },
});

export const { GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS } = route;
