// The one input of a subscription, as JSON (`POST /api/v1/members`) and as the subscribe
// form's fields (the same names; the form adds where to return). `website` is the
// honeypot: hidden from people, filled in by bots; a request that fills it is answered
// like any other and nothing is done.
import { z } from 'zod';
import { memberLanguages } from './member';

/** Longest address SMTP carries (RFC 5321's path limit less the angle brackets). */
const maxEmailLength = 254;

export const honeypotField = 'website';

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
});
export type SubscribeFormInput = z.infer<typeof subscribeFormInput>;

/** True when the honeypot was filled in: a bot, answered as usual and otherwise ignored. */
export function isHoneypotFilled(input: { [honeypotField]?: string }): boolean {
  return (input[honeypotField] ?? '').trim() !== '';
}
