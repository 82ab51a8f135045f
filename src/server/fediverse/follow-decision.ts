// The owner's answer to a held follow request (#29), sent once the Studio changed the row:
// Accept(Follow) or Reject(Follow) from the language's actor to the follower's inbox. Only
// queued here (delivered by the queue listener with Fedify's retries): it returns at once,
// and never throws on a dead instance or a database hiccup (it logs).
import { randomUUID } from 'node:crypto';
import { Accept, Follow, Reject } from '@fedify/vocab';
import type { Follower } from '@/core/fediverse/types';
import { logger } from '@/server/logger';
import { getFederation } from './federation';

export type FollowDecision = 'accept' | 'reject';

export async function sendFollowDecision(follower: Pick<Follower, 'locale' | 'actorUri' | 'inboxUrl' | 'followActivityUri'>, decision: FollowDecision): Promise<void> {
  try {
    const fed = getFederation();
    const ctx = fed.federation.createContext(new URL(fed.origin), { db: fed.db });
    const actor = ctx.getActorUri(follower.locale);
    const follow = new Follow({ id: follower.followActivityUri ? new URL(follower.followActivityUri) : null, actor: new URL(follower.actorUri), object: actor });
    const values = { id: new URL(`#${decision}-${randomUUID()}`, actor), actor, object: follow };
    const recipient = { id: new URL(follower.actorUri), inboxId: new URL(follower.inboxUrl), endpoints: null };
    await ctx.sendActivity({ identifier: follower.locale }, recipient, decision === 'accept' ? new Accept(values) : new Reject(values));
  } catch (error) {
    logger.warn({ err: error, actor: follower.actorUri, decision }, 'the answer to a follow request could not be queued');
  }
}
