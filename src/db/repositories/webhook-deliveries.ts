// The webhook outbox: deliveries written inside the transaction of the change they tell
// about, claimed by the delivery worker (one UPDATE … RETURNING; on PostgreSQL the rows
// are picked FOR UPDATE SKIP LOCKED, so several instances never claim one twice), and
// each attempt's answer recorded. A claim is a lease: a worker that dies mid-delivery
// leaves the row `delivering` until its lease lapses, and another run takes it up.
import { randomUUID } from 'node:crypto';
import type { Kysely, Selectable } from 'kysely';
import type { DeliveryErrorCode } from '@/core/webhooks/delivery-errors';
import { isSubscribed, serializePayload, type DeliveryEvent, type WebhookOccurrence, type WebhookPayload } from '@/core/webhooks/events';
import type { Database, WebhookDeliveriesTable } from '../schema';
import { toIsoTimestamp } from './map-rows';
import { isPostgres } from '../dialect';

export type DeliveryStatus = 'pending' | 'delivering' | 'succeeded' | 'failed';
export type DeliveryRow = Selectable<WebhookDeliveriesTable>;

/** How long a claim holds a delivery: far past the send's 10 s limit. */
export const claimLeaseMs = 2 * 60 * 1000;
/** The answer kept of a receiver: its first 2 KB. */
export const responseSnippetBytes = 2048;
/** History kept per hook: finished deliveries past the newest 200, or older than 30 days, go. */
const keepPerHook = 200;
const keepMs = 30 * 24 * 3600 * 1000;

export interface AttemptRecord {
  status: DeliveryStatus;
  responseStatus: number | null;
  responseBody: string | null;
  errorCode: DeliveryErrorCode | null;
  error: string | null;
  durationMs: number;
  /** When the next attempt is due (status pending), else null. */
  nextAttemptAt: Date | null;
  attemptedAt: Date;
}

interface HookRow {
  id: number;
  events: string;
  locales: string;
  active: number;
}

const parseList = (json: string): string[] => {
  try {
    const value: unknown = JSON.parse(json);
    return Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string') : [];
  } catch {
    return [];
  }
};

function newDelivery(hookId: number, event: DeliveryEvent, payload: Omit<WebhookPayload, 'id' | 'event' | 'createdAt'>, nowIso: string) {
  const id = randomUUID();
  const body: WebhookPayload = { id, event, createdAt: nowIso, ...payload };
  return {
    id,
    webhook_id: hookId,
    event,
    locale: payload.post?.locale ?? null,
    post_id: payload.post?.id ?? null,
    payload: serializePayload(body),
    status: 'pending',
    attempts: 0,
    next_attempt_at: nowIso,
    created_at: nowIso,
  };
}

/**
 * Writes one delivery per active hook that wants each occurrence. Called inside the
 * transaction that made the change (pass its `trx`): it commits with it or not at all.
 */
export async function enqueueOccurrences(trx: Kysely<Database>, occurrences: WebhookOccurrence[], siteUrl: string, now: Date): Promise<number> {
  if (occurrences.length === 0) return 0;
  const hooks: HookRow[] = await trx.selectFrom('webhooks').select(['id', 'events', 'locales', 'active']).where('active', '=', 1).execute();
  const nowIso = toIsoTimestamp(now);
  const rows = occurrences.flatMap((occurrence) =>
    hooks
      .filter((hook) => isSubscribed({ events: parseList(hook.events), locales: parseList(hook.locales), active: hook.active === 1 }, occurrence))
      .map((hook) => newDelivery(hook.id, occurrence.event, { site: { url: siteUrl }, post: occurrence.post }, nowIso)),
  );
  if (rows.length > 0) await trx.insertInto('webhook_deliveries').values(rows).execute();
  return rows.length;
}

/** True when some hook is on: a publish on a site without hooks asks nothing more. */
export async function hasActiveWebhooks(trx: Kysely<Database>): Promise<boolean> {
  return (await trx.selectFrom('webhooks').select('id').where('active', '=', 1).limit(1).executeTakeFirst()) !== undefined;
}

