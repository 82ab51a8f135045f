// GET /api/v1/openapi.json: the OpenAPI 3.1 document of the API, generated from the zod
// schemas the handlers use. Public (it says what exists, not what is stored) and
// readable from any origin, so API tools in the browser can load it.
import { cacheableJsonResponse, toCachedJson, type CachedJson } from '@/server/api/cacheable-json';
import { defineRoute } from '@/server/api/define-route';
import { apiDocument } from '@/server/openapi/api-document';

let document: CachedJson<unknown> | undefined;

const route = defineRoute(
  {
    GET: (request) => {
      document ??= toCachedJson(apiDocument());
      const response = cacheableJsonResponse(request, document, { cacheControl: 'public, max-age=300' });
      response.headers.set('Access-Control-Allow-Origin', '*');
      return response;
    },
  },
  {
    preflight: (_request, allow) =>
      new Response(null, { status: 204, headers: { Allow: allow, 'Access-Control-Allow-Origin': '*', 'Access-Control-Allow-Methods': allow, 'Access-Control-Max-Age': '86400' } }),
  },
);

export const { GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS } = route;
