// Keeps the failed-login throttle's rows in the database, so the limit holds across
// restarts and across instances sharing a database.
import type { Kysely } from 'kysely';
import { recordFailure, retryAfterSeconds, type ThrottleRecord } from '@/core/auth/login-throttle';
import type { Database } from '@/db/schema';

async function load(db: Kysely<Database>, keys: string[]): Promise<Map<string, ThrottleRecord>> {
  const rows = await db.selectFrom('login_throttle').selectAll().where('key', 'in', keys).execute();
  return new Map(rows.map((r) => [r.key, { failures: r.failures, windowStart: r.window_start, lockedUntil: r.locked_until }]));
}

/** The longest wait any of the keys is under, in seconds (0: go ahead). */
export async function throttleWait(db: Kysely<Database>, keys: string[], now = new Date()): Promise<number> {
  const records = await load(db, keys);
  return Math.max(0, ...keys.map((k) => retryAfterSeconds(records.get(k), now)));
}

/** Records a failure against every key; returns the wait now in force (0 if none). */
export async function noteFailure(db: Kysely<Database>, keys: string[], now = new Date()): Promise<number> {
  const records = await load(db, keys);
  let wait = 0;
  for (const key of keys) {
    const next = recordFailure(records.get(key), now);
    await db
      .insertInto('login_throttle')
      .values({ key, failures: next.failures, window_start: next.windowStart, locked_until: next.lockedUntil })
      .onConflict((oc) =>
        oc.column('key').doUpdateSet({ failures: next.failures, window_start: next.windowStart, locked_until: next.lockedUntil }),
      )
      .execute();
    wait = Math.max(wait, retryAfterSeconds(next, now));
  }
  return wait;
}

export async function clearFailures(db: Kysely<Database>, keys: string[]): Promise<void> {
  await db.deleteFrom('login_throttle').where('key', 'in', keys).execute();
}