export function createDeliveryQueue(db: Kysely<Database>) {
  return {
    /** The Studio's test: a `ping` to one hook, through the same queue. */
    async enqueuePing(hookId: number, siteUrl: string, now = new Date()): Promise<string> {
      const row = newDelivery(hookId, 'ping', { site: { url: siteUrl }, webhook: { id: hookId } }, toIsoTimestamp(now));
      await db.insertInto('webhook_deliveries').values(row).execute();
      return row.id;
    },

    /**
     * Claims up to `limit` due deliveries (pending and due, or delivering with a lapsed
     * lease) in one statement, counting the attempt: a crash mid-send still counts, so a
     * delivery that kills its worker cannot be retried forever.
     */
    async claimDue(now: Date, limit: number): Promise<DeliveryRow[]> {
      const nowIso = toIsoTimestamp(now);
      const due = db
        .selectFrom('webhook_deliveries')
        .select('id')
        .where('status', 'in', ['pending', 'delivering'])
        .where('next_attempt_at', '<=', nowIso)
        .orderBy('next_attempt_at')
        .limit(limit);
      return db
        .updateTable('webhook_deliveries')
        .set((eb) => ({ status: 'delivering', attempts: eb('attempts', '+', 1), last_attempt_at: nowIso, next_attempt_at: toIsoTimestamp(new Date(now.getTime() + claimLeaseMs)) }))
        .where('id', 'in', isPostgres(db) ? due.forUpdate().skipLocked() : due)
        .where('status', 'in', ['pending', 'delivering'])
        .returningAll()
        .execute();
    },

    /** Stores an attempt's answer; only while this claim still holds the row. */
    async recordAttempt(id: string, attempt: AttemptRecord): Promise<void> {
      await db
        .updateTable('webhook_deliveries')
        .set({
          status: attempt.status,
          response_status: attempt.responseStatus,
          response_body: attempt.responseBody,
          error_code: attempt.errorCode,
          error: attempt.error,
          duration_ms: Math.round(attempt.durationMs),
          last_attempt_at: toIsoTimestamp(attempt.attemptedAt),
          next_attempt_at: attempt.nextAttemptAt ? toIsoTimestamp(attempt.nextAttemptAt) : null,
        })
        .where('id', '=', id)
        .where('status', '=', 'delivering')
        .execute();
    },

    /** A hook that was turned off (by the owner, or by a 410) sends nothing it still had waiting. */
    async cancelPending(hookId: number, code: DeliveryErrorCode, reason: string): Promise<void> {
      await db
        .updateTable('webhook_deliveries')
        .set({ status: 'failed', error_code: code, error: reason, next_attempt_at: null })
        .where('webhook_id', '=', hookId)
        .where('status', '=', 'pending')
        .execute();
    },

    /** A hook's newest deliveries, newest first. */
    async listRecent(hookId: number, limit = 20): Promise<DeliveryRow[]> {
      return db.selectFrom('webhook_deliveries').selectAll().where('webhook_id', '=', hookId).orderBy('created_at', 'desc').orderBy('id').limit(limit).execute();
    },

    async get(id: string): Promise<DeliveryRow | undefined> {
      return db.selectFrom('webhook_deliveries').selectAll().where('id', '=', id).executeTakeFirst();
    },

    /**
     * Sends a finished delivery again, as a new delivery with its own id (the receiver may
     * have recorded the old id as handled) and otherwise the same body.
     */
    async redeliver(id: string, now = new Date()): Promise<DeliveryRow | null> {
      const old = await this.get(id);
      if (!old || (old.status !== 'succeeded' && old.status !== 'failed')) return null;
      const { id: _oldId, event, createdAt: _createdAt, ...rest } = JSON.parse(old.payload) as WebhookPayload;
      void _oldId;
      void _createdAt;
      const row = newDelivery(old.webhook_id, event, rest, toIsoTimestamp(now));
      await db.insertInto('webhook_deliveries').values(row).execute();
      return (await this.get(row.id))!;
    },

    /** Keeps the history bounded: finished deliveries older than 30 days, or past a hook's newest 200. */
    async prune(now = new Date()): Promise<number> {
      const finished = ['succeeded', 'failed'];
      const old = await db
        .deleteFrom('webhook_deliveries')
        .where('status', 'in', finished)
        .where('created_at', '<', toIsoTimestamp(new Date(now.getTime() - keepMs)))
        .executeTakeFirst();
      let removed = Number(old.numDeletedRows);
      const hooks = await db.selectFrom('webhooks').select('id').execute();
      for (const { id } of hooks) {
        const newest = db.selectFrom('webhook_deliveries').select('id').where('webhook_id', '=', id).orderBy('created_at', 'desc').orderBy('id').limit(keepPerHook);
        const extra = await db
          .deleteFrom('webhook_deliveries')
          .where('webhook_id', '=', id)
          .where('status', 'in', finished)
          .where('id', 'not in', newest)
          .executeTakeFirst();
        removed += Number(extra.numDeletedRows);
      }
      return removed;
    },
  };
}

export type DeliveryQueue = ReturnType<typeof createDeliveryQueue>;
