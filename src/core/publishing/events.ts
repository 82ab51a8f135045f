// What a publishing use case changed, as typed events: the caller never works out from a
// boolean whether readers' pages, webhooks, newsletters or followers must hear of it.
// `db/publishing` records the durable ones (webhook deliveries) in the same transaction;
// `server/after-publication.ts` turns them into revalidation and wakes the workers.
import type { Locale } from '@/core/locales';

interface About {
  postId: number;
  locale: Locale;
}

/** Who made a text go live: a person (or a program acting for one) or the scheduler. */
export type PublishedBy = 'person' | 'schedule';

export type PublishingEvent =
  /** A language went live for the first time (or again after it was taken off). */
  | (About & { type: 'published'; revisionId: number; by: PublishedBy })
  /** A live language now shows another revision. */
  | (About & { type: 'updated'; revisionId: number; by: PublishedBy })
  /** A language was taken off the site; slug and title are what readers knew it by. */
  | (About & { type: 'unpublished'; slug: string; title: string })
  | (About & { type: 'scheduled'; revisionId: number; publishAt: string })
  | (About & { type: 'schedule-cancelled' })
  /** This language (a translation) is now behind the source readers see. */
  | (About & { type: 'outdated' })
  | (About & { type: 'discarded' })
  | (About & { type: 'review-submitted'; revisionId: number })
  | (About & { type: 'review-approved'; revisionId: number })
  | (About & { type: 'review-returned' })
  | (About & { type: 'review-withdrawn' });

export type PublishingEventType = PublishingEvent['type'];

const readerVisible: ReadonlySet<PublishingEventType> = new Set(['published', 'updated', 'unpublished', 'outdated']);

/** True when readers' pages, feeds, search or the sitemap show something else now. */
export function changesWhatReadersSee(events: readonly PublishingEvent[]): boolean {
  return events.some((event) => readerVisible.has(event.type));
}
