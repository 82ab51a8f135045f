// The member signed in on this request (the `duet_member` cookie), for the pages of their
// account. Those pages are rendered per request and never cached.
import { cookies } from 'next/headers';
import type { Member, NewsletterChoice } from '@/core/members/member';
import { getDatabase } from '@/db/client';
import { newsletterChoices } from '@/db/members/member-account';
import { ensureDatabase } from '@/server/ensure-database';
import { memberCookie, memberOfCookie } from './member-session';

export async function currentMember(): Promise<Member | null> {
  await ensureDatabase();
  return memberOfCookie(getDatabase(), (await cookies()).get(memberCookie)?.value);
}

export interface AccountView {
  member: Member;
  newsletters: NewsletterChoice[];
}

export async function currentAccount(): Promise<AccountView | null> {
  const member = await currentMember();
  return member ? { member, newsletters: await newsletterChoices(getDatabase(), member.id) } : null;
}
