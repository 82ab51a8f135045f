// Turns the fediverse outbox's rows (written with each publishing change) into activities
// (#29): a text that went live → Create(Article), a live text that changed → Update(Article),
// a text taken off → Delete(Tombstone), each from its language's actor to its followers.
// `sendActivity` only queues the fan-out (DatabaseMessageQueue): no inbox is contacted here,
// so a slow or dead instance never holds a publish or this worker. Activity ids come from
// the row, so a row handed over twice (a crash between queueing and marking it) is the
// same activity, which receivers ignore the second time.
import { Create, Delete, PUBLIC_COLLECTION, Tombstone, Update } from '@fedify/vocab';
import { articlePath } from '@/core/fediverse/paths';
import { createFediverseArticles } from '@/db/repositories/fediverse-articles';
import { createFediverseOutbox, type OutboxRow } from '@/db/repositories/fediverse-outbox';
import { logger } from '@/server/logger';
import { articleOf } from './article-object';
import type { DuetFederation } from './federation';

async function activityFor(fed: DuetFederation, row: OutboxRow) {
  const ctx = fed.federation.createContext(new URL(fed.origin), { db: fed.db });
  const actor = ctx.getActorUri(row.locale);
  const objectId = new URL(articlePath(row.postId, row.locale), fed.origin);
  const id = new URL(`${objectId.href}#${row.event}-${row.id}`);
  const addressed = { id, actor, to: PUBLIC_COLLECTION, cc: ctx.getFollowersUri(row.locale) };
  if (row.event === 'delete') return { ctx, objectId, activity: new Delete({ ...addressed, object: new Tombstone({ id: objectId }) }) };
  const found = await createFediverseArticles(fed.db).findById(row.postId);
  const article = found && articleOf(found, row.locale, fed.origin);
  // Taken off again before this row was sent: the Delete that followed tells the rest.
  if (!article) return null;
  const activity = row.event === 'create' ? new Create({ ...addressed, object: article.object }) : new Update({ ...addressed, object: article.object });
  return { ctx, objectId, activity };
}

/** Hands every due row to Fedify's queue; returns how many were handed over. */
export async function sendOutbox(fed: DuetFederation, limit = 20): Promise<number> {
  const outbox = createFediverseOutbox(fed.db);
  let sent = 0;
  for (;;) {
    const rows = await outbox.claimDue(limit);
    if (rows.length === 0) return sent;
    for (const row of rows) {
      try {
        const built = await activityFor(fed, row);
        if (built) {
          await built.ctx.sendActivity({ identifier: row.locale }, 'followers', built.activity, { preferSharedInbox: true, orderingKey: built.objectId.href });
        }
        await outbox.markSent(row.id);
        sent += 1;
      } catch (error) {
        logger.warn({ err: error, outboxId: row.id }, 'a fediverse activity could not be queued; it is tried again later');
        await outbox.markFailed(row.id, row.attempts, error instanceof Error ? error.message : String(error));
      }
    }
  }
}
