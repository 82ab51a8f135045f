// How failed sign-ins are limited: at most `maxFailures` attempts without a success
// within `windowMs` per key (an account's e-mail and the client's address are separate
// keys), after which the key is locked for `lockMs` and every attempt is refused unheard.
// The same answer is given whether or not the account exists, so the limit reveals
// nothing. The store (server/auth/login-throttle-store.ts) counts atomically in SQL.

export interface ThrottlePolicy {
  maxFailures: number;
  windowMs: number;
  lockMs: number;
}

export const loginThrottlePolicy: ThrottlePolicy = { maxFailures: 5, windowMs: 15 * 60_000, lockMs: 15 * 60_000 };

/** The key used for an account: e-mail addresses compare case-insensitively. */
export function accountKey(email: string): string {
  return `account:${email.trim().toLowerCase()}`;
}

export function addressKey(address: string): string {
  return `address:${address}`;
}
