// What the actors' inboxes do with a verified activity (#29). Fedify has checked the HTTP
// Signature (or the object's proof) before a listener runs; each listener refuses blocked
// actors and instances again on the verified actor. Follow → a follower, accepted at once
// or pending per the follow policy (Accept sent when accepted); Undo(Follow) removes it;
// Like and Announce of a live article are counted, their Undo uncounts; Create(Note)
// replying to a live article is a reply (sanitized, held per the replies policy); Update
// edits it; Delete removes it.
import { randomUUID } from 'node:crypto';
import type { InboxContext, InboxListenerSetters } from '@fedify/fedify';
import { Accept, Announce, Create, Delete, Follow, Like, Note, Reject, Undo, Update, isActor } from '@fedify/vocab';
import { isBlockedBy } from '@/core/fediverse/types';
import { sanitizeReplyHtml } from '@/core/fediverse/sanitize-reply';
import { isLocale, type Locale } from '@/core/locales';
import { createFediverseRepository } from '@/db/repositories/fediverse';
import { createFediverseSettings } from '@/db/repositories/fediverse-settings';
import { logger } from '@/server/logger';
import { actorFacts, findArticleTarget } from './inbox-targets';
import { isReachable } from './fetch-policy';
import { revalidateArticleFediverse } from './revalidate-article';
import type { FederationData } from './federation-data';

type Ctx = InboxContext<FederationData>;

async function isRefused(ctx: Ctx, actorId: URL | null): Promise<boolean> {
  if (!actorId) return true;
  return isBlockedBy(await createFediverseRepository(ctx.data.db).listBlocks(), actorId.href);
}

const loadersOf = (ctx: Ctx) => ({ documentLoader: ctx.documentLoader, contextLoader: ctx.contextLoader });

function localeOfActor(ctx: Ctx, uri: URL | null): Locale | null {
  if (!uri) return null;
  const parsed = ctx.parseUri(uri);
  return parsed?.type === 'actor' && isLocale(parsed.identifier) ? parsed.identifier : null;
}

async function onFollow(ctx: Ctx, follow: Follow): Promise<void> {
  const locale = localeOfActor(ctx, follow.objectId);
  if (!follow.id || !locale || (await isRefused(ctx, follow.actorId))) return;
  const actor = await follow.getActor(loadersOf(ctx));
  if (!actor || !isActor(actor) || actor.id?.href !== follow.actorId?.href) return;
  const facts = await actorFacts(actor, loadersOf(ctx));
  if (!facts?.inboxUrl || !(await isReachable(facts.inboxUrl))) {
    logger.info({ actor: follow.actorId?.href }, 'a follow whose inbox cannot be reached safely is ignored');
    return;
  }
  const shared = facts.sharedInboxUrl && (await isReachable(facts.sharedInboxUrl)) ? facts.sharedInboxUrl : null;
  const settings = await createFediverseSettings(ctx.data.db).getSettings();
  const state = settings.followPolicy === 'auto' ? 'accepted' : 'pending';
  await createFediverseRepository(ctx.data.db).upsertFollower({
    locale,
    actorUri: facts.uri,
    inboxUrl: facts.inboxUrl,
    sharedInboxUrl: shared,
    handle: facts.handle,
    name: facts.name,
    iconUrl: facts.iconUrl,
    instanceHost: facts.host,
    state,
    followActivityUri: follow.id.href,
  });
  if (state === 'accepted') {
    await ctx.sendActivity({ identifier: locale }, actor, new Accept({ id: new URL(`#accept-${randomUUID()}`, ctx.getActorUri(locale)), actor: ctx.getActorUri(locale), object: follow }));
  }
}

