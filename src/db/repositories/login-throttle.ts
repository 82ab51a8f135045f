// The failed-attempt throttle's rows: one per key (an account or an address), counted in
// one atomic upsert that returns the new count, so simultaneous guesses cannot all pass
// the check before any of them is counted. What a count means is
// server/auth/login-throttle-store.ts's and core/auth/login-throttle.ts's.
import { sql, type Kysely } from 'kysely';
import type { ThrottlePolicy } from '@/core/auth/login-throttle';
import type { Database } from '../schema';

/**
 * Counts one failure against `key` and returns the row as it is now. The count starts
 * again once the window has passed (and no lock holds) or a lock has expired; the key is
 * locked when the count reaches the policy's maximum.
 */
export async function countAttempt(db: Kysely<Database>, key: string, policy: ThrottlePolicy, now: Date): Promise<{ failures: number; lockedUntil: string | null }> {
  const nowIso = now.toISOString();
  const windowCutoff = new Date(now.getTime() - policy.windowMs).toISOString();
  const lockUntil = new Date(now.getTime() + policy.lockMs).toISOString();
  const isFresh = sql<boolean>`(login_throttle.locked_until is not null and login_throttle.locked_until <= ${nowIso})
    or (login_throttle.locked_until is null and login_throttle.window_start < ${windowCutoff})`;
  const isLocked = sql<boolean>`(login_throttle.locked_until is not null and login_throttle.locked_until > ${nowIso})`;
  const count = sql<number>`case when ${isFresh} then 1 else login_throttle.failures + 1 end`;
  const row = await db
    .insertInto('login_throttle')
    .values({ key, failures: 1, window_start: nowIso, locked_until: policy.maxFailures <= 1 ? lockUntil : null })
    .onConflict((oc) =>
      oc.column('key').doUpdateSet({
        failures: count,
        window_start: sql<string>`case when ${isFresh} then ${nowIso} else login_throttle.window_start end`,
        locked_until: sql<string | null>`case when ${isLocked} then login_throttle.locked_until when ${count} >= ${policy.maxFailures} then ${lockUntil} else null end`,
      }),
    )
    .returning(['failures', 'locked_until'])
    .executeTakeFirstOrThrow();
  return { failures: Number(row.failures), lockedUntil: row.locked_until };
}

export async function clearAttempts(db: Kysely<Database>, keys: string[]): Promise<void> {
  await db.deleteFrom('login_throttle').where('key', 'in', keys).execute();
}

/** Drops the rows of keys starting with `prefix` whose window and lock are both over at `now`. */
export async function pruneLapsedAttempts(db: Kysely<Database>, prefix: string, policy: ThrottlePolicy, now: Date): Promise<void> {
  const nowIso = now.toISOString();
  const windowCutoff = new Date(now.getTime() - policy.windowMs).toISOString();
  await db
    .deleteFrom('login_throttle')
    .where(sql<string>`substr(key, 1, ${prefix.length})`, '=', prefix)
    .where('window_start', '<', windowCutoff)
    .where((eb) => eb.or([eb('locked_until', 'is', null), eb('locked_until', '<=', nowIso)]))
    .execute();
}
