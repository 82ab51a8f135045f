// Tokens of members: the confirmation link and the sign-in link (single use), and the
// session a sign-in opens (the `duet_member` cookie). 32 random bytes each, of which the
// database keeps only the SHA-256, so a copy of the database confirms or signs in nobody.
import { createHash, randomBytes } from 'node:crypto';

export type TokenPurpose = 'confirm' | 'sign-in' | 'session';

/** How long a confirmation link works. */
export const confirmTokenTtlMs = 48 * 60 * 60 * 1000;
/** How long a sign-in link works: long enough to switch to the mail app and back. */
export const signInTokenTtlMs = 60 * 60 * 1000;
/** How long a member stays signed in on one browser. */
export const sessionTtlMs = 30 * 24 * 60 * 60 * 1000;

export function newToken(): string {
  return randomBytes(32).toString('base64url');
}

export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/** A token's shape as sent (43 base64url characters); anything else is not looked up. */
export function isTokenShaped(value: unknown): value is string {
  return typeof value === 'string' && /^[A-Za-z0-9_-]{43}$/.test(value);
}

export type TokenState = 'valid' | 'used' | 'expired' | 'unknown';

export function tokenState(token: { expiresAt: string; usedAt: string | null } | null, now: Date): TokenState {
  if (!token) return 'unknown';
  if (token.usedAt) return 'used';
  return Date.parse(token.expiresAt) <= now.getTime() ? 'expired' : 'valid';
}
