// A reader asks to subscribe: limits per client and per address, the honeypot, then the
// member, a confirmation token and the confirmation e-mail written together, and the mail
// worker woken. The caller answers the same whatever happened here (no enumeration), so
// this returns nothing a requester could learn from; only a client over its limit is
// refused (429), which says nothing about any address.
import { normalizeEmail, pageLocaleOf } from '@/core/members/member';
import { confirmTokenTtlMs, hashToken, newToken } from '@/core/members/member-token';
import { planSubscription, type SubscriptionPlan } from '@/core/members/plan-subscription';
import { isHoneypotFilled, type SubscribeInput } from '@/core/members/subscribe-input';
import { AppError } from '@/core/errors/app-error';
import type { ThrottlePolicy } from '@/core/auth/login-throttle';
import type { Db } from '@/db/client';
import { recordSubscription } from '@/db/members/member-rows';
import { reserveAttempt } from '@/server/auth/login-throttle-store';
import { absoluteUrl } from '@/core/config/site-url';
import { confirmationEmail, readSiteNames } from './member-messages';
import { queueSignInLink } from './sign-in-link';

/** Requests per client address: generous for a household or office behind one address. */
export const clientPolicy: ThrottlePolicy = { maxFailures: 20, windowMs: 60 * 60_000, lockMs: 60 * 60_000 };
/** Confirmation e-mails per address: nobody's inbox is flooded by someone else's requests. */
export const addressPolicy: ThrottlePolicy = { maxFailures: 3, windowMs: 60 * 60_000, lockMs: 60 * 60_000 };

/** The throttle's keys: the address only as a hash, so the table holds no one's e-mail. */
export const clientKeyPrefix = 'member-client:';
export const addressKeyPrefix = 'member-address:';

export interface SubscribeContext {
  clientAddress: string;
  now?: Date;
}

export function confirmPath(locale: 'zh' | 'en', token: string): string {
  return `/${locale}/members/confirm?token=${token}`;
}

export async function subscribeMember(db: Db, input: SubscribeInput, context: SubscribeContext): Promise<SubscriptionPlan> {
  const now = context.now ?? new Date();
  const client = await reserveAttempt(db, [`${clientKeyPrefix}${context.clientAddress}`], now, clientPolicy);
  if (!client.allowed) {
    throw new AppError('RATE_LIMITED', 'Too many subscription requests from this client.', { reason: 'rate-limited', retryAfterSeconds: client.wait });
  }
  const email = normalizeEmail(input.email);
  const isBot = isHoneypotFilled(input);
  // A bot's requests do not count against the address it typed.
  const address = isBot ? { allowed: true } : await reserveAttempt(db, [`${addressKeyPrefix}${hashToken(email)}`], now, addressPolicy);
  const siteNames = await readSiteNames(db);
  const token = newToken();
  const plan = await recordSubscription(db, {
    email,
    newsletters: input.newsletters,
    plan: (existing) => planSubscription(existing, { language: input.language, isBot, isAddressLimited: !address.allowed }),
    token: { hash: hashToken(token), expiresAt: new Date(now.getTime() + confirmTokenTtlMs) },
    message: (language) => {
      const composed = confirmationEmail(language, siteNames, absoluteUrl(confirmPath(pageLocaleOf(language), token)));
      return { kind: 'member-confirm', recipient: email, locale: language, ...composed };
    },
    siteNames,
    now,
  });
  // A subscribed member asking again: nothing of theirs changes, but they get a sign-in
  // link, so they learn they are subscribed and can change their choices (the address's
  // allowance above counts it).
  if (plan.action === 'none' && plan.why === 'already-subscribed') await queueSignInLink(db, email, undefined, now);
  return plan;
}
