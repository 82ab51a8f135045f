// Members sign in by a link sent to their address (no password): asking for one is
// limited like subscribing and answered the same whether or not the address is a member;
// the link's page asks for a click (a mail scanner that opens links signs nobody in),
// which trades the single-use link for a session cookie (`duet_member`, HttpOnly,
// SameSite=Lax, Secure on an https site), kept 30 days or until signing out.
import { AppError } from '@/core/errors/app-error';
import { siteUrl } from '@/core/config/site-url';
import { normalizeEmail, type Member } from '@/core/members/member';
import { hashToken, isTokenShaped, newToken, sessionTtlMs } from '@/core/members/member-token';
import type { SignInRequestInput } from '@/core/members/account-input';
import type { ThrottlePolicy } from '@/core/auth/login-throttle';
import type { Db } from '@/db/client';
import { endMemberSession, memberOfSession, openMemberSession, type SessionOpening } from '@/db/members/member-account';
import { reserveAttempt } from '@/server/auth/login-throttle-store';
import { queueSignInLink, signInPath } from './sign-in-link';
import { clientKeyPrefix, clientPolicy } from './subscribe-member';

export { signInPath };

export const memberCookie = 'duet_member';
/** Sign-in e-mails per address an hour: nobody's inbox is flooded by another's requests. */
export const signInAddressPolicy: ThrottlePolicy = { maxFailures: 5, windowMs: 60 * 60_000, lockMs: 60 * 60_000 };
export const signInAddressKeyPrefix = 'member-sign-in:';

/** Queues a sign-in link when the address is a confirmed member's; the caller answers the same either way. */
export async function requestSignIn(db: Db, input: SignInRequestInput, context: { clientAddress: string; now?: Date }): Promise<boolean> {
  const now = context.now ?? new Date();
  // One allowance per client for subscribing and signing in: both send e-mail to whoever is typed.
  const client = await reserveAttempt(db, [`${clientKeyPrefix}${context.clientAddress}`], now, clientPolicy);
  if (!client.allowed) throw new AppError('RATE_LIMITED', 'Too many requests from this client.', { reason: 'rate-limited', retryAfterSeconds: client.wait });
  const email = normalizeEmail(input.email);
  const address = await reserveAttempt(db, [`${signInAddressKeyPrefix}${hashToken(email)}`], now, signInAddressPolicy);
  if (!address.allowed) return false;
  return queueSignInLink(db, email, input.locale, now);
}

export interface SignedIn extends SessionOpening {
  /** The session's token for the cookie, when the link was good. */
  session: string | null;
}

export async function signInWithToken(db: Db, token: unknown, now = new Date()): Promise<SignedIn> {
  if (!isTokenShaped(token)) return { state: 'unknown', language: null, session: null };
  const session = newToken();
  const opened = await openMemberSession(db, hashToken(token), { hash: hashToken(session), expiresAt: new Date(now.getTime() + sessionTtlMs) }, now);
  return { ...opened, session: opened.state === 'valid' ? session : null };
}

export async function memberOfCookie(db: Db, cookieValue: string | undefined, now = new Date()): Promise<Member | null> {
  return isTokenShaped(cookieValue) ? memberOfSession(db, hashToken(cookieValue), now) : null;
}

export async function signOut(db: Db, cookieValue: string | undefined, now = new Date()): Promise<void> {
  if (isTokenShaped(cookieValue)) await endMemberSession(db, hashToken(cookieValue), now);
}

/** The Set-Cookie value of a session (or of its removal). */
export function sessionCookie(value: string | null): string {
  const secure = siteUrl().protocol === 'https:' ? '; Secure' : '';
  return value
    ? `${memberCookie}=${value}; Path=/; HttpOnly; SameSite=Lax; Max-Age=${Math.floor(sessionTtlMs / 1000)}${secure}`
    : `${memberCookie}=; Path=/; HttpOnly; SameSite=Lax; Max-Age=0${secure}`;
}

/** The cookie's value in a request's Cookie header. */
export function memberCookieOf(request: Request): string | undefined {
  const header = request.headers.get('cookie') ?? '';
  for (const part of header.split(';')) {
    const [name, ...rest] = part.trim().split('=');
    if (name === memberCookie) return rest.join('=');
  }
  return undefined;
}
