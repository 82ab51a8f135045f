// How fast newsletter e-mails go out: a site setting, e-mails per minute (1–100,000,
// default 600), so a send does not trip a provider's hourly limit or a small server's
// queue. The mail worker never lets more than that many newsletter e-mails be sent or in
// flight in any minute (server/mail/deliver-outbox.ts): a large send spreads over ticks.
// Confirmation and sign-in e-mails are not held by it.
import { z } from 'zod';

export const defaultSendRate = 600;
export const sendRateBounds = { min: 1, max: 100_000 } as const;

export const sendRateInput = z.strictObject({
  perMinute: z.coerce.number().int().min(sendRateBounds.min).max(sendRateBounds.max),
});
export type SendRateInput = z.infer<typeof sendRateInput>;

/** The stored setting, or the default when it is missing or not a valid rate. */
export function parseSendRate(value: string | undefined): number {
  const parsed = sendRateInput.safeParse({ perMinute: value ?? '' });
  return value !== undefined && value !== '' && parsed.success ? parsed.data.perMinute : defaultSendRate;
}

/** The kinds of outbox rows a newsletter send writes: the ones the rate holds. */
export const newsletterKinds = ['newsletter', 'newsletter-note'] as const;

/** How many more newsletter e-mails may be claimed now: the rate less those sent or in flight in the last minute. */
export function sendAllowance(perMinute: number, inLastMinute: number): number {
  return Math.max(0, perMinute - inLastMinute);
}
