// What a publication may ask of a newsletter: the newsletter to send the language to, by
// id or "default" (the site's default newsletter), on `publish` (sent now) and `schedule`
// (sent when the text goes live). Who may publish may send: the permission is the
// publication's own.
import { z } from 'zod';

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
