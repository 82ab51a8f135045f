// The door of every Studio page: no accounts yet → the setup form; not signed in → the
// sign-in page. Pages then ask can() for the action they show and render the refusal
// notice when it says no; hiding a link is never the check.
import { headers } from 'next/headers';
import { redirect } from 'next/navigation';
import { getDatabase } from '@/db/client';
import { ensureDatabase } from '@/server/ensure-database';
import type { Locale } from '@/core/locales';
import { countUsers } from '@/server/auth/accounts';
import { actorFromHeaders, type StudioUser } from '@/server/auth/session';
import { logger } from '@/server/logger';

export async function studioActor(locale: Locale): Promise<StudioUser> {
  await ensureDatabase();
  const actor = await actorFromHeaders(await headers());
  if (!actor) {
    if ((await countUsers(getDatabase())) === 0) redirect(`/${locale}/studio/setup`);
    redirect(`/${locale}/studio/login`);
  }
  return actor;
}

let warnedNoHook = false;

/**
 * The client's address for the sign-in throttle, as the server entry's client-address layer
 * found it (src/server-entry/client-address.ts: the socket's peer, or what a proxy named in
 * TRUST_PROXY reported) before Next saw the request. Without it (a bare `next start` or
 * `next dev`), Next's own
 * X-Forwarded-For is all there is, and a client can set it: say so once.
 */
export function clientAddress(requestHeaders: Headers): string {
  const checked = requestHeaders.get('x-duet-client-address');
  if (checked) return checked;
  if (!warnedNoHook) {
    warnedNoHook = true;
    logger.warn('the server was not started by `npm start`: client addresses come from X-Forwarded-For, which clients can forge');
  }
  const forwarded = requestHeaders.get('x-forwarded-for');
  return forwarded?.split(',').map((s) => s.trim()).filter(Boolean).at(-1) ?? 'unknown';
}
