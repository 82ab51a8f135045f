// A sign-in link for a member who once confirmed their address, queued with its token in
// one transaction (db/members/member-account.ts): asked for on the sign-in page
// (member-session.ts), or sent when a subscribed member subscribes again, so they learn
// they are subscribed and can change their choices rather than hear nothing.
import { absoluteUrl } from '@/core/config/site-url';
import type { Locale } from '@/core/locales';
import { pageLocaleOf, type Member } from '@/core/members/member';
import { composeConfirmationEmail } from '@/core/members/confirmation-email';
import { hashToken, newToken, signInTokenTtlMs } from '@/core/members/member-token';
import type { Db } from '@/db/client';
import { recordSignInRequest } from '@/db/members/member-account';
import { memberTranslator, readSiteNames } from './member-messages';

export function signInPath(locale: Locale, token?: string): string {
  return `/${locale}/members/sign-in${token ? `?token=${token}` : ''}`;
}

function signInEmail(member: Member, locale: Locale, siteNames: Record<Locale, string>, link: string) {
  const t = memberTranslator(locale);
  const site = siteNames[locale];
  const composed = composeConfirmationEmail(
    [{ locale, subject: t('signInEmail.subject', { site }), heading: t('signInEmail.heading'), intro: t('signInEmail.intro', { site }), action: t('signInEmail.action'), ignore: t('signInEmail.ignore') }],
    link,
  );
  return { kind: 'member-sign-in', recipient: member.email, locale, ...composed };
}

/**
 * Queues the link when `email` (normalized) is a confirmed member's; false otherwise. The
 * e-mail is in `locale` (the page asked from), else in the member's own language.
 */
export async function queueSignInLink(db: Db, email: string, locale: Locale | undefined, now: Date): Promise<boolean> {
  const siteNames = await readSiteNames(db);
  const token = newToken();
  return recordSignInRequest(db, {
    email,
    token: { hash: hashToken(token), expiresAt: new Date(now.getTime() + signInTokenTtlMs) },
    message: (member) => {
      const language = locale ?? pageLocaleOf(member.language);
      return signInEmail(member, language, siteNames, absoluteUrl(signInPath(language, token)));
    },
    now,
  });
}
