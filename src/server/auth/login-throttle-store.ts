// Keeps the failed-login throttle's rows in the database, so the limit holds across
// restarts and across instances sharing a database. An attempt is counted *before* the
// password is checked, in one atomic statement per key (db/repositories/login-throttle.ts:
// an upsert that returns the new count), so a hundred simultaneous guesses cannot all pass
// the check before any of them is counted: the sixth in a window is refused without its
// password being looked at.
import { loginThrottlePolicy, type ThrottlePolicy } from '@/core/auth/login-throttle';
import type { Db } from '@/db/client';
import { clearAttempts, countAttempt, pruneLapsedAttempts } from '@/db/repositories/login-throttle';

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
export async function reserveAttempt(db: Db, keys: string[], now = new Date(), policy: ThrottlePolicy = loginThrottlePolicy): Promise<AttemptVerdict> {
  let allowed = true;
  let wait = 0;
  let waitIfFailed = 0;
  for (const key of keys) {
    const row = await countAttempt(db, key, policy, now);
    const failures = row.failures;
    const lock = secondsUntil(row.lockedUntil, now);
    if (failures > policy.maxFailures) {
      allowed = false;
      wait = Math.max(wait, lock);
    }
    waitIfFailed = Math.max(waitIfFailed, lock);
  }
  return { allowed, wait, waitIfFailed };
}

export async function clearFailures(db: Db, keys: string[]): Promise<void> {
  await clearAttempts(db, keys);
}

/**
 * Drops the rows of keys starting with `prefix` whose window and lock are both over: they
 * would start again from nothing anyway. The members' limits make one row per address
 * that ever asked to subscribe, so their rows are cleared as they lapse.
 */
export async function pruneThrottle(db: Db, prefix: string, policy: ThrottlePolicy, now = new Date()): Promise<void> {
  await pruneLapsedAttempts(db, prefix, policy, now);
}
