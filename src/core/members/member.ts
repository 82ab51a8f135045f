// What a member is: a reader who subscribed by e-mail, in Chinese, in English or in both,
// and how far their double opt-in has gone. Pure rules shared by the API, the pages and the
// mail that goes out to them.
import type { Locale } from '@/core/locales';

export const memberLanguages = ['zh', 'en', 'both'] as const;
export type MemberLanguage = (typeof memberLanguages)[number];

/** pending: asked, not confirmed; subscribed: confirmed; unsubscribed: left. */
export type MemberStatus = 'pending' | 'subscribed' | 'unsubscribed';

export interface Member {
  id: number;
  email: string;
  language: MemberLanguage;
  status: MemberStatus;
  createdAt: string;
  confirmedAt: string | null;
  unsubscribedAt: string | null;
}

/**
 * One spelling per address, so one address is one member: trimmed and lower-cased whole.
 * The local part is case-sensitive by the letter of RFC 5321, but no mail provider in use
 * treats it so, and two members for Ann@ and ann@ would get every issue twice.
 */
export function normalizeEmail(email: string): string {
  return email.trim().toLowerCase();
}

export function isMemberLanguage(value: unknown): value is MemberLanguage {
  return typeof value === 'string' && (memberLanguages as readonly string[]).includes(value);
}

/** The languages a member's e-mail is written in, in order: Chinese first for `both`. */
export function mailLocalesOf(language: MemberLanguage): Locale[] {
  return language === 'both' ? ['zh', 'en'] : [language];
}

/** The language of the pages a member's links open (a `both` member's: Chinese, the default). */
export function pageLocaleOf(language: MemberLanguage): Locale {
  return language === 'en' ? 'en' : 'zh';
}

/** A member as shown to themselves (their data download, the account API): no row id. */
export function ownView(member: Member): Omit<Member, 'id'> {
  return { email: member.email, language: member.language, status: member.status, createdAt: member.createdAt, confirmedAt: member.confirmedAt, unsubscribedAt: member.unsubscribedAt };
}

/** A newsletter of the site as a member chooses it. */
export interface NewsletterChoice {
  id: number;
  name: Record<Locale, string>;
  description: Record<Locale, string>;
  chosen: boolean;
}
