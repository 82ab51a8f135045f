// The fediverse's records (#29): followers of each language's actor, replies kept for
// moderation, likes and boosts counted per article and language, blocked actors and
// instances (the settings are fediverse-settings.ts). The federation server writes here;
// the Studio reads and moderates.
import type { Kysely, Selectable } from 'kysely';
import { isLocale, locales, type Locale } from '@/core/locales';
import type { Block, BlockKind, Follower, FollowerState, ReactionCounts, ReactionKind, Reply, ReplyState } from '@/core/fediverse/types';
import type { Database } from '../schema';
import type { FediverseFollowersTable, FediverseRepliesTable } from '../fediverse-schema';
import { inTransaction } from '../transaction';
import { toIsoTimestamp } from './map-rows';

export type NewFollower = Omit<Follower, 'id' | 'createdAt'>;

export type NewReply = Omit<Reply, 'id' | 'receivedAt' | 'updatedAt'>;

export interface NewReaction {
  postId: number;
  locale: Locale;
  kind: ReactionKind;
  actorUri: string;
  activityUri: string;
}

const toFollower = (r: Selectable<FediverseFollowersTable>): Follower => ({
  id: r.id,
  locale: isLocale(r.locale) ? r.locale : 'zh',
  actorUri: r.actor_uri,
  inboxUrl: r.inbox_url,
  sharedInboxUrl: r.shared_inbox_url,
  handle: r.handle,
  name: r.name,
  iconUrl: r.icon_url,
  instanceHost: r.instance_host,
  state: r.state === 'pending' ? 'pending' : 'accepted',
  followActivityUri: r.follow_activity_uri,
  createdAt: r.created_at,
});

export const toReply = (r: Selectable<FediverseRepliesTable>): Reply => ({
  id: r.id,
  postId: r.post_id,
  locale: isLocale(r.locale) ? r.locale : 'zh',
  objectUri: r.object_uri,
  activityUri: r.activity_uri,
  actorUri: r.actor_uri,
  actorHandle: r.actor_handle,
  actorName: r.actor_name,
  actorUrl: r.actor_url,
  actorIconUrl: r.actor_icon_url,
  instanceHost: r.instance_host,
  contentHtml: r.content_html,
  url: r.url,
  inReplyTo: r.in_reply_to,
  publishedAt: r.published_at,
  receivedAt: r.received_at,
  state: r.state === 'approved' || r.state === 'hidden' ? r.state : 'held',
  updatedAt: r.updated_at,
});

