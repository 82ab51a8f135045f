// One run of the delivery worker: claims what is due, sends each (a few at a time), and
// records the answer: succeeded on 2xx; on 410 Gone the hook is turned off; a refused
// address fails at once (the hook must be changed); anything else is tried again later
// (core/webhooks/backoff.ts) until the sixth attempt fails. Nothing here runs inside a
// request or a transaction: a slow receiver holds only its own slot.
import { maxAttempts, retryDelayMs, verdictOf } from '@/core/webhooks/backoff';
import { deliveryHeaders } from '@/core/webhooks/signature';
import type { Db } from '@/db/client';
import { createDeliveryQueue, responseSnippetBytes, type AttemptRecord, type DeliveryRow } from '@/db/repositories/webhook-deliveries';
import { createWebhookRepository, type WebhookTarget } from '@/db/repositories/webhooks';
import { logger } from '@/server/logger';
import { systemResolver, type Resolver } from '@/server/net/resolve-target';
import { sendWebhook, type SendResult } from './send-webhook';

export interface DeliveryOptions {
  db: Db;
  /** The clock (tests move it to make retries due). */
  now?: () => Date;
  resolver?: Resolver;
  /** In [0, 1): the retry jitter. */
  random?: () => number;
  timeoutMs?: number;
  concurrency?: number;
}

export const deliveryTimeoutMs = 10_000;
const defaultConcurrency = 4;

function recordFor(result: SendResult, attempts: number, now: Date, random: () => number): AttemptRecord & { isGone: boolean } {
  const base = { responseStatus: result.status, responseBody: result.body, errorCode: result.errorCode, error: result.error, durationMs: result.durationMs, attemptedAt: now };
  // A refused address will be refused again: only the owner changing the hook helps.
  if (result.refused && result.refused !== 'unresolvable') return { ...base, status: 'failed', nextAttemptAt: null, isGone: false };
  const verdict = verdictOf(result.status);
  if (verdict === 'succeeded') return { ...base, status: 'succeeded', nextAttemptAt: null, isGone: false };
  if (verdict === 'gone') return { ...base, status: 'failed', errorCode: 'gone', nextAttemptAt: null, isGone: true };
  const delay = retryDelayMs(attempts, random());
  if (delay === null) return { ...base, status: 'failed', nextAttemptAt: null, isGone: false };
  return { ...base, status: 'pending', nextAttemptAt: new Date(now.getTime() + delay), isGone: false };
}

export async function deliverDue(options: DeliveryOptions): Promise<number> {
  const { db, now = () => new Date(), resolver = systemResolver, random = Math.random, timeoutMs = deliveryTimeoutMs } = options;
  const concurrency = options.concurrency ?? defaultConcurrency;
  const queue = createDeliveryQueue(db);
  const hooks = createWebhookRepository(db);

  async function attempt(row: DeliveryRow, hook: WebhookTarget | undefined): Promise<void> {
    const startedAt = now();
    const finish = (record: AttemptRecord) => queue.recordAttempt(row.id, record);
    const give = (errorCode: 'off' | 'interrupted', error: string) =>
      finish({ status: 'failed', responseStatus: null, responseBody: null, errorCode, error, durationMs: 0, nextAttemptAt: null, attemptedAt: startedAt });
    if (!hook || !hook.active) return give('off', 'The webhook was turned off.');
    if (row.attempts > maxAttempts) return give('interrupted', 'Interrupted too often while delivering.');
    const timestamp = Math.floor(startedAt.getTime() / 1000);
    const result = await sendWebhook({
      url: hook.url,
      allowPrivateNetwork: hook.allowPrivateNetwork,
      headers: deliveryHeaders({ deliveryId: row.id, event: row.event, secret: hook.secret, timestamp, body: row.payload }),
      body: row.payload,
      timeoutMs,
      resolver,
      snippetBytes: responseSnippetBytes,
    });
    const { isGone, ...record } = recordFor(result, row.attempts, startedAt, random);
    await finish(record);
    if (isGone) await hooks.deactivateGone(hook.id);
  }

  const running = new Set<Promise<void>>();
  let attempted = 0;
  for (;;) {
    const free = concurrency - running.size;
    const claimed = free > 0 ? await queue.claimDue(now(), free) : [];
    if (claimed.length > 0) {
      const targets = await hooks.targets([...new Set(claimed.map((row) => row.webhook_id))]);
      for (const row of claimed) {
        const task: Promise<void> = attempt(row, targets.get(row.webhook_id))
          .catch((error: unknown) => logger.error({ err: error, delivery: row.id }, 'recording a webhook delivery failed; its claim lapses and it is tried again'))
          .finally(() => running.delete(task));
        running.add(task);
      }
      attempted += claimed.length;
    }
    if (running.size === 0) return attempted;
    if (claimed.length === 0 || running.size >= concurrency) await Promise.race(running);
  }
}
