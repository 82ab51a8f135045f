// What the Studio's Members screen reads: one page of the filtered list, its count, the
// totals, the confirmations of the last weeks, and the newsletters to filter by. Each is
// an indexed query or a keyset page, so the screen costs the same at 100,000 members.
// The Newsletters screen's settings, recent sends and send rate are read here too.
import { chartStart, memberPageSize, weeklyCounts, type MemberFilter } from '@/core/members/member-directory';
import { getDatabase } from '@/db/client';
import { mailDelivery } from '@/server/mail/mail-status';
import { listNewsletterSettings } from '@/db/newsletters/newsletter-settings';
import { readSendRate } from '@/db/newsletters/send-rate';
import { listSendReports } from '@/db/newsletters/send-report';
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

/** The Newsletters screen's recent sends (20 a page, by keyset) and the send rate. */
export async function newsletterSendsOverview(before: number | undefined) {
  const db = getDatabase();
  const [page, sendRate] = await Promise.all([listSendReports(db, { before, limit: 20 }), readSendRate(db)]);
  return { page, sendRate };
}