export function createFediverseRepository(db: Kysely<Database>) {
  return {
    // ---- followers ----
    /** Adds a follower, or refreshes one that follows again (its state and inbox too). */
    async upsertFollower(f: NewFollower, now = new Date()): Promise<Follower> {
      const values = {
        locale: f.locale,
        actor_uri: f.actorUri,
        inbox_url: f.inboxUrl,
        shared_inbox_url: f.sharedInboxUrl,
        handle: f.handle,
        name: f.name,
        icon_url: f.iconUrl,
        instance_host: f.instanceHost,
        state: f.state,
        follow_activity_uri: f.followActivityUri,
      };
      const row = await db
        .insertInto('fediverse_followers')
        .values({ ...values, created_at: toIsoTimestamp(now) })
        .onConflict((oc) => oc.columns(['locale', 'actor_uri']).doUpdateSet(values))
        .returningAll()
        .executeTakeFirstOrThrow();
      return toFollower(row);
    },

    async findFollower(locale: Locale, actorUri: string): Promise<Follower | null> {
      const row = await db.selectFrom('fediverse_followers').selectAll().where('locale', '=', locale).where('actor_uri', '=', actorUri).executeTakeFirst();
      return row ? toFollower(row) : null;
    },

    async getFollower(id: number): Promise<Follower | null> {
      const row = await db.selectFrom('fediverse_followers').selectAll().where('id', '=', id).executeTakeFirst();
      return row ? toFollower(row) : null;
    },

    /** An Undo(Follow), or the owner removing a follower. True when one was there. */
    async removeFollower(locale: Locale, actorUri: string): Promise<boolean> {
      const result = await db.deleteFrom('fediverse_followers').where('locale', '=', locale).where('actor_uri', '=', actorUri).executeTakeFirst();
      return Number(result.numDeletedRows) > 0;
    },

    /** An account that is gone (410): it follows no language any more. */
    async removeFollowerEverywhere(actorUri: string): Promise<number> {
      const result = await db.deleteFrom('fediverse_followers').where('actor_uri', '=', actorUri).executeTakeFirst();
      return Number(result.numDeletedRows);
    },

    async setFollowerState(id: number, state: FollowerState): Promise<Follower | null> {
      const row = await db.updateTable('fediverse_followers').set({ state }).where('id', '=', id).returningAll().executeTakeFirst();
      return row ? toFollower(row) : null;
    },

    /** One language's followers, newest first; `state` picks accepted or pending ones. */
    async listFollowers(locale: Locale, options: { state?: FollowerState; limit?: number; offset?: number } = {}): Promise<Follower[]> {
      let query = db.selectFrom('fediverse_followers').selectAll().where('locale', '=', locale);
      if (options.state) query = query.where('state', '=', options.state);
      const rows = await query
        .orderBy('created_at', 'desc')
        .orderBy('id', 'desc')
        .limit(options.limit ?? 50)
        .offset(options.offset ?? 0)
        .execute();
      return rows.map(toFollower);
    },

    /** Accepted followers per language (what the actor's followers collection counts). */
    async countFollowers(): Promise<Record<Locale, { accepted: number; pending: number }>> {
      const rows = await db.selectFrom('fediverse_followers').select(['locale', 'state']).select((eb) => eb.fn.countAll<number | string>().as('n')).groupBy(['locale', 'state']).execute();
      const counts = Object.fromEntries(locales.map((l) => [l, { accepted: 0, pending: 0 }])) as Record<Locale, { accepted: number; pending: number }>;
      for (const r of rows) if (isLocale(r.locale)) counts[r.locale][r.state === 'pending' ? 'pending' : 'accepted'] = Number(r.n);
      return counts;
    },

    /** Accepted followers after `afterId`, by id: the pages Fedify's followers dispatcher sends to. */
    async followersPage(locale: Locale, afterId: number, limit: number): Promise<Follower[]> {
      const rows = await db
        .selectFrom('fediverse_followers')
        .selectAll()
        .where('locale', '=', locale)
        .where('state', '=', 'accepted')
        .where('id', '>', afterId)
        .orderBy('id')
        .limit(limit)
        .execute();
      return rows.map(toFollower);
    },

    // ---- replies ----
    /** Stores a reply, or its new text when it was edited (an Update); its state stays. */
    async saveReply(r: NewReply, now = new Date()): Promise<Reply> {
      const nowIso = toIsoTimestamp(now);
      const values = {
        post_id: r.postId,
        locale: r.locale,
        object_uri: r.objectUri,
        activity_uri: r.activityUri,
        actor_uri: r.actorUri,
        actor_handle: r.actorHandle,
        actor_name: r.actorName,
        actor_url: r.actorUrl,
        actor_icon_url: r.actorIconUrl,
        instance_host: r.instanceHost,
        content_html: r.contentHtml,
        url: r.url,
        in_reply_to: r.inReplyTo,
        published_at: r.publishedAt,
      };
      const row = await db
        .insertInto('fediverse_replies')
        .values({ ...values, state: r.state, received_at: nowIso, updated_at: nowIso })
        .onConflict((oc) => oc.column('object_uri').doUpdateSet({ content_html: r.contentHtml, actor_name: r.actorName, actor_icon_url: r.actorIconUrl, url: r.url, updated_at: nowIso }))
        .returningAll()
        .executeTakeFirstOrThrow();
      return toReply(row);
    },

    /** A Delete from the reply's own author: the article it was under, or null when none was removed. */
    async deleteReply(objectUri: string, actorUri: string): Promise<number | null> {
      const row = await db.deleteFrom('fediverse_replies').where('object_uri', '=', objectUri).where('actor_uri', '=', actorUri).returning('post_id').executeTakeFirst();
      return row?.post_id ?? null;
    },

    async findReplyByObject(objectUri: string): Promise<Reply | null> {
      const row = await db.selectFrom('fediverse_replies').selectAll().where('object_uri', '=', objectUri).executeTakeFirst();
      return row ? toReply(row) : null;
    },

    /** Replies in one state (the Studio's queue), newest first, optionally of one article or language. */
    async listReplies(options: { state?: ReplyState; postId?: number; locale?: Locale; limit?: number; offset?: number } = {}): Promise<Reply[]> {
      let query = db.selectFrom('fediverse_replies').selectAll();
      if (options.state) query = query.where('state', '=', options.state);
      if (options.postId !== undefined) query = query.where('post_id', '=', options.postId);
      if (options.locale) query = query.where('locale', '=', options.locale);
      const rows = await query.orderBy('received_at', 'desc').orderBy('id', 'desc').limit(options.limit ?? 50).offset(options.offset ?? 0).execute();
      return rows.map(toReply);
    },

    /** What readers see under an article in a language: approved replies, oldest first. */
    async listApprovedReplies(postId: number, locale: Locale, limit = 200): Promise<Reply[]> {
      const rows = await db
        .selectFrom('fediverse_replies')
        .selectAll()
        .where('post_id', '=', postId)
        .where('locale', '=', locale)
        .where('state', '=', 'approved')
        .orderBy('published_at')
        .orderBy('id')
        .limit(limit)
        .execute();
      return rows.map(toReply);
    },

    async setReplyState(id: number, state: ReplyState, now = new Date()): Promise<Reply | null> {
      const row = await db.updateTable('fediverse_replies').set({ state, updated_at: toIsoTimestamp(now) }).where('id', '=', id).returningAll().executeTakeFirst();
      return row ? toReply(row) : null;
    },

    // ---- reactions ----
    /** A Like or an Announce; the same activity twice counts once. */
    async addReaction(r: NewReaction, now = new Date()): Promise<void> {
      await db
        .insertInto('fediverse_reactions')
        .values({ post_id: r.postId, locale: r.locale, kind: r.kind, actor_uri: r.actorUri, activity_uri: r.activityUri, created_at: toIsoTimestamp(now) })
        .onConflict((oc) => oc.column('activity_uri').doNothing())
        .execute();
    },

    /** An Undo of a Like or an Announce, by the actor who sent it: the article it was of, or null. */
    async removeReaction(activityUri: string, actorUri: string): Promise<number | null> {
      const row = await db.deleteFrom('fediverse_reactions').where('activity_uri', '=', activityUri).where('actor_uri', '=', actorUri).returning('post_id').executeTakeFirst();
      return row?.post_id ?? null;
    },

    /** Likes and boosts of one article in one language. */
    async reactionCounts(postId: number, locale: Locale): Promise<ReactionCounts> {
      const rows = await db
        .selectFrom('fediverse_reactions')
        .select('kind')
        .select((eb) => eb.fn.countAll<number | string>().as('n'))
        .where('post_id', '=', postId)
        .where('locale', '=', locale)
        .groupBy('kind')
        .execute();
      const n = (kind: ReactionKind) => Number(rows.find((r) => r.kind === kind)?.n ?? 0);
      return { likes: n('like'), announces: n('announce') };
    },

    // ---- blocks ----
    /**
     * Refuses an actor (its URI) or an instance (a host): its followers of every language
     * are removed and its replies hidden, in the same transaction.
     */
    addBlock: (kind: BlockKind, value: string, createdBy: string | null, now = new Date()) =>
      inTransaction(db, async (trx): Promise<Block> => {
        const stored = kind === 'instance' ? value.trim().toLowerCase() : value.trim();
        const nowIso = toIsoTimestamp(now);
        const row = await trx
          .insertInto('fediverse_blocks')
          .values({ kind, value: stored, created_at: nowIso, created_by: createdBy })
          .onConflict((oc) => oc.columns(['kind', 'value']).doUpdateSet({ kind }))
          .returningAll()
          .executeTakeFirstOrThrow();
        if (kind === 'actor') {
          await trx.deleteFrom('fediverse_followers').where('actor_uri', '=', stored).execute();
          await trx.updateTable('fediverse_replies').set({ state: 'hidden', updated_at: nowIso }).where('actor_uri', '=', stored).execute();
        } else {
          await trx.deleteFrom('fediverse_followers').where('instance_host', '=', stored).execute();
          await trx.updateTable('fediverse_replies').set({ state: 'hidden', updated_at: nowIso }).where('instance_host', '=', stored).execute();
        }
        return { id: row.id, kind, value: row.value, createdAt: row.created_at, createdBy: row.created_by };
      }),

    async removeBlock(id: number): Promise<boolean> {
      const result = await db.deleteFrom('fediverse_blocks').where('id', '=', id).executeTakeFirst();
      return Number(result.numDeletedRows) > 0;
    },

    async listBlocks(): Promise<Block[]> {
      const rows = await db.selectFrom('fediverse_blocks').selectAll().orderBy('created_at', 'desc').orderBy('id', 'desc').execute();
      return rows.map((r) => ({ id: r.id, kind: r.kind === 'instance' ? 'instance' : 'actor', value: r.value, createdAt: r.created_at, createdBy: r.created_by }));
    },
  };
}

export type FediverseRepository = ReturnType<typeof createFediverseRepository>;
