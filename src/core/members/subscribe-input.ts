// The one input of a subscription, as JSON (`POST /api/v1/members`) and as the subscribe
// form's fields (the same names; the form adds where to return, and which of a page's forms
// it was, so the answer shows the notice of that one). `website` is the
// honeypot: hidden from people, filled in by bots; a request that fills it is answered
// like any other and nothing is done.
import { z } from 'zod';
import { memberLanguages } from './member';

/** Longest address SMTP carries (RFC 5321's path limit less the angle brackets). */
const maxEmailLength = 254;

export const honeypotField = 'website';

/** Where a subscribe form sits on a reading page: the larger one (article end, home) or the footer's. */
export const subscribePlaces = ['main', 'footer'] as const;
export type SubscribePlace = (typeof subscribePlaces)[number];

/** What the ids of a form's notices start with: `#subscribe-sent` (footer), `#subscribe-main-sent`. */
export function noticePrefix(place: SubscribePlace): string {
  return place === 'footer' ? 'subscribe' : `subscribe-${place}`;
}

export const subscribeInput = z.strictObject({
  email: z.string().trim().max(maxEmailLength).pipe(z.email()),
  language: z.enum(memberLanguages),
  /** Newsletter ids; none: the default newsletters. */
  newsletters: z.array(z.number().int().positive()).max(20).optional(),
  [honeypotField]: z.string().max(500).optional(),
});
export type SubscribeInput = z.infer<typeof subscribeInput>;

/** A path of this site to send a form post back to (never another site: an open redirect). */
const returnPath = z
  .string()
  .max(2000)
  .regex(/^\/(?![/\\])[^\s#]*$/, 'A path of this site');

export const subscribeFormInput = z.strictObject({
  email: subscribeInput.shape.email,
  language: subscribeInput.shape.language,
  newsletters: z.array(z.coerce.number().int().positive()).max(20).optional(),
  [honeypotField]: subscribeInput.shape[honeypotField],
  returnTo: returnPath.optional(),
  place: z.enum(subscribePlaces).optional(),
});
export type SubscribeFormInput = z.infer<typeof subscribeFormInput>;

/** True when the honeypot was filled in: a bot, answered as usual and otherwise ignored. */
export function isHoneypotFilled(input: { [honeypotField]?: string }): boolean {
  return (input[honeypotField] ?? '').trim() !== '';
}
