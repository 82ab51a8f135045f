// What a member sends about their own account: the address a sign-in link goes to, the
// sign-in link's token exchanged for a session, and their choices (language and
// newsletters). JSON from a program and the account page's forms (no JavaScript needed)
// share these shapes; a form names what it asks for in `intent`.
import { z } from 'zod';
import { memberLanguages } from './member';
import { subscribeInput } from './subscribe-input';

export const signInRequestInput = z.strictObject({
  email: subscribeInput.shape.email,
  /** The language of the e-mail and of the page the link opens. */
  locale: z.enum(['zh', 'en']).optional(),
});
export type SignInRequestInput = z.infer<typeof signInRequestInput>;

export const sessionInput = z.strictObject({
  token: z.string().regex(/^[A-Za-z0-9_-]{43}$/, 'A sign-in token'),
  locale: z.enum(['zh', 'en']).optional(),
});

export const preferencesInput = z.strictObject({
  language: z.enum(memberLanguages),
  /** Every newsletter the member wants; an empty list keeps them subscribed to none. */
  newsletters: z.array(z.number().int().positive()).max(20),
});
export type PreferencesInput = z.infer<typeof preferencesInput>;

/** Deleting asks for the address typed again, so a stray click deletes nothing. */
export const deleteAccountInput = z.strictObject({ confirmEmail: z.string().trim().max(254) });

/** The account page's forms: one field says which, the rest as for JSON. */
export const accountFormInput = z.discriminatedUnion('intent', [
  z.strictObject({
    intent: z.literal('save'),
    language: preferencesInput.shape.language,
    newsletters: z.array(z.coerce.number().int().positive()).max(20).default([]),
  }),
  z.strictObject({ intent: z.literal('unsubscribe') }),
  z.strictObject({ intent: z.literal('resubscribe') }),
  z.strictObject({ intent: z.literal('sign-out') }),
  deleteAccountInput.extend({ intent: z.literal('delete') }),
]);
export type AccountFormInput = z.infer<typeof accountFormInput>;
