// The federation's background work in this process (#29): the outbox worker turns committed
// publishing events into activities (every 10 seconds, and at once when woken after a
// publish), and the queue listener delivers them to the followers' inboxes with Fedify's
// retries. Every instance runs both; the database's claims give each row to one of them.
import { createFediverseKv } from '@/db/repositories/fediverse-kv';
import { createFediverseOutbox } from '@/db/repositories/fediverse-outbox';
import { logger } from '@/server/logger';
import { periodicWorker } from '@/server/workers/periodic-worker';
import { getFederation } from './federation';
import { sendOutbox } from './send-outbox';

const worker = periodicWorker({
  name: 'fediverseOutboxWorker',
  intervalMs: 10_000,
  failure: 'queueing fediverse activities failed; retrying at the next tick',
  tick: async () => {
    const fed = getFederation();
    startQueueOnce();
    return sendOutbox(fed);
  },
  prune: async () => {
    const fed = getFederation();
    await createFediverseOutbox(fed.db).prune();
    await createFediverseKv(fed.db).prune();
  },
});

const queueKey = Symbol.for('duet.fediverseQueue');

function startQueueOnce(): void {
  const store = globalThis as typeof globalThis & { [queueKey]?: boolean };
  if (store[queueKey]) return;
  store[queueKey] = true;
  const fed = getFederation();
  fed.federation.startQueue({ db: fed.db }).catch((error: unknown) => {
    store[queueKey] = false;
    logger.error({ err: error }, 'the fediverse delivery queue stopped');
  });
}

/** Started once per server process. */
export const startFederationWorker = worker.start;

/** A publish committed: queue its activities now rather than at the next tick. Never throws. */
export const wakeFederationWorker = worker.wake;
