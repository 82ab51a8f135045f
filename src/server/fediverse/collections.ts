// The actors' collections (#29): followers (accepted ones, paged by id; also what Fedify
// fans an activity out to) and outbox (the newest articles of the language, as Creates).
import { Create, Endpoints, PUBLIC_COLLECTION, type Recipient } from '@fedify/vocab';
import type { Federation } from '@fedify/fedify';
import { isLocale } from '@/core/locales';
import { createFediverseRepository } from '@/db/repositories/fediverse';
import { createFediverseArticles } from '@/db/repositories/fediverse-articles';
import { articleOf } from './article-object';
import type { FederationData } from './federation-data';

const pageSize = 100;
const outboxSize = 20;

export function addCollections(federation: Federation<FederationData>): void {
  federation
    .setFollowersDispatcher('/ap/actors/{identifier}/followers', async (ctx, identifier, cursor) => {
      if (!isLocale(identifier)) return null;
      const after = cursor === null ? 0 : Number(cursor);
      if (!Number.isInteger(after) || after < 0) return null;
      const repo = createFediverseRepository(ctx.data.db);
      // No cursor: the whole list (a fan-out); a cursor: one page of it.
      const rows = cursor === null ? await repo.followersPage(identifier, 0, 1_000_000) : await repo.followersPage(identifier, after, pageSize);
      const items: Recipient[] = rows.map((f) => ({
        id: new URL(f.actorUri),
        inboxId: new URL(f.inboxUrl),
        endpoints: f.sharedInboxUrl ? new Endpoints({ sharedInbox: new URL(f.sharedInboxUrl) }) : null,
      }));
      const last = rows.at(-1);
      return { items, nextCursor: cursor !== null && rows.length === pageSize && last ? String(last.id) : null };
    })
    .setCounter(async (ctx, identifier) => (isLocale(identifier) ? (await createFediverseRepository(ctx.data.db).countFollowers())[identifier].accepted : null))
    .setFirstCursor(() => '0');

  federation
    .setOutboxDispatcher('/ap/actors/{identifier}/outbox', async (ctx, identifier) => {
      if (!isLocale(identifier)) return null;
      const articles = createFediverseArticles(ctx.data.db);
      const ids = await articles.listRecentIds(identifier, outboxSize);
      const items: Create[] = [];
      for (const id of ids) {
        const found = await articles.findById(id);
        const article = found && articleOf(found, identifier, ctx.canonicalOrigin);
        if (!article) continue;
        items.push(
          new Create({
            id: new URL(`${article.data.id}#create`),
            actor: ctx.getActorUri(identifier),
            object: article.object,
            published: article.object.published,
            to: PUBLIC_COLLECTION,
            cc: ctx.getFollowersUri(identifier),
          }),
        );
      }
      return { items };
    })
    .setCounter(async (ctx, identifier) => (isLocale(identifier) ? createFediverseArticles(ctx.data.db).countLive(identifier) : null));
}
