// A reader opens the link of their confirmation e-mail: the token is looked up by its
// hash and used once. Returns what the page tells them, and in which language.
import { hashToken, isTokenShaped } from '@/core/members/member-token';
import { getDatabase, type Db } from '@/db/client';
import { ensureDatabase } from '@/server/ensure-database';
import { confirmSubscription, type Confirmation } from '@/db/members/member-rows';

export async function confirmMember(db: Db, token: unknown, now = new Date()): Promise<Confirmation> {
  if (!isTokenShaped(token)) return { state: 'unknown', language: null };
  return confirmSubscription(db, hashToken(token), now);
}

/** For the confirmation page: the site's database, ready. */
export async function confirmFromLink(token: unknown): Promise<Confirmation> {
  await ensureDatabase();
  return confirmMember(getDatabase(), token);
}