async function onUndo(ctx: Ctx, undo: Undo): Promise<void> {
  if (!undo.actorId) return;
  const object = await undo.getObject({ ...loadersOf(ctx), crossOrigin: 'ignore', suppressError: true });
  const repo = createFediverseRepository(ctx.data.db);
  if (object instanceof Follow) {
    if (object.actorId?.href !== undo.actorId.href) return;
    const locale = localeOfActor(ctx, object.objectId);
    if (locale) await repo.removeFollower(locale, undo.actorId.href);
    return;
  }
  const id = object?.id ?? undo.objectId;
  if (!id || !(object === null || object instanceof Like || object instanceof Announce)) return;
  const postId = await repo.removeReaction(id.href, undo.actorId.href);
  if (postId !== null) await revalidateArticleFediverse([postId]);
}

async function onReaction(ctx: Ctx, activity: Like | Announce, kind: 'like' | 'announce'): Promise<void> {
  if (!activity.id || (await isRefused(ctx, activity.actorId))) return;
  const target = await findArticleTarget(ctx.data.db, activity.objectId, ctx.origin);
  if (!target) return;
  await createFediverseRepository(ctx.data.db).addReaction({ ...target, kind, actorUri: activity.actorId!.href, activityUri: activity.id.href });
  await revalidateArticleFediverse([target.postId]);
}

async function saveReply(ctx: Ctx, activity: Create | Update): Promise<void> {
  if (await isRefused(ctx, activity.actorId)) return;
  const note = await activity.getObject({ ...loadersOf(ctx), suppressError: true });
  if (!(note instanceof Note) || !note.id || note.attributionId?.href !== activity.actorId?.href || note.id.origin !== activity.actorId?.origin) return;
  const repo = createFediverseRepository(ctx.data.db);
  if (activity instanceof Update && !(await repo.findReplyByObject(note.id.href))) return;
  const target = await findArticleTarget(ctx.data.db, note.replyTargetId, ctx.origin);
  if (!target) return;
  const actor = await activity.getActor(loadersOf(ctx));
  const facts = actor && isActor(actor) ? await actorFacts(actor, loadersOf(ctx)) : null;
  if (!facts) return;
  const settings = await createFediverseSettings(ctx.data.db).getSettings();
  const url = note.url instanceof URL ? note.url.href : (note.url?.href?.href ?? null);
  const saved = await repo.saveReply({
    ...target,
    objectUri: note.id.href,
    activityUri: activity.id?.href ?? null,
    actorUri: facts.uri,
    actorHandle: facts.handle,
    actorName: facts.name,
    actorUrl: facts.url,
    actorIconUrl: facts.iconUrl,
    instanceHost: facts.host,
    contentHtml: sanitizeReplyHtml(String(note.content ?? '')),
    url: url && /^https?:/.test(url) ? url : null,
    inReplyTo: note.replyTargetId!.href,
    publishedAt: (note.published ? new Date(note.published.epochMilliseconds) : new Date()).toISOString(),
    state: settings.repliesPolicy === 'auto' ? 'approved' : 'held',
  });
  if (saved.state === 'approved') await revalidateArticleFediverse([saved.postId]);
}

async function onDelete(ctx: Ctx, del: Delete): Promise<void> {
  const id = del.objectId;
  if (!id || !del.actorId) return;
  const repo = createFediverseRepository(ctx.data.db);
  // An account deleted: it follows no one any more.
  if (id.href === del.actorId.href) {
    for (const locale of ['zh', 'en'] as const) await repo.removeFollower(locale, id.href);
    return;
  }
  const postId = await repo.deleteReply(id.href, del.actorId.href);
  if (postId !== null) await revalidateArticleFediverse([postId]);
}

export function addInboxListeners(inbox: InboxListenerSetters<FederationData>): void {
  inbox
    .on(Follow, onFollow)
    .on(Undo, onUndo)
    .on(Like, (ctx, like) => onReaction(ctx, like, 'like'))
    .on(Announce, (ctx, announce) => onReaction(ctx, announce, 'announce'))
    .on(Create, saveReply)
    .on(Update, saveReply)
    .on(Delete, onDelete)
    .on(Accept, () => undefined)
    .on(Reject, () => undefined)
    .onError((_ctx, error) => logger.warn({ err: error }, 'an inbox activity could not be handled'));
}
