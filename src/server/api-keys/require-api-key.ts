// Who a program is: the API key a request presents (`Authorization: Bearer <key>`, or
// `?key=` where a header cannot be set), checked for scope and rate, and the answer's CORS
// headers and log entry for that key. Every Content and Admin API handler goes through
// `withApiKey`, so no answer (errors included) leaves without being logged.
import { isApiKeyText, type ApiKeyScope } from '@/core/api-keys/api-key';
import { AppError } from '@/core/errors/app-error';
import { getDatabase } from '@/db/client';
import { ensureDatabase } from '@/server/ensure-database';
import { createApiKeysRepository, type ActiveApiKey } from '@/db/repositories/api-keys';
import type { ApiContext, ApiHandler } from '@/server/api/define-route';
import { errorLocale } from '@/server/api/error-titles';
import { describeError, errorResponse } from '@/server/api/respond';
import { cachedKey } from './key-cache';
import { takeRequest } from './rate-limit';
import { recordKeyUse } from './usage-log';

export type ApiKeyUse = ActiveApiKey;

async function lookUp(text: string): Promise<ActiveApiKey | null> {
  return cachedKey(text, async () => {
    await ensureDatabase();
    return createApiKeysRepository(getDatabase()).findActive(text);
  });
}

function presentedKey(request: Request): string | null {
  const header = request.headers.get('authorization');
  if (header) return /^Bearer\s+(\S+)$/i.exec(header.trim())?.[1] ?? '';
  return new URL(request.url).searchParams.get('key');
}

function clientIp(request: Request): string | null {
  return request.headers.get('x-forwarded-for')?.split(',')[0]?.trim().slice(0, 64) || null;
}

function logUse(request: Request, key: ApiKeyUse, status: number, requestId?: string): void {
  const { pathname } = new URL(request.url);
  recordKeyUse({ keyId: key.id, at: new Date().toISOString(), method: request.method, path: pathname.slice(0, 300), status, ip: clientIp(request), requestId: requestId ?? null });
}

/**
 * The key behind a request: 401 when none is sent or it is unknown or revoked, 403 when its
 * scope does not reach this API, 429 (with Retry-After) past its rate. A content key reads;
 * an admin key reads and writes drafts.
 */
export async function requireApiKey(request: Request, scope: ApiKeyScope, requestId?: string): Promise<ApiKeyUse> {
  const text = presentedKey(request);
  if (text === null) {
    throw new AppError('UNAUTHENTICATED', 'Send an API key: Authorization: Bearer <key>, or ?key=<key>.', { reason: 'api-key-missing' });
  }
  const key = isApiKeyText(text) ? await lookUp(text) : null;
  if (!key) throw new AppError('UNAUTHENTICATED', 'This API key is not valid: it is mistyped, revoked, or its account is gone.', { reason: 'api-key-invalid' });
  if (scope === 'admin' && key.scope !== 'admin') {
    logUse(request, key, 403, requestId);
    throw new AppError('FORBIDDEN', 'This is a content key: it reads published content only. Writing drafts needs an admin key.', { reason: 'api-key-scope' });
  }
  const rate = takeRequest(key.id, key.rateLimitPerMinute);
  if (!rate.allowed) {
    logUse(request, key, 429, requestId);
    throw new AppError('RATE_LIMITED', `This key may make ${key.rateLimitPerMinute} requests a minute. Try again in ${rate.retryAfter} s.`, {
      reason: 'api-key-rate',
      retryAfterSeconds: rate.retryAfter,
    });
  }
  return key;
}

const exposed = 'ETag, Retry-After, X-Request-Id, Content-Language';

/** Adds the key's CORS headers for the request's Origin and logs the use with its status. */
export function finishKeyedResponse(request: Request, key: ApiKeyUse, response: Response, requestId?: string): Response {
  const origin = request.headers.get('origin');
  response.headers.append('Vary', 'Origin');
  if (origin) {
    const allowsAny = key.allowedOrigins.includes('*');
    if (allowsAny || key.allowedOrigins.includes(origin)) {
      response.headers.set('Access-Control-Allow-Origin', allowsAny ? '*' : origin);
      response.headers.set('Access-Control-Expose-Headers', exposed);
    }
  }
  logUse(request, key, response.status, requestId);
  return response;
}

/**
 * A CORS preflight carries no key, so it is granted to any origin; whether a page may read
 * the answer is decided on the real request, by its key's allowed origins.
 */
export function preflightResponse(request: Request, allow = 'GET, HEAD, OPTIONS'): Response {
  const origin = request.headers.get('origin');
  const headers: Record<string, string> = { Allow: allow, Vary: 'Origin' };
  if (origin) {
    Object.assign(headers, {
      'Access-Control-Allow-Origin': origin,
      'Access-Control-Allow-Methods': allow,
      'Access-Control-Allow-Headers': 'Authorization, Content-Type, If-None-Match, If-Match',
      'Access-Control-Max-Age': '600',
    });
  }
  return new Response(null, { status: 204, headers });
}

/**
 * Wraps a handler that needs a key: the key is checked first, and whatever the handler
 * answers or throws goes out with the key's CORS headers and is logged.
 */
export function withApiKey<P>(scope: ApiKeyScope, handler: (request: Request, context: ApiContext<P> & { key: ApiKeyUse }) => Response | Promise<Response>): ApiHandler<P> {
  return async (request, context) => {
    const key = await requireApiKey(request, scope, context.requestId);
    let response: Response;
    try {
      response = await handler(request, { ...context, key });
    } catch (error) {
      const described = describeError(error);
      // A fault is rethrown so defineRoute logs it as one; it is still counted against the key.
      if (!described.expose) {
        logUse(request, key, described.status, context.requestId);
        throw error;
      }
      response = errorResponse(described, errorLocale(request));
    }
    return finishKeyedResponse(request, key, response, context.requestId);
  };
}
