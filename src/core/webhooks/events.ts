// What a webhook can be told about, and the body it is sent. Each event is about one
// language of one post (a hook subscribes to events and to languages); `ping` is the
// Studio's test event and goes to the one hook it was sent from. The body is small and
// public: where the text lives and its title, never a draft's words, never a secret.
import type { Locale } from '@/core/locales';

export const webhookEvents = [
  'post.published',
  'post.updated',
  'post.unpublished',
  'translation.outdated',
  'post.scheduled_published',
] as const;
export type WebhookEvent = (typeof webhookEvents)[number];
/** What a delivery can carry: a subscribed event, or the Studio's test. */
export type DeliveryEvent = WebhookEvent | 'ping';

export function isWebhookEvent(value: unknown): value is WebhookEvent {
  return typeof value === 'string' && (webhookEvents as readonly string[]).includes(value);
}

/** One language of a post as a receiver sees it: where it lives while it is live. */
export interface PayloadPost {
  id: number;
  kind: 'post' | 'page';
  locale: Locale;
  /** False for a translation that is only a draft (translation.outdated) and after post.unpublished. */
  live: boolean;
  /** The live text's slug and title; null when this language is not live (a draft's are not sent). */
  slug: string | null;
  title: string | null;
  /** The page's address; for post.unpublished, the address it had. */
  url: string | null;
  sourceLocale: Locale;
  /** The other language of the pair: its address while it is live, else null. */
  otherLocale: { locale: Locale; url: string | null };
}

export interface WebhookPayload {
  /** The delivery's id, also sent as Duet-Webhook-Id; the same on every retry. */
  id: string;
  event: DeliveryEvent;
  createdAt: string;
  site: { url: string };
  post?: PayloadPost;
  /** For ping: which hook was tested. */
  webhook?: { id: number };
}

/** Something that happened, before it is addressed to the hooks that want it. */
export interface WebhookOccurrence {
  event: WebhookEvent;
  post: PayloadPost;
}

/** Does this hook want this occurrence? Only events and languages it chose. */
export function isSubscribed(hook: { events: readonly string[]; locales: readonly string[]; active: boolean }, occurrence: WebhookOccurrence): boolean {
  return hook.active && hook.events.includes(occurrence.event) && hook.locales.includes(occurrence.post.locale);
}

/** The body sent, as exact JSON text: what is stored is what is signed and sent. */
export function serializePayload(payload: WebhookPayload): string {
  return JSON.stringify(payload);
}
