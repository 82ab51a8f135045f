// How failed sign-ins are limited: at most `maxFailures` within `windowMs` per key (an
// account's e-mail and the client's address are separate keys), after which the key is
// locked for `lockMs`. The same answer is given whether or not the account exists, so the
// limit reveals nothing. Pure: the store (server/auth/login-throttle-store.ts) keeps rows.

export interface ThrottleRecord {
  failures: number;
  /** ISO time of the first failure in the current window. */
  windowStart: string;
  lockedUntil: string | null;
}

export interface ThrottlePolicy {
  maxFailures: number;
  windowMs: number;
  lockMs: number;
}

export const loginThrottlePolicy: ThrottlePolicy = { maxFailures: 5, windowMs: 15 * 60_000, lockMs: 15 * 60_000 };

/** Seconds until the key may try again, or 0 when it may try now. */
export function retryAfterSeconds(record: ThrottleRecord | undefined, now: Date): number {
  if (!record?.lockedUntil) return 0;
  const wait = Date.parse(record.lockedUntil) - now.getTime();
  return wait > 0 ? Math.ceil(wait / 1000) : 0;
}

/** The record after one more failure at `now`. */
export function recordFailure(
  record: ThrottleRecord | undefined,
  now: Date,
  policy: ThrottlePolicy = loginThrottlePolicy,
): ThrottleRecord {
  const nowMs = now.getTime();
  const windowOpen = record !== undefined && nowMs - Date.parse(record.windowStart) < policy.windowMs;
  const failures = windowOpen ? record.failures + 1 : 1;
  const windowStart = windowOpen ? record.windowStart : now.toISOString();
  const lockedUntil = failures >= policy.maxFailures ? new Date(nowMs + policy.lockMs).toISOString() : null;
  return { failures, windowStart, lockedUntil };
}

/** The key used for an account: e-mail addresses compare case-insensitively. */
export function accountKey(email: string): string {
  return `account:${email.trim().toLowerCase()}`;
}

export function addressKey(address: string): string {
  return `address:${address}`;
}
