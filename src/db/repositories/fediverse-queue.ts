// Fedify's message queue over Duet's own database (server/fediverse/message-queue.ts adapts
// it to Fedify's interface). A message is a row due at `available_at`. A worker claims the
// oldest due one in one UPDATE … RETURNING (on PostgreSQL the row is picked FOR UPDATE SKIP
// LOCKED), moving `available_at` past a lease and writing its claim token: several
// instances never take one message at once. A handled message is deleted; a worker killed
// mid-message leaves the row claimed until the lease lapses, and then it runs again. Of the
// messages sharing an ordering key, only the oldest may be claimed: they run one at a time,
// in order.
import { randomUUID } from 'node:crypto';
import { sql, type Kysely } from 'kysely';
import type { Database } from '../schema';
import { isPostgres } from '../dialect';

export interface QueuedMessage {
  id: number;
  message: unknown;
  attempts: number;
  /** Names this claim; ack and release act only while it holds. */
  claim: string;
}

export function createFediverseQueue(db: Kysely<Database>) {
  return {
    async enqueue(messages: readonly unknown[], options: { delayMs?: number; orderingKey?: string | null } = {}, now = new Date()): Promise<void> {
      if (messages.length === 0) return;
      const due = new Date(now.getTime() + Math.max(0, options.delayMs ?? 0)).toISOString();
      await db
        .insertInto('fediverse_queue')
        .values(messages.map((m) => ({ message: JSON.stringify(m), ordering_key: options.orderingKey ?? null, available_at: due, claimed_by: null, created_at: now.toISOString() })))
        .execute();
    },

    /** Claims the oldest due message for `leaseMs`, or null when none is due. */
    async claim(leaseMs: number, now = new Date()): Promise<QueuedMessage | null> {
      const nowIso = now.toISOString();
      const claim = randomUUID();
      const due = db
        .selectFrom('fediverse_queue as q')
        .select('q.id')
        .where('q.available_at', '<=', nowIso)
        .where((eb) =>
          eb.or([
            eb('q.ordering_key', 'is', null),
            eb.not(eb.exists(eb.selectFrom('fediverse_queue as older').select(sql.lit(1).as('one')).whereRef('older.ordering_key', '=', 'q.ordering_key').whereRef('older.id', '<', 'q.id'))),
          ]),
        )
        .orderBy('q.available_at')
        .orderBy('q.id')
        .limit(1);
      const row = await db
        .updateTable('fediverse_queue')
        .set((eb) => ({ available_at: new Date(now.getTime() + leaseMs).toISOString(), claimed_by: claim, attempts: eb('attempts', '+', 1) }))
        .where('id', '=', isPostgres(db) ? due.forUpdate().skipLocked() : due)
        .where('available_at', '<=', nowIso)
        .returning(['id', 'message', 'attempts'])
        .executeTakeFirst();
      if (!row) return null;
      return { id: row.id, message: JSON.parse(row.message) as unknown, attempts: row.attempts, claim };
    },

    /** The message was handled: it goes. */
    async ack(id: number, claim: string): Promise<void> {
      await db.deleteFrom('fediverse_queue').where('id', '=', id).where('claimed_by', '=', claim).execute();
    },

    /** The handler failed: the message is due again after `delayMs`. */
    async release(id: number, claim: string, delayMs: number, now = new Date()): Promise<void> {
      await db
        .updateTable('fediverse_queue')
        .set({ available_at: new Date(now.getTime() + delayMs).toISOString(), claimed_by: null })
        .where('id', '=', id)
        .where('claimed_by', '=', claim)
        .execute();
    },

    /** Waiting messages: all of them, and those due now (claimed ones excluded). */
    async depth(now = new Date()): Promise<{ queued: number; ready: number }> {
      const nowIso = now.toISOString();
      const row = await db
        .selectFrom('fediverse_queue')
        .select((eb) => [
          eb.fn.count<number | string>('id').filterWhere('claimed_by', 'is', null).as('queued'),
          eb.fn.count<number | string>('id').filterWhere((w) => w.and([w('claimed_by', 'is', null), w('available_at', '<=', nowIso)])).as('ready'),
        ])
        .executeTakeFirstOrThrow();
      return { queued: Number(row.queued), ready: Number(row.ready) };
    },
  };
}
