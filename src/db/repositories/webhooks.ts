// The webhooks the owner registered: list, create (with a new signing secret), change,
// turn off, delete, rotate the secret, read it again. Deliveries are webhook-deliveries.ts.
import type { Kysely, Selectable } from 'kysely';
import { AppError } from '@/core/errors/app-error';
import { isWebhookEvent, type WebhookEvent } from '@/core/webhooks/events';
import { newWebhookSecret } from '@/core/webhooks/signature';
import { maxWebhooks, type WebhookInput } from '@/core/webhooks/webhook-inputs';
import { isLocale, type Locale } from '@/core/locales';
import type { Database, WebhooksTable } from '../schema';
import { toIsoTimestamp } from './map-rows';
import { createDeliveryQueue } from './webhook-deliveries';

export interface Webhook {
  id: number;
  url: string;
  events: WebhookEvent[];
  locales: Locale[];
  allowPrivateNetwork: boolean;
  active: boolean;
  createdBy: string | null;
  createdAt: string;
  updatedAt: string;
}

/** What the worker needs to send: the hook as the owner set it, with its secret. */
export interface WebhookTarget extends Webhook {
  secret: string;
}

const listOf = (json: string): unknown[] => {
  try {
    const value: unknown = JSON.parse(json);
    return Array.isArray(value) ? value : [];
  } catch {
    return [];
  }
};

function toWebhook(row: Selectable<WebhooksTable>): Webhook {
  return {
    id: row.id,
    url: row.url,
    events: listOf(row.events).filter(isWebhookEvent),
    locales: listOf(row.locales).filter(isLocale),
    allowPrivateNetwork: Number(row.allow_private_network) === 1,
    active: Number(row.active) === 1,
    createdBy: row.created_by,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}

const notFound = () => new AppError('NOT_FOUND', 'There is no such webhook.', { reason: 'webhook-not-found' });

export function createWebhookRepository(db: Kysely<Database>) {
  const queue = createDeliveryQueue(db);
  const columns = (input: WebhookInput) => ({
    url: input.url,
    events: JSON.stringify(input.events),
    locales: JSON.stringify(input.locales),
    allow_private_network: input.allowPrivateNetwork ? 1 : 0,
    active: input.active ? 1 : 0,
  });

  return {
    async list(): Promise<Webhook[]> {
      return (await db.selectFrom('webhooks').selectAll().orderBy('id').execute()).map(toWebhook);
    },

    async get(id: number): Promise<Webhook | null> {
      const row = await db.selectFrom('webhooks').selectAll().where('id', '=', id).executeTakeFirst();
      return row ? toWebhook(row) : null;
    },

    /** The hooks of these ids, with their secrets (the worker signs with them). */
    async targets(ids: number[]): Promise<Map<number, WebhookTarget>> {
      if (ids.length === 0) return new Map();
      const rows = await db.selectFrom('webhooks').selectAll().where('id', 'in', ids).execute();
      return new Map(rows.map((row) => [row.id, { ...toWebhook(row), secret: row.secret }]));
    },

    /** A new hook and its secret, which the owner copies into the receiver. */
    async create(input: WebhookInput, userId: string | null, now = new Date()): Promise<{ webhook: Webhook; secret: string }> {
      const count = await db.selectFrom('webhooks').select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow();
      if (Number(count.n) >= maxWebhooks) {
        throw new AppError('CONFLICT', `A site can have at most ${maxWebhooks} webhooks.`, { reason: 'webhook-limit' });
      }
      const secret = newWebhookSecret();
      const nowIso = toIsoTimestamp(now);
      const row = await db
        .insertInto('webhooks')
        .values({ ...columns(input), secret, created_by: userId, created_at: nowIso, updated_at: nowIso })
        .returningAll()
        .executeTakeFirstOrThrow();
      return { webhook: toWebhook(row), secret };
    },

    /** Changes a hook; turning it off drops what it still had waiting. */
    async update(id: number, input: WebhookInput, now = new Date()): Promise<Webhook> {
      const row = await db.updateTable('webhooks').set({ ...columns(input), updated_at: toIsoTimestamp(now) }).where('id', '=', id).returningAll().executeTakeFirst();
      if (!row) throw notFound();
      if (!input.active) await queue.cancelPending(id, 'off', 'The webhook was turned off.');
      return toWebhook(row);
    },

    /** Turns a hook off because its receiver answered 410 Gone. */
    async deactivateGone(id: number, now = new Date()): Promise<void> {
      await db.updateTable('webhooks').set({ active: 0, updated_at: toIsoTimestamp(now) }).where('id', '=', id).execute();
      await queue.cancelPending(id, 'gone', 'The receiver answered 410 Gone: the webhook was turned off.');
    },

    /** Deletes a hook and its delivery history. */
    async remove(id: number): Promise<void> {
      // Deliveries first: SQLite enforces the cascade only with foreign keys on, and a restored copy might not be.
      await db.deleteFrom('webhook_deliveries').where('webhook_id', '=', id).execute();
      const removed = await db.deleteFrom('webhooks').where('id', '=', id).executeTakeFirst();
      if (Number(removed.numDeletedRows) === 0) throw notFound();
    },

    /** A new secret; the old one stops working at once (deliveries still waiting are signed with the new one). */
    async rotateSecret(id: number, now = new Date()): Promise<string> {
      const secret = newWebhookSecret();
      const updated = await db.updateTable('webhooks').set({ secret, updated_at: toIsoTimestamp(now) }).where('id', '=', id).executeTakeFirst();
      if (Number(updated.numUpdatedRows) === 0) throw notFound();
      return secret;
    },

    async secretOf(id: number): Promise<string> {
      const row = await db.selectFrom('webhooks').select('secret').where('id', '=', id).executeTakeFirst();
      if (!row) throw notFound();
      return row.secret;
    },
  };
}

export type WebhookRepository = ReturnType<typeof createWebhookRepository>;
