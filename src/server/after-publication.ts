// What follows a publishing use case, from the events that say what changed (core/
// publishing/events.ts): readers' pages are revalidated when what they show changed, the
// webhook worker is woken for the deliveries that committed with the change, and the
// scheduler looks again when a time was set, and the mail worker is woken for the
// newsletter sends that committed with it. The fediverse's worker is woken for the
// activities that committed with it (server/fediverse/). Called
// after the transaction committed; never inside it.
import { changesWhatReadersSee, type PublishingEvent } from '@/core/publishing/events';
import { revalidateContent } from '@/server/revalidate';
import { wakeScheduler } from '@/server/studio/scheduler-signal';
import { wakeWebhookWorker } from '@/server/webhooks/delivery-worker';
import { wakeFederationWorker } from '@/server/fediverse/federation-worker';
import { wakeMailWorker } from '@/server/mail/mail-worker';

export interface AfterPublicationOptions {
  /** How pages are revalidated: in a request, directly (the default); from a timer, over HTTP. */
  revalidate?: () => Promise<void>;
  /** A newsletter send was asked with the action (it may change nothing readers see). */
  newsletterQueued?: boolean;
}

export async function afterPublication(events: readonly PublishingEvent[], options: AfterPublicationOptions = {}): Promise<void> {
  if (events.some((event) => event.type === 'scheduled')) wakeScheduler();
  // A send asked now, or one that waited for this text to go live: the mail worker writes its recipients.
  if (options.newsletterQueued || events.some((event) => event.type === 'published' || event.type === 'updated')) wakeMailWorker();
  if (!changesWhatReadersSee(events)) return;
  // The deliveries committed with the change: the worker sends them; nobody waits for it.
  wakeWebhookWorker();
  wakeFederationWorker();
  await (options.revalidate ?? revalidateContent)();
}
