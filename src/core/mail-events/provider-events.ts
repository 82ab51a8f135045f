// The documented payloads of each provider's bounce and complaint events, parsed by zod
// (unknown fields let through: providers add fields), and what each one means for our
// addresses: a permanent bounce marks `bounced`, a complaint `complained`; a temporary
// bounce, a delivery or anything else marks nothing. Each event is named by the
// provider's own id (per recipient), so a replay is recognised.
import { z } from 'zod';
import type { AddressEvent } from '@/core/members/address-state';

const email = z.string().trim().min(3).max(320);

/** The SNS envelope SES notifications arrive in (the signed fields and the certificate's address). */
export const snsEnvelopeInput = z.object({
  Type: z.enum(['Notification', 'SubscriptionConfirmation', 'UnsubscribeConfirmation']),
  MessageId: z.string().min(1).max(200),
  TopicArn: z.string().min(1).max(300),
  Message: z.string().max(256 * 1024),
  Timestamp: z.string().min(1).max(64),
  SignatureVersion: z.enum(['1', '2']),
  Signature: z.string().min(1).max(4096),
  SigningCertURL: z.string().min(1).max(1000),
  Subject: z.string().max(1000).nullish(),
  SubscribeURL: z.string().max(2000).optional(),
  Token: z.string().max(2000).optional(),
});

/** SES's notification (`notificationType`, or `eventType` from a configuration set's event publishing). */
const sesMessage = z.union([
  z.object({
    notificationType: z.literal('Bounce').optional(),
    eventType: z.literal('Bounce').optional(),
    bounce: z.object({ bounceType: z.string(), bouncedRecipients: z.array(z.object({ emailAddress: email })).max(100) }),
  }),
  z.object({
    notificationType: z.literal('Complaint').optional(),
    eventType: z.literal('Complaint').optional(),
    complaint: z.object({ complainedRecipients: z.array(z.object({ emailAddress: email })).max(100) }),
  }),
  z.object({ notificationType: z.string().optional(), eventType: z.string().optional() }),
]);

export function sesEvents(messageId: string, message: string): AddressEvent[] {
  let data: unknown;
  try {
    data = JSON.parse(message);
  } catch {
    return [];
  }
  const parsed = sesMessage.parse(data);
  if ('bounce' in parsed) {
    if (parsed.bounce.bounceType !== 'Permanent') return [];
    return parsed.bounce.bouncedRecipients.map((r) => ({ provider: 'ses', eventId: `${messageId}:${r.emailAddress}`, kind: 'bounced', email: r.emailAddress }));
  }
  if ('complaint' in parsed) {
    return parsed.complaint.complainedRecipients.map((r) => ({ provider: 'ses', eventId: `${messageId}:${r.emailAddress}`, kind: 'complained', email: r.emailAddress }));
  }
  return [];
}

/** Postmark's bounce and spam-complaint webhooks (its other record types mark nothing). */
export const postmarkInput = z.object({
  RecordType: z.string().max(50),
  // The documented example's ID (4323372036854775807) is past 2^53: not an int to JavaScript.
  ID: z.union([z.number(), z.string().max(100)]).optional(),
  Type: z.string().max(50).optional(),
  Email: email.optional(),
  Recipient: email.optional(),
});

/** The bounce types after which Postmark itself deactivates the address. */
const postmarkPermanent = new Set(['HardBounce', 'BadEmailAddress', 'ManuallyDeactivated']);

export function postmarkEvents(input: z.infer<typeof postmarkInput>): AddressEvent[] {
  const address = input.Email ?? input.Recipient;
  if (!address || input.ID === undefined) return [];
  // IDs are 64-bit: past 2^53 JSON numbers lose digits, so the address is part of the name.
  const eventId = `${input.RecordType}:${input.ID}:${address}`;
  if (input.RecordType === 'SpamComplaint') return [{ provider: 'postmark', eventId, kind: 'complained', email: address }];
  if (input.RecordType === 'Bounce' && input.Type && postmarkPermanent.has(input.Type)) return [{ provider: 'postmark', eventId, kind: 'bounced', email: address }];
  return [];
}

/** Resend's events: `email.bounced` is a permanent rejection by the receiving server. */
export const resendInput = z.object({
  type: z.string().max(100),
  created_at: z.string().max(64).optional(),
  data: z
    .object({
      email_id: z.string().max(200).optional(),
      to: z.union([z.array(email).max(100), email]).optional(),
      bounce: z.object({ type: z.string().max(50).optional() }).optional(),
    })
    .optional(),
});

export function resendEvents(svixId: string, input: z.infer<typeof resendInput>): AddressEvent[] {
  const kind = input.type === 'email.bounced' ? 'bounced' : input.type === 'email.complained' ? 'complained' : null;
  const to = input.data?.to;
  if (!kind || !to) return [];
  // The bounce's own type, when given, must agree that it is for good.
  const bounceType = input.data?.bounce?.type;
  if (kind === 'bounced' && bounceType !== undefined && bounceType !== 'Permanent') return [];
  return (Array.isArray(to) ? to : [to]).map((address) => ({ provider: 'resend', eventId: `${svixId}:${address}`, kind, email: address }));
}

/** Mailgun's webhook body: the signature object beside the event. */
export const mailgunInput = z.object({
  signature: z.object({ timestamp: z.string().max(20), token: z.string().min(1).max(200), signature: z.string().max(128) }),
  'event-data': z.object({
    event: z.string().max(50),
    id: z.string().min(1).max(200),
    severity: z.string().max(20).optional(),
    recipient: email.optional(),
  }),
});

export function mailgunEvents(input: z.infer<typeof mailgunInput>): AddressEvent[] {
  const data = input['event-data'];
  if (!data.recipient) return [];
  if (data.event === 'complained') return [{ provider: 'mailgun', eventId: data.id, kind: 'complained', email: data.recipient }];
  if (data.event === 'failed' && data.severity === 'permanent') return [{ provider: 'mailgun', eventId: data.id, kind: 'bounced', email: data.recipient }];
  return [];
}

/**
 * Brevo's transactional webhook: one event per request, or a list of them (its batched
 * webhooks), each `{event, email, "message-id", ts_event, …}`. `hard_bounce` marks
 * `bounced`, `spam` (and `complaint`) `complained`, `unsubscribed` unsubscribes;
 * `soft_bounce` and the rest mark nothing.
 */
const brevoEvent = z.object({
  event: z.string().max(50),
  email: email.optional(),
  'message-id': z.string().max(300).optional(),
  ts_event: z.number().optional(),
  id: z.number().optional(),
});
export const brevoInput = z.union([brevoEvent, z.array(brevoEvent).max(1000)]);

const brevoKinds: Record<string, AddressEvent['kind']> = { hard_bounce: 'bounced', spam: 'complained', complaint: 'complained', unsubscribed: 'unsubscribed' };

export function brevoEvents(input: z.infer<typeof brevoInput>): AddressEvent[] {
  return (Array.isArray(input) ? input : [input]).flatMap((item) => {
    const kind = Object.hasOwn(brevoKinds, item.event) ? brevoKinds[item.event] : undefined;
    const messageId = item['message-id'] ?? (item.ts_event === undefined ? undefined : String(item.ts_event));
    if (!kind || !item.email || !messageId) return [];
    // A message has one event of each kind per recipient: together they name the event.
    return [{ provider: 'brevo' as const, eventId: `${item.event}:${messageId}:${item.email}`, kind, email: item.email }];
  });
}
