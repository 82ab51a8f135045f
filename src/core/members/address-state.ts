// A member's address as delivery found it: deliverable, `bounced` (refused for good: an
// SMTP 5xx to the recipient, a provider's hard bounce) or `complained` (the reader marked a
// message as spam). A marked address gets no newsletter again; a complaint also
// unsubscribes. Pure shapes shared by the webhooks, the mail worker and the Studio.

export const addressStates = ['bounced', 'complained'] as const;
export type AddressState = (typeof addressStates)[number];

/** Who reported the event: our own SMTP delivery or a provider's webhook. */
export const emailEventProviders = ['smtp', 'ses', 'postmark', 'resend', 'mailgun', 'brevo'] as const;
export type EmailEventProvider = (typeof emailEventProviders)[number];

/**
 * What a report says: the address refused or complained from (it is marked), or the reader
 * unsubscribed through the provider's own link (Brevo's `unsubscribed`: the member leaves
 * every newsletter, the address stays deliverable).
 */
export type EmailEventKind = AddressState | 'unsubscribed';

/** One bounce or complaint, named by the provider's own id for it (a replay has the same id). */
export interface AddressEvent {
  provider: EmailEventProvider;
  eventId: string;
  kind: EmailEventKind;
  email: string;
}
