// The webhook delivery worker of this process: started once with the server (src/
// instrumentation.ts), it runs deliverDue every 10 seconds (retries fall due on their
// own) and at once when woken after a publish commits; runs never overlap, a wake during
// a run makes one more. With several instances each runs one: the claim hands every
// delivery to one of them. Old history is pruned about once an hour.
import { getDatabase } from '@/db/client';
import { ensureDatabase } from '@/server/ensure-database';
import { createDeliveryQueue } from '@/db/repositories/webhook-deliveries';
import { logger } from '@/server/logger';
import { deliverDue } from './deliver-due';

const intervalMs = 10_000;
const pruneEveryMs = 60 * 60 * 1000;
const globalKey = Symbol.for('duet.webhookWorker');
interface State {
  interval?: NodeJS.Timeout;
  running: boolean;
  again: boolean;
  prunedAt: number;
}
type GlobalWithWorker = typeof globalThis & { [globalKey]?: State };

async function run(state: State): Promise<void> {
  if (state.running) {
    state.again = true;
    return;
  }
  state.running = true;
  try {
    do {
      state.again = false;
      await ensureDatabase();
      await deliverDue({ db: getDatabase() });
      if (Date.now() - state.prunedAt > pruneEveryMs) {
        state.prunedAt = Date.now();
        await createDeliveryQueue(getDatabase()).prune();
      }
    } while (state.again);
  } catch (error) {
    logger.error({ err: error }, 'webhook deliveries failed; retrying at the next tick');
  } finally {
    state.running = false;
  }
}

/** Started once per server process. */
export function startWebhookWorker(): void {
  const store = globalThis as GlobalWithWorker;
  if (store[globalKey]) return;
  const state: State = { running: false, again: false, prunedAt: 0 };
  store[globalKey] = state;
  state.interval = setInterval(() => void run(state), intervalMs);
  state.interval.unref();
  void run(state);
}

/**
 * Something was just queued (a publish committed, a test event): deliver now rather than
 * at the next tick. Returns at once and never throws: a publish never waits on a receiver.
 */
export function wakeWebhookWorker(): void {
  const state = (globalThis as GlobalWithWorker)[globalKey];
  if (state) setImmediate(() => void run(state));
}
