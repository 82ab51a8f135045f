// Who is asking: the Studio account behind a request's session cookie, as the Actor the
// permission rules take. Every Studio page and route handler asks here; nothing trusts a
// header the proxy could have set.
import { scopeAllows, type ApiKeyScope } from '@/core/api-keys/api-key';
import { can, isRole, type Action, type Actor, type Resource } from '@/core/auth/permissions';
import { AppError } from '@/core/errors/app-error';
import { getDatabase, type Db } from '@/db/client';
import { createAuthorRepository } from '@/db/repositories/authors';
import { ensureDatabase } from '@/server/ensure-database';
import { authFor } from './auth';

export interface StudioUser extends Actor {
  name: string;
  email: string;
  /** Set when a program acts through an API key: it may do no more than the key's scope. */
  apiKeyScope?: ApiKeyScope;
}

export async function actorFromHeaders(headers: Headers, db: Db = getDatabase()): Promise<StudioUser | null> {
  await ensureDatabase();
  const session = await authFor(db).api.getSession({ headers });
  if (!session) return null;
  const user = session.user as typeof session.user & { role?: unknown };
  if (!isRole(user.role)) return null;
  const authorId = await createAuthorRepository(db).authorIdOfUser(user.id);
  return { id: user.id, role: user.role, authorId, name: user.name, email: user.email };
}

/** For route handlers: the actor, or 401. */
export async function requireActor(request: Request): Promise<StudioUser> {
  const actor = await actorFromHeaders(request.headers);
  if (!actor) throw new AppError('UNAUTHENTICATED', 'Sign in to the Studio first.');
  return actor;
}

/**
 * Throws 403 unless the rules allow it. An API key's actor is held to its scope first, so
 * the Admin API asks the very rules the Studio asks, and never gets more than they allow.
 */
export function authorize(actor: Actor & Pick<StudioUser, 'apiKeyScope'>, action: Action, resource?: Resource): void {
  if (actor.apiKeyScope && !scopeAllows(actor.apiKeyScope, action)) {
    throw new AppError('FORBIDDEN', 'An API key may write drafts and ask for review; publishing and everything else stays in the Studio.', { reason: 'api-key-scope' });
  }
  if (!can(actor, action, resource)) throw new AppError('FORBIDDEN', 'Your role does not allow this.');
}
