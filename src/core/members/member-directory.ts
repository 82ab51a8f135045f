// The Studio's view of members: the filters of its list (also the export's), a member added
// by hand, and how the counts over time are bucketed. Pure rules and zod shapes.
import { z } from 'zod';
import type { Locale } from '@/core/locales';
import { addressStates, type AddressState } from './address-state';
import { memberLanguages, type MemberLanguage, type MemberStatus } from './member';
import { subscribeInput } from './subscribe-input';

export const memberStatuses = ['pending', 'subscribed', 'unsubscribed'] as const;
/** The status filter also finds addresses delivery gave up on (bounced, complained), whatever their status. */
export const memberStatusFilters = [...memberStatuses, ...addressStates] as const;
export const memberPageSize = 50;

/** The list's query string: every filter optional; `before` pages by id, newest first. */
export const memberFilterInput = z.strictObject({
  q: z.string().trim().max(254).optional(),
  language: z.enum(memberLanguages).optional(),
  status: z.enum(memberStatusFilters).optional(),
  newsletter: z.coerce.number().int().positive().optional(),
  before: z.coerce.number().int().positive().optional(),
});
export type MemberFilter = z.infer<typeof memberFilterInput>;

/** Reads filters from a query string, dropping empty values (a form's unset selects). */
export function parseMemberFilter(params: Record<string, string | string[] | undefined>): MemberFilter {
  const present = Object.fromEntries(Object.entries(params).filter(([key, value]) => typeof value === 'string' && value.trim() !== '' && key in memberFilterInput.shape));
  const parsed = memberFilterInput.safeParse(present);
  return parsed.success ? parsed.data : {};
}

/** A member added by a site manager, who vouches for their consent: subscribed at once. */
export const addMemberInput = z.strictObject({
  email: subscribeInput.shape.email,
  language: z.enum(memberLanguages),
  newsletters: z.array(z.coerce.number().int().positive()).max(20).default([]),
});
export type AddMemberInput = z.infer<typeof addMemberInput>;

/** How far back the chart of confirmations goes, in weeks. */
export const chartWeeks = 12;

export interface WeekCount {
  /** The Monday the week starts on (UTC), YYYY-MM-DD. */
  week: string;
  count: number;
}

function mondayOf(day: Date): Date {
  const monday = new Date(Date.UTC(day.getUTCFullYear(), day.getUTCMonth(), day.getUTCDate()));
  monday.setUTCDate(monday.getUTCDate() - ((monday.getUTCDay() + 6) % 7));
  return monday;
}

/** The first day counted: the Monday `chartWeeks - 1` weeks before this week's. */
export function chartStart(now: Date): Date {
  const start = mondayOf(now);
  start.setUTCDate(start.getUTCDate() - 7 * (chartWeeks - 1));
  return start;
}

/** Daily counts (YYYY-MM-DD → n) bucketed into the chart's weeks, oldest first, empty weeks kept. */
export function weeklyCounts(daily: readonly { day: string; count: number }[], now: Date): WeekCount[] {
  const weeks: WeekCount[] = [];
  const cursor = chartStart(now);
  for (let i = 0; i < chartWeeks; i++) {
    weeks.push({ week: cursor.toISOString().slice(0, 10), count: 0 });
    cursor.setUTCDate(cursor.getUTCDate() + 7);
  }
  for (const { day, count } of daily) {
    const week = mondayOf(new Date(`${day}T00:00:00Z`)).toISOString().slice(0, 10);
    const bucket = weeks.find((w) => w.week === week);
    if (bucket) bucket.count += count;
  }
  return weeks;
}

/** One CSV field, quoted when it must be (RFC 4180), and never read as a formula by a spreadsheet. */
export function csvField(value: string | number | null): string {
  let text = value === null ? '' : String(value);
  if (/^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** A row of the Studio's list (and of the export). */
export interface MemberListItem {
  id: number;
  email: string;
  language: MemberLanguage;
  status: MemberStatus;
  createdAt: string;
  confirmedAt: string | null;
  unsubscribedAt: string | null;
  /** null: deliverable; else no newsletter goes to the address. */
  addressState: AddressState | null;
  newsletters: number[];
}

/** Members by status, and subscribed members by the language they read. */
export interface MemberTotals {
  status: Record<MemberStatus, number>;
  /** Subscribed members by the language they read. */
  language: Record<MemberLanguage, number>;
  /** Members whose address bounced or complained, whatever their status. */
  address: Record<AddressState, number>;
}

export interface NewsletterSummary {
  id: number;
  name: Record<Locale, string>;
  isDefault: boolean;
}
