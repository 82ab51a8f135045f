// What the followers hear of a publishing action (#29): the publishing use cases' events,
// written inside the transaction that made the change (db/publishing), so an activity is
// sent exactly when the change committed. published → create, updated → update,
// unpublished → delete; posts only (pages are not articles of the timeline), and only
// for a language that has followers. The federation worker (server/fediverse/outbox-worker.ts)
// claims the rows like the webhook outbox does, and hands each to Fedify's queue.
import type { Kysely } from 'kysely';
import type { PublishingEvent } from '@/core/publishing/events';
import type { OutboxEvent } from '@/core/fediverse/types';
import { isLocale, type Locale } from '@/core/locales';
import type { Database } from '../schema';
import { isPostgres } from '../dialect';
import { toIsoTimestamp } from './map-rows';

export interface OutboxRow {
  id: number;
  postId: number;
  locale: Locale;
  event: OutboxEvent;
  slug: string;
  attempts: number;
}

/** How long a claim holds a row: handing it to the queue takes milliseconds. */
const leaseMs = 60_000;

const eventOf: Partial<Record<PublishingEvent['type'], OutboxEvent>> = { published: 'create', updated: 'update', unpublished: 'delete' };

/** Writes the rows the events call for; call it inside the publishing transaction. */
export async function recordFediverseEvents(trx: Kysely<Database>, events: readonly PublishingEvent[], now: Date): Promise<void> {
  const relevant = events.filter((e) => eventOf[e.type] !== undefined);
  if (relevant.length === 0) return;
  const followed = await trx.selectFrom('fediverse_followers').select('locale').where('state', '=', 'accepted').groupBy('locale').execute();
  const locales = new Set(followed.map((r) => r.locale));
  const rows = [];
  for (const e of relevant) {
    if (!locales.has(e.locale)) continue;
    const post = await trx.selectFrom('posts').select('kind').where('id', '=', e.postId).executeTakeFirst();
    if (post?.kind !== 'post') continue;
    const slug =
      e.type === 'unpublished'
        ? e.slug
        : ((await trx.selectFrom('live_translations').select('slug').where('post_id', '=', e.postId).where('locale', '=', e.locale).executeTakeFirst())?.slug ?? '');
    const nowIso = toIsoTimestamp(now);
    rows.push({ post_id: e.postId, locale: e.locale, event: eventOf[e.type]!, slug, status: 'pending', attempts: 0, next_attempt_at: nowIso, created_at: nowIso });
  }
  if (rows.length > 0) await trx.insertInto('fediverse_outbox').values(rows).execute();
}

export function createFediverseOutbox(db: Kysely<Database>) {
  return {
    /** Claims up to `limit` due rows, oldest first (pending, or sending with a lapsed lease). */
    async claimDue(limit: number, now = new Date()): Promise<OutboxRow[]> {
      const nowIso = toIsoTimestamp(now);
      const due = db
        .selectFrom('fediverse_outbox')
        .select('id')
        .where('status', 'in', ['pending', 'sending'])
        .where('next_attempt_at', '<=', nowIso)
        .orderBy('id')
        .limit(limit);
      const rows = await db
        .updateTable('fediverse_outbox')
        .set((eb) => ({ status: 'sending', attempts: eb('attempts', '+', 1), next_attempt_at: toIsoTimestamp(new Date(now.getTime() + leaseMs)) }))
        .where('id', 'in', isPostgres(db) ? due.forUpdate().skipLocked() : due)
        .where('status', 'in', ['pending', 'sending'])
        .returning(['id', 'post_id', 'locale', 'event', 'slug', 'attempts'])
        .execute();
      return rows
        .filter((r) => isLocale(r.locale))
        .sort((a, b) => a.id - b.id)
        .map((r) => ({ id: r.id, postId: r.post_id, locale: r.locale as Locale, event: r.event as OutboxEvent, slug: r.slug, attempts: r.attempts }));
    },

    async markSent(id: number, now = new Date()): Promise<void> {
      await db.updateTable('fediverse_outbox').set({ status: 'sent', sent_at: toIsoTimestamp(now), next_attempt_at: null, error: null }).where('id', '=', id).execute();
    },

    /** Handing the row over failed (the database, most likely): try again later, at most 10 times. */
    async markFailed(id: number, attempts: number, error: string, now = new Date()): Promise<void> {
      const gaveUp = attempts >= 10;
      const next = gaveUp ? null : toIsoTimestamp(new Date(now.getTime() + Math.min(3600_000, 5_000 * 2 ** attempts)));
      await db.updateTable('fediverse_outbox').set({ status: gaveUp ? 'failed' : 'pending', next_attempt_at: next, error: error.slice(0, 500) }).where('id', '=', id).execute();
    },

    /** Sent rows older than 30 days go. */
    async prune(now = new Date()): Promise<void> {
      await db.deleteFrom('fediverse_outbox').where('status', 'in', ['sent', 'failed']).where('created_at', '<', toIsoTimestamp(new Date(now.getTime() - 30 * 86400_000))).execute();
    },
  };
}
