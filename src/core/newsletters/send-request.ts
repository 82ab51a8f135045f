// What a publication may ask of a newsletter: the newsletter to send the language to, by
// id or "default" (the site's default newsletter), on `publish` (sent now) and `schedule`
// (sent when the text goes live). Who may publish may send: the permission is the
// publication's own.
import { z } from 'zod';
import type { Locale } from '@/core/locales';

export const newsletterField = z.union([z.literal('default'), z.number().int().positive().max(2_147_483_647)], {
  error: 'Must be a newsletter id or "default".',
});

export type NewsletterChoice = z.infer<typeof newsletterField>;

/** What members whose language has no live translation get: the other language with a note, or nothing. */
export const newsletterFallbacks = ['nothing', 'other'] as const;
export type NewsletterFallback = (typeof newsletterFallbacks)[number];

export function parseNewsletterFallback(value: string | undefined): NewsletterFallback {
  return value === 'other' ? 'other' : 'nothing';
}

/** The Settings page's form for it. */
export const newsletterFallbackInput = z.strictObject({
  newsletterFallback: z.enum(newsletterFallbacks, { error: `Must be one of: ${newsletterFallbacks.join(', ')}.` }),
});

/** A send's life: waiting for its text to go live, writing its recipients, delivering, done. */
export type SendState = 'scheduled' | 'queued' | 'sending' | 'sent';

export interface SendSummary {
  id: number;
  locale: string;
  newsletterId: number;
  state: SendState;
  recipients: number;
  sent: number;
  failed: number;
  pending: number;
  createdAt: string;
}

/** A send as the Newsletters screen lists it, with what became of its e-mails (db/newsletters/send-report.ts). */
export interface SendReport {
  id: number;
  postId: number;
  /** The title of the language sent (the live one, else the draft's). */
  title: string;
  locale: Locale;
  newsletter: Record<Locale, string>;
  state: SendState;
  /** When it was queued (or asked for, while it waits for a schedule). */
  at: string;
  recipients: number;
  sent: number;
  failed: number;
  bounced: number;
  unsubscribed: number;
}

export interface SendReportPage {
  sends: SendReport[];
  /** The `before` of the next page, or null on the last. */
  next: number | null;
}
