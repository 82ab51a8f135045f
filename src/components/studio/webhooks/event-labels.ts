// Which message names each event in the Studio (next-intl keys cannot hold the dots of
// the event names themselves).
import type { DeliveryEvent, WebhookEvent } from '@/core/webhooks/events';

export const eventLabelKeys = {
  'post.published': 'published',
  'post.updated': 'updated',
  'post.unpublished': 'unpublished',
  'translation.outdated': 'outdated',
  'post.scheduled_published': 'scheduled',
  ping: 'ping',
} as const satisfies Record<DeliveryEvent, string>;

export type EventLabelKey = (typeof eventLabelKeys)[DeliveryEvent];
export type SubscribableLabelKey = (typeof eventLabelKeys)[WebhookEvent];

export function eventLabelKey(event: string): EventLabelKey | null {
  return Object.hasOwn(eventLabelKeys, event) ? eventLabelKeys[event as DeliveryEvent] : null;
}
