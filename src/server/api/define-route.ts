// Builds a route handler module for the JSON API: every HTTP method is answered,
// unknown ones with 405 and an Allow header; each request gets an id (echoed in
// X-Request-Id and in logs); anything thrown becomes the one error shape.
import { randomUUID } from 'node:crypto';
import { logger } from '@/server/logger';
import { errorLocale } from './error-titles';
import { describeError, errorResponse, jsonError } from './respond';
import { assertSameOrigin } from './same-origin';

export const httpMethods = ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'] as const;
export type HttpMethod = (typeof httpMethods)[number];

export interface ApiContext<P> {
  params: P;
  requestId: string;
}

export type ApiHandler<P> = (request: Request, context: ApiContext<P>) => Response | Promise<Response>;
type NextHandler = (request: Request, context: { params: Promise<Record<string, string | string[]>> }) => Promise<Response>;

const REQUEST_ID = /^[A-Za-z0-9._-]{8,128}$/;

function requestIdOf(request: Request): string {
  const given = request.headers.get('x-request-id');
  return given && REQUEST_ID.test(given) ? given : randomUUID();
}

export interface RouteOptions {
  /**
   * 'same-origin' (the default): POST, PUT, PATCH and DELETE must carry this site's
   * Origin (cross-site request forgery). 'any': the route authenticates each request by
   * a token of its own (e.g. the CLI's revalidation call) and takes no cookies.
   */
  writesFrom?: 'same-origin' | 'any';
  /** Answers OPTIONS (a CORS preflight) instead of the plain 204 with Allow. */
  preflight?: (request: Request, allow: string) => Response;
}

const writeMethods: ReadonlySet<HttpMethod> = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

export function defineRoute<P = Record<string, never>>(
  handlers: Partial<Record<Exclude<HttpMethod, 'HEAD' | 'OPTIONS'>, ApiHandler<P>>>,
  options: RouteOptions = {},
): Record<HttpMethod, NextHandler> {
  const checkOrigin = (options.writesFrom ?? 'same-origin') === 'same-origin';
  const allowed = Object.keys(handlers) as HttpMethod[];
  if (allowed.includes('GET')) allowed.push('HEAD');
  allowed.push('OPTIONS');
  const allow = allowed.join(', ');

  const handle = (method: HttpMethod): NextHandler =>
    async (request, context) => {
      const requestId = requestIdOf(request);
      const started = performance.now();
      let response: Response;
      try {
        const target = method === 'HEAD' ? handlers.GET : handlers[method as keyof typeof handlers];
        if (method === 'OPTIONS') {
          response = options.preflight ? options.preflight(request, allow) : new Response(null, { status: 204, headers: { Allow: allow } });
        } else if (!target) {
          response = jsonError(405, `${method} is not allowed here. Allowed: ${allow}.`, { headers: { Allow: allow }, locale: errorLocale(request) });
        } else {
          if (checkOrigin && writeMethods.has(method)) assertSameOrigin(request);
          const params = (await context.params) as P;
          response = await target(request, { params, requestId });
          if (method === 'HEAD') response = new Response(null, response);
        }
      } catch (error) {
        const described = describeError(error);
        // The logger takes secrets out of `url` (a key sent as ?key=): logger.ts.
        const log = { requestId, method, url: request.url, status: described.status };
        if (described.expose) logger.info(log, 'request refused');
        else logger.error({ ...log, err: error }, 'request failed');
        response = errorResponse(described, errorLocale(request));
      }
      response.headers.set('X-Request-Id', requestId);
      logger.debug({ requestId, method, url: request.url, status: response.status, ms: performance.now() - started });
      return response;
    };

  return Object.fromEntries(httpMethods.map((m) => [m, handle(m)])) as Record<HttpMethod, NextHandler>;
}
