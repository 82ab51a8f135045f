// The Admin API's routes: authenticated by an admin key only (a session cookie never
// reaches them, so they need no Origin check), answering CORS preflights, and acting as
// the key's account held to the key's scope.
import { defineRoute, type ApiContext, type HttpMethod } from '@/server/api/define-route';
import { preflightResponse, withApiKey, type ApiKeyUse } from '@/server/api-keys/require-api-key';
import type { StudioUser } from '@/server/auth/session';

type AdminHandler<P> = (request: Request, context: ApiContext<P> & { actor: StudioUser }) => Response | Promise<Response>;

export function keyActor(key: ApiKeyUse): StudioUser {
  return { ...key.user, apiKeyScope: key.scope };
}

export function defineAdminRoute<P>(handlers: Partial<Record<Exclude<HttpMethod, 'HEAD' | 'OPTIONS'>, AdminHandler<P>>>) {
  const keyed = Object.fromEntries(
    Object.entries(handlers).map(([method, handler]) => [method, withApiKey<P>('admin', (request, context) => handler!(request, { ...context, actor: keyActor(context.key) }))]),
  );
  return defineRoute<P>(keyed, { writesFrom: 'any', preflight: (request, allow) => preflightResponse(request, allow) });
}
