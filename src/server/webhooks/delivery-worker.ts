// The webhook delivery worker of this process (server/workers/periodic-worker.ts): it runs
// deliverDue every 10 seconds (retries fall due on their own) and at once when woken after
// a publish commits. Old history is pruned about once an hour.
import { getDatabase } from '@/db/client';
import { createDeliveryQueue } from '@/db/repositories/webhook-deliveries';
import { periodicWorker } from '@/server/workers/periodic-worker';
import { deliverDue } from './deliver-due';

const worker = periodicWorker({
  name: 'webhookWorker',
  intervalMs: 10_000,
  failure: 'webhook deliveries failed; retrying at the next tick',
  tick: () => deliverDue({ db: getDatabase() }),
  prune: () => createDeliveryQueue(getDatabase()).prune(),
});

/** Started once per server process. */
export const startWebhookWorker = worker.start;

/**
 * Something was just queued (a publish committed, a test event): deliver now rather than
 * at the next tick. Returns at once and never throws: a publish never waits on a receiver.
 */
export const wakeWebhookWorker = worker.wake;
