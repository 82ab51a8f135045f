// Fedify's MessageQueue over Duet's own database (db/repositories/fediverse-queue.ts): what
// Fedify queues (fanning an activity out to the followers' inboxes, one delivery per inbox,
// and its own retries with backoff) is a row every instance on the database can claim, one
// of them at a time. `listen` polls for due rows (at once after an enqueue in this process)
// and runs up to `concurrency` handlers together, so one slow inbox does not hold the rest.
// A handled message is deleted; one whose handler throws is released for a later attempt;
// one whose worker died (kill -9) comes back when its lease lapses.
import type { MessageQueue, MessageQueueDepth, MessageQueueEnqueueOptions, MessageQueueListenOptions } from '@fedify/fedify';
import type { Db } from '@/db/client';
import { createFediverseQueue } from '@/db/repositories/fediverse-queue';
import { logger } from '@/server/logger';

export interface DatabaseQueueOptions {
  /** How often an idle listener looks for due rows (ms). */
  pollMs?: number;
  /** How long a claim holds a message: past Fedify's longest delivery. */
  leaseMs?: number;
  /** Handlers run together by one listener. */
  concurrency?: number;
}

const delayMs = (options?: MessageQueueEnqueueOptions) => (options?.delay ? Math.max(0, options.delay.total('millisecond')) : 0);

export class DatabaseMessageQueue implements MessageQueue {
  readonly nativeRetrial = false;
  readonly #queue: ReturnType<typeof createFediverseQueue>;
  readonly #pollMs: number;
  readonly #leaseMs: number;
  readonly #concurrency: number;
  readonly #wakers = new Set<() => void>();

  constructor(db: Db, options: DatabaseQueueOptions = {}) {
    this.#queue = createFediverseQueue(db);
    this.#pollMs = options.pollMs ?? 2_000;
    this.#leaseMs = options.leaseMs ?? 5 * 60_000;
    this.#concurrency = options.concurrency ?? 4;
  }

  async enqueue(message: unknown, options?: MessageQueueEnqueueOptions): Promise<void> {
    await this.enqueueMany([message], options);
  }

  async enqueueMany(messages: readonly unknown[], options?: MessageQueueEnqueueOptions): Promise<void> {
    const delay = delayMs(options);
    await this.#queue.enqueue(messages, { delayMs: delay, orderingKey: options?.orderingKey ?? null });
    if (delay === 0) this.wake();
  }

  /** Looks for due messages now rather than at the next poll. */
  wake(): void {
    for (const wake of this.#wakers) wake();
  }

  getDepth(): Promise<MessageQueueDepth> {
    return this.#queue.depth();
  }

  async listen(handler: (message: unknown) => Promise<void> | void, options: MessageQueueListenOptions = {}): Promise<void> {
    const { signal } = options;
    let running = 0;
    let wakeUp: (() => void) | null = null;
    const waker = () => wakeUp?.();
    this.#wakers.add(waker);
    signal?.addEventListener('abort', waker, { once: true });
    const run = async (claimed: NonNullable<Awaited<ReturnType<typeof this.claim>>>) => {
      try {
        await handler(claimed.message);
        await this.#queue.ack(claimed.id, claimed.claim);
      } catch (error) {
        logger.warn({ err: error, messageId: claimed.id, attempts: claimed.attempts }, 'a fediverse queue message failed; it runs again later');
        await this.#queue.release(claimed.id, claimed.claim, Math.min(3_600_000, 1_000 * 2 ** claimed.attempts)).catch(() => undefined);
      } finally {
        running -= 1;
        waker();
      }
    };
    try {
      while (!signal?.aborted) {
        let claimedAny = false;
        while (running < this.#concurrency && !signal?.aborted) {
          const claimed = await this.claim();
          if (!claimed) break;
          claimedAny = true;
          running += 1;
          void run(claimed);
        }
        if (claimedAny && running < this.#concurrency) continue;
        await new Promise<void>((resolve) => {
          const timer = setTimeout(resolve, this.#pollMs);
          timer.unref?.();
          wakeUp = () => {
            clearTimeout(timer);
            resolve();
          };
        });
        wakeUp = null;
      }
    } finally {
      this.#wakers.delete(waker);
    }
  }

  private async claim() {
    try {
      return await this.#queue.claim(this.#leaseMs);
    } catch (error) {
      logger.error({ err: error }, 'claiming a fediverse queue message failed; trying again at the next poll');
      return null;
    }
  }
}
