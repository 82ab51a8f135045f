// Keeps the failed-login throttle's rows in the database, so the limit holds across
// restarts and across instances sharing a database. An attempt is counted *before* the
// password is checked, in one atomic statement per key (an upsert that returns the new
// count), so a hundred simultaneous guesses cannot all pass the check before any of
// them is counted: the sixth in a window is refused without its password being looked at.
import { sql, type Kysely } from 'kysely';
import { loginThrottlePolicy, type ThrottlePolicy } from '@/core/auth/login-throttle';
import type { Database } from '@/db/schema';

export interface AttemptVerdict {
  /** False: refused unheard, the key is locked. */
  allowed: boolean;
  /** Seconds until the keys may try again once this attempt fails (0: not locked). */
  waitIfFailed: number;
  /** Seconds of lock already in force (for a refused attempt). */
  wait: number;
}

function secondsUntil(iso: string | null, now: Date): number {
  if (!iso) return 0;
  const ms = Date.parse(iso) - now.getTime();
  return ms > 0 ? Math.ceil(ms / 1000) : 0;
}

/** Counts one attempt against each key and says whether it may be heard. */
export async function reserveAttempt(db: Kysely<Database>, keys: string[], now = new Date(), policy: ThrottlePolicy = loginThrottlePolicy): Promise<AttemptVerdict> {
  const nowIso = now.toISOString();
  const windowCutoff = new Date(now.getTime() - policy.windowMs).toISOString();
  const lockUntil = new Date(now.getTime() + policy.lockMs).toISOString();
  // The count starts again once the window has passed (and no lock holds) or a lock has expired.
  const isFresh = sql<boolean>`(login_throttle.locked_until is not null and login_throttle.locked_until <= ${nowIso})
    or (login_throttle.locked_until is null and login_throttle.window_start < ${windowCutoff})`;
  const isLocked = sql<boolean>`(login_throttle.locked_until is not null and login_throttle.locked_until > ${nowIso})`;
  const count = sql<number>`case when ${isFresh} then 1 else login_throttle.failures + 1 end`;

  let allowed = true;
  let wait = 0;
  let waitIfFailed = 0;
  for (const key of keys) {
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
    const failures = Number(row.failures);
    const lock = secondsUntil(row.locked_until, now);
    if (failures > policy.maxFailures) {
      allowed = false;
      wait = Math.max(wait, lock);
    }
    waitIfFailed = Math.max(waitIfFailed, lock);
  }
  return { allowed, wait, waitIfFailed };
}

export async function clearFailures(db: Kysely<Database>, keys: string[]): Promise<void> {
  await db.deleteFrom('login_throttle').where('key', 'in', keys).execute();
}

/**
 * Drops the rows of keys starting with `prefix` whose window and lock are both over: they
 * would start again from nothing anyway. The members' limits make one row per address
 * that ever asked to subscribe, so their rows are cleared as they lapse.
 */
export async function pruneThrottle(db: Kysely<Database>, prefix: string, policy: ThrottlePolicy, now = new Date()): Promise<void> {
  const nowIso = now.toISOString();
  const windowCutoff = new Date(now.getTime() - policy.windowMs).toISOString();
  await db
    .deleteFrom('login_throttle')
    .where(sql<string>`substr(key, 1, ${prefix.length})`, '=', prefix)
    .where('window_start', '<', windowCutoff)
    .where((eb) => eb.or([eb('locked_until', 'is', null), eb('locked_until', '<=', nowIso)]))
    .execute();
}
