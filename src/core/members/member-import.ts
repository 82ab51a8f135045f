// Members brought from another platform's export, as those platforms write it: Ghost
// (Members → Export), Substack (Subscribers → Export) and Mailchimp (Audience → Export:
// one file each for subscribed, unsubscribed and cleaned contacts), or any CSV with an
// `email` column. Each row becomes a member to add (subscribed or unsubscribed, with its
// dates), or is skipped with the reason; the mapping is pure, so it is tested row by row.
import { z } from 'zod';
import { isMemberLanguage, normalizeEmail, type MemberLanguage } from './member';

export const importFormats = ['ghost', 'substack', 'mailchimp', 'generic'] as const;
export type ImportFormat = (typeof importFormats)[number];

/** The largest export taken in one request (about 200,000 members). */
export const maxImportBytes = 20 * 1024 * 1024;
export const maxReportedProblems = 20;

export const importQueryInput = z.strictObject({
  mode: z.enum(['dry-run', 'apply']),
  /** The language of members whose file does not say: the export platforms have none. */
  language: z.enum(['zh', 'en', 'both']),
  newsletter: z.coerce.number().int().positive().optional(),
});
export type ImportQuery = z.infer<typeof importQueryInput>;

export interface ImportedMember {
  email: string;
  language: MemberLanguage;
  status: 'subscribed' | 'unsubscribed';
  createdAt: string | null;
  confirmedAt: string | null;
  unsubscribedAt: string | null;
}

export type RowOutcome = { member: ImportedMember } | { skip: 'invalid-email' | 'deleted' | 'cleaned' | 'no-email' };

const email = z.email();
const truthy = (value: string | undefined) => /^(true|1|yes)$/i.test((value ?? '').trim());

/** A date as the exports write it (ISO, or Mailchimp's `2024-01-15 10:00:00` in UTC), else null. */
export function importDate(value: string | undefined): string | null {
  const text = (value ?? '').trim();
  if (!text) return null;
  const iso = /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/.test(text) ? `${text.replace(' ', 'T')}Z` : text;
  const time = Date.parse(iso);
  return Number.isNaN(time) ? null : new Date(time).toISOString();
}

/** The file's platform, told by its header (Ghost's `subscribed_to_emails`, Substack's `active_subscription`, Mailchimp's `Email Address`). */
export function detectFormat(header: readonly string[]): ImportFormat | null {
  const columns = new Set(header.map((h) => h.trim()));
  if (columns.has('email') && columns.has('subscribed_to_emails')) return 'ghost';
  if (columns.has('email') && columns.has('active_subscription')) return 'substack';
  if (columns.has('Email Address')) return 'mailchimp';
  if ([...columns].some((c) => c.toLowerCase() === 'email')) return 'generic';
  return null;
}

/** A language column's value (zh, zh-CN, zh-Hans, Chinese, 中文, en, English, both…), else null. */
export function languageOf(value: string | undefined): MemberLanguage | null {
  const text = (value ?? '').trim().toLowerCase();
  if (!text) return null;
  if (isMemberLanguage(text)) return text;
  if (/^(zh([-_].*)?|chinese|中文|简体中文|繁體中文)$/.test(text)) return 'zh';
  if (/^(en([-_].*)?|english|英文)$/.test(text)) return 'en';
  if (/^(both|zh\+en|en\+zh|bilingual|双语|中英)$/.test(text)) return 'both';
  return null;
}

function column(row: Record<string, string>, name: string): string | undefined {
  if (name in row) return row[name];
  const key = Object.keys(row).find((k) => k.trim().toLowerCase() === name.toLowerCase());
  return key === undefined ? undefined : row[key];
}

/** One row of an export, as a member to add or a reason to skip it. */
export function mapRow(format: ImportFormat, row: Record<string, string>, fallback: MemberLanguage): RowOutcome {
  const address = normalizeEmail(column(row, format === 'mailchimp' ? 'Email Address' : 'email') ?? '');
  if (!address) return { skip: 'no-email' };
  if (address.length > 254 || !email.safeParse(address).success) return { skip: 'invalid-email' };
  const language = languageOf(column(row, 'language')) ?? languageOf(column(row, 'LANGUAGE')) ?? fallback;
  const base = { email: address, language };
  switch (format) {
    case 'ghost': {
      if ((column(row, 'deleted_at') ?? '').trim()) return { skip: 'deleted' };
      const createdAt = importDate(column(row, 'created_at'));
      const subscribed = truthy(column(row, 'subscribed_to_emails'));
      return { member: { ...base, status: subscribed ? 'subscribed' : 'unsubscribed', createdAt, confirmedAt: createdAt, unsubscribedAt: null } };
    }
    case 'substack': {
      const createdAt = importDate(column(row, 'created_at'));
      const disabled = truthy(column(row, 'email_disabled'));
      return { member: { ...base, status: disabled ? 'unsubscribed' : 'subscribed', createdAt, confirmedAt: createdAt, unsubscribedAt: null } };
    }
    case 'mailchimp': {
      // A cleaned contact's address bounced: not brought over at all.
      if (column(row, 'CLEAN_TIME') !== undefined) return { skip: 'cleaned' };
      const createdAt = importDate(column(row, 'OPTIN_TIME'));
      const confirmedAt = importDate(column(row, 'CONFIRM_TIME')) ?? createdAt;
      const unsubscribed = column(row, 'UNSUB_TIME') !== undefined;
      return {
        member: { ...base, status: unsubscribed ? 'unsubscribed' : 'subscribed', createdAt, confirmedAt, unsubscribedAt: unsubscribed ? importDate(column(row, 'UNSUB_TIME')) : null },
      };
    }
    case 'generic': {
      const status = (column(row, 'status') ?? '').trim().toLowerCase();
      const createdAt = importDate(column(row, 'created_at'));
      return { member: { ...base, status: status === 'unsubscribed' ? 'unsubscribed' : 'subscribed', createdAt, confirmedAt: createdAt, unsubscribedAt: null } };
    }
  }
}

export interface ImportReport {
  format: ImportFormat;
  mode: 'dry-run' | 'apply';
  rows: number;
  /** New members: added (apply) or that would be (dry run). */
  subscribed: number;
  unsubscribed: number;
  /** Addresses already members: left as they are. */
  existing: number;
  /** Rows repeating an address seen earlier in the file. */
  repeated: number;
  skipped: Record<'invalid-email' | 'deleted' | 'cleaned' | 'no-email', number>;
  /** The first rows skipped for a problem, by line of the file. */
  problems: { line: number; reason: string }[];
}

export function emptyReport(format: ImportFormat, mode: ImportReport['mode']): ImportReport {
  return { format, mode, rows: 0, subscribed: 0, unsubscribed: 0, existing: 0, repeated: 0, skipped: { 'invalid-email': 0, deleted: 0, cleaned: 0, 'no-email': 0 }, problems: [] };
}
