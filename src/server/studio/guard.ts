// The door of every Studio page: no accounts yet → the setup form; not signed in → the
// sign-in page. Pages then ask can() for the action they show and render the refusal
// notice when it says no; hiding a link is never the check.
import { headers } from 'next/headers';
import { redirect } from 'next/navigation';
import { getDatabase } from '@/db/client';
import { ensureDatabase } from '@/db/ensure-database';
import type { Locale } from '@/i18n/routing';
import { countUsers } from '@/server/auth/accounts';
import { actorFromHeaders, type StudioUser } from '@/server/auth/session';

export async function studioActor(locale: Locale): Promise<StudioUser> {
  await ensureDatabase();
  const actor = await actorFromHeaders(await headers());
  if (!actor) {
    if ((await countUsers(getDatabase())) === 0) redirect(`/${locale}/studio/setup`);
    redirect(`/${locale}/studio/login`);
  }
  return actor;
}

/** The client's address for the sign-in throttle: the hop nearest this server. */
export function clientAddress(requestHeaders: Headers): string {
  const forwarded = requestHeaders.get('x-forwarded-for');
  const last = forwarded?.split(',').map((s) => s.trim()).filter(Boolean).at(-1);
  return last ?? requestHeaders.get('x-real-ip') ?? 'unknown';
}
