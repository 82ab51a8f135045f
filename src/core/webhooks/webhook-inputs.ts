// The Studio's webhook forms, one zod schema each: a hook (its URL, the events and
// languages it wants, whether it may reach a private network, whether it is on), and the
// actions on one hook or one delivery. The URL is checked for its shape and for an
// address that is refused before any DNS (a literal 169.254.169.254, localhost); names
// are judged again at every delivery, when they resolve.
import { z } from 'zod';
import { booleanField, localeField, recordId } from '@/core/studio/fields';
import { textField } from '@/core/studio/text-field';
import { classifyHostname } from './address-rules';
import { webhookEvents } from './events';

/** At most this many hooks per site: each publish writes one delivery per hook that wants it. */
export const maxWebhooks = 20;

/** The English messages; the Studio words them in the reader's language (webhook-errors.ts). */
export const webhookProblems = {
  url: 'Must be a web address starting with https:// or http://.',
  credentials: 'Must not contain a user name or password.',
  privateAddress: 'This address is on a private network or on this server: tick “Allow private network” to deliver there.',
  forbiddenAddress: 'Webhooks are never delivered to link-local, multicast or reserved addresses.',
  events: 'Choose at least one event.',
  locales: 'Choose at least one language.',
} as const;

export function findWebhookUrlProblem(text: string): string | null {
  if (/[\s\p{Cf}\\]/u.test(text) || !/^https?:\/\/[^/?#]/i.test(text)) return webhookProblems.url;
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return webhookProblems.url;
  }
  if (url.username || url.password) return webhookProblems.credentials;
  if (!url.hostname || url.hash) return webhookProblems.url;
  return null;
}

/** What the host says before DNS: null when fine (or a name, checked when delivering). */
export function findWebhookHostProblem(text: string, allowPrivateNetwork: boolean): string | null {
  const kind = classifyHostname(new URL(text).hostname);
  if (kind === 'forbidden') return webhookProblems.forbiddenAddress;
  if ((kind === 'private' || kind === 'loopback') && !allowPrivateNetwork) return webhookProblems.privateAddress;
  return null;
}

const urlField = textField({ min: 1, max: 2000, format: findWebhookUrlProblem });

export const webhookInput = z
  .strictObject({
    url: urlField,
    events: z.array(z.enum(webhookEvents), { error: webhookProblems.events }).min(1, webhookProblems.events).max(webhookEvents.length),
    locales: z.array(localeField, { error: webhookProblems.locales }).min(1, webhookProblems.locales).max(2),
    allowPrivateNetwork: booleanField,
    active: booleanField,
  })
  .superRefine((input, ctx) => {
    const problem = findWebhookHostProblem(input.url, input.allowPrivateNetwork);
    if (problem) ctx.addIssue({ code: 'custom', path: ['url'], message: problem, input: input.url });
  })
  .transform((input) => ({ ...input, events: [...new Set(input.events)], locales: [...new Set(input.locales)] }));
export type WebhookInput = z.output<typeof webhookInput>;

/** An action on one hook (rotate its secret, test it, show its secret, delete it). */
export const webhookIdInput = z.strictObject({ id: recordId });

/** Sending one finished delivery again. */
export const redeliverInput = z.strictObject({ deliveryId: z.uuid({ error: 'Must be a delivery id.' }) });
