// What the Studio's Members screen reads: one page of the filtered list, its count, the
// totals, the confirmations of the last weeks, and the newsletters to filter by. Each is
// an indexed query or a keyset page, so the screen costs the same at 100,000 members.
import { chartStart, memberPageSize, weeklyCounts, type MemberFilter } from '@/core/members/member-directory';
import { getDatabase } from '@/db/client';
import { mailDelivery } from '@/server/mail/mail-status';
import { listNewsletterSettings } from '@/db/newsletters/newsletter-settings';
import { confirmationsByDay, countMembers, listMembers, listNewsletterSummaries, memberTotals } from '@/db/members/member-directory';

export async function membersOverview(filter: MemberFilter, now = new Date()) {
  const db = getDatabase();
  const [page, count, totals, daily, newsletters, delivery] = await Promise.all([
    listMembers(db, filter, memberPageSize),
    countMembers(db, filter),
    memberTotals(db),
    confirmationsByDay(db, chartStart(now)),
    listNewsletterSummaries(db),
    mailDelivery(),
  ]);
  return { ...page, count, totals, weeks: weeklyCounts(daily, now), newsletters, delivery };
}
export type MembersOverview = Awaited<ReturnType<typeof membersOverview>>;

/** The site's newsletters with their settings and member counts, for the Newsletters screen. */
export function newsletterSettings() {
  return listNewsletterSettings(getDatabase());
}
