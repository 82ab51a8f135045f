// What the Studio reads and changes of the fediverse (the tables of migration
// 2027-01-01T0001-fediverse, which the federation in db/repositories/fediverse.ts fills):
// followers per language and their requests, the replies' moderation queue, blocks, and
// what an article shows under it (approved replies, like and boost counts). Lists are
// keyset pages by id, newest first, so a page costs the same at any depth.
import type { Kysely } from 'kysely';
import type { PostKind } from '@/core/content/types';
import type { ArticleRef, BlockRow, FollowerCounts, FollowerRow, QueuedReply, ReplyCounts, ReplyRow } from '@/core/fediverse/moderation-views';
import { locales, type Locale } from '@/core/locales';
import { fediversePageSize, toKeysetPage, type BlockInput, type FollowerQuery, type KeysetPage, type ReplyQuery } from '@/core/fediverse/moderation';
import type { BlockKind, Follower, FollowerState, ReplyState } from '@/core/fediverse/types';
import { inTransaction } from '../transaction';
import type { Database } from '../schema';

/** A held follow request as the answer to it needs it: who asked, where to answer, what they sent. */
export type FollowRequest = Pick<Follower, 'id' | 'locale' | 'actorUri' | 'inboxUrl' | 'followActivityUri'>;

/** Replies shown under one article: enough for any conversation, bounded for the page. */
export const maxRepliesShown = 200;

const asLocale = (value: string) => value as Locale;

const replyColumns = [
  'r.id',
  'r.post_id',
  'r.locale',
  'r.actor_uri',
  'r.actor_handle',
  'r.actor_name',
  'r.actor_url',
  'r.actor_icon_url',
  'r.instance_host',
  'r.content_html',
  'r.url',
  'r.published_at',
  'r.received_at',
  'r.state',
] as const;

type ReplySelect = {
  id: number;
  post_id: number;
  locale: string;
  actor_uri: string;
  actor_handle: string;
  actor_name: string;
  actor_url: string | null;
  actor_icon_url: string | null;
  instance_host: string;
  content_html: string;
  url: string | null;
  published_at: string;
  state: string;
};

function toReply(row: ReplySelect): ReplyRow {
  return {
    id: Number(row.id),
    postId: Number(row.post_id),
    locale: asLocale(row.locale),
    actorUri: row.actor_uri,
    actorHandle: row.actor_handle,
    actorName: row.actor_name,
    actorUrl: row.actor_url,
    actorIconUrl: row.actor_icon_url,
    instanceHost: row.instance_host,
    contentHtml: row.content_html,
    url: row.url,
    publishedAt: row.published_at,
    state: row.state as ReplyState,
  };
}

export function createFediverseModeration(db: Kysely<Database>) {
  return {
    /** Accepted followers and waiting requests, per language. */
    async followerCounts(): Promise<FollowerCounts> {
      const rows = await db
        .selectFrom('fediverse_followers')
        .select(['locale', 'state', db.fn.countAll<number | string>().as('n')])
        .groupBy(['locale', 'state'])
        .execute();
      const counts = Object.fromEntries(locales.map((l) => [l, { accepted: 0, pending: 0 }])) as FollowerCounts;
      for (const row of rows) {
        const bucket = counts[asLocale(row.locale)];
        if (bucket && (row.state === 'accepted' || row.state === 'pending')) bucket[row.state] = Number(row.n);
      }
      return counts;
    },

    async listFollowers(query: FollowerQuery, size = fediversePageSize): Promise<KeysetPage<FollowerRow>> {
      const rows = await db
        .selectFrom('fediverse_followers')
        .select(['id', 'locale', 'actor_uri', 'handle', 'name', 'icon_url', 'instance_host', 'state', 'created_at'])
        .where('locale', '=', query.locale)
        .where('state', '=', query.state)
        .$if(query.before !== undefined, (q) => q.where('id', '<', query.before!))
        .orderBy('id', 'desc')
        .limit(size + 1)
        .execute();
      return toKeysetPage(
        rows.map((r) => ({
          id: Number(r.id),
          locale: asLocale(r.locale),
          actorUri: r.actor_uri,
          handle: r.handle,
          name: r.name,
          iconUrl: r.icon_url,
          instanceHost: r.instance_host,
          state: r.state as FollowerState,
          createdAt: r.created_at,
        })),
        size,
      );
    },

    /**
     * Accepts a waiting follow request (it becomes a follower) or rejects it (the row goes).
     * Returns the request as it was, or null when there is no such waiting request.
     */
    async decideFollowRequest(id: number, decision: 'accept' | 'reject'): Promise<FollowRequest | null> {
      return inTransaction(db, async (trx) => {
        const row = await trx
          .selectFrom('fediverse_followers')
          .select(['id', 'locale', 'actor_uri', 'inbox_url', 'follow_activity_uri'])
          .where('id', '=', id)
          .where('state', '=', 'pending')
          .executeTakeFirst();
        if (!row) return null;
        if (decision === 'accept') await trx.updateTable('fediverse_followers').set({ state: 'accepted' }).where('id', '=', id).execute();
        else await trx.deleteFrom('fediverse_followers').where('id', '=', id).execute();
        return { id: Number(row.id), locale: asLocale(row.locale), actorUri: row.actor_uri, inboxUrl: row.inbox_url, followActivityUri: row.follow_activity_uri };
      });
    },

    async replyCounts(): Promise<ReplyCounts> {
      const rows = await db.selectFrom('fediverse_replies').select(['state', db.fn.countAll<number | string>().as('n')]).groupBy('state').execute();
      const counts: ReplyCounts = { held: 0, approved: 0, hidden: 0 };
      for (const row of rows) if (row.state in counts) counts[row.state as ReplyState] = Number(row.n);
      return counts;
    },

    /** The moderation queue in one state, newest first, each with its article's title. */
    async listReplies(query: ReplyQuery, size = fediversePageSize): Promise<KeysetPage<QueuedReply>> {
      const rows = await db
        .selectFrom('fediverse_replies as r')
        .leftJoin('posts as p', 'p.id', 'r.post_id')
        .leftJoin('post_translations as t', (join) => join.onRef('t.post_id', '=', 'r.post_id').onRef('t.locale', '=', 'r.locale'))
        .select([...replyColumns, 't.title', 't.slug', 'p.kind'])
        .where('r.state', '=', query.state)
        .$if(query.before !== undefined, (q) => q.where('r.id', '<', query.before!))
        .orderBy('r.id', 'desc')
        .limit(size + 1)
        .execute();
      return toKeysetPage(
        rows.map((row) => ({ ...toReply(row), receivedAt: row.received_at, articleTitle: row.title, articleSlug: row.slug, articleKind: row.kind as PostKind | null })),
        size,
      );
    },

    /** Moves a reply to `state`; returns its article (whose page changes) or null when there is no such reply. */
    async setReplyState(id: number, state: ReplyState, now = new Date()): Promise<(ArticleRef & { previous: ReplyState }) | null> {
      return inTransaction(db, async (trx) => {
        const row = await trx.selectFrom('fediverse_replies').select(['post_id', 'locale', 'state']).where('id', '=', id).executeTakeFirst();
        if (!row) return null;
        await trx.updateTable('fediverse_replies').set({ state, updated_at: now.toISOString() }).where('id', '=', id).execute();
        return { postId: Number(row.post_id), locale: asLocale(row.locale), previous: row.state as ReplyState };
      });
    },

    /** The replies an article shows in one language: approved ones, oldest first, as a conversation reads. */
    async approvedReplies(postId: number, locale: Locale): Promise<ReplyRow[]> {
      const rows = await db
        .selectFrom('fediverse_replies as r')
        .select(replyColumns)
        .where('r.post_id', '=', postId)
        .where('r.locale', '=', locale)
        .where('r.state', '=', 'approved')
        .orderBy('r.published_at', 'asc')
        .orderBy('r.id', 'asc')
        .limit(maxRepliesShown)
        .execute();
      return rows.map(toReply);
    },

    /** Likes and boosts of an article in one language. */
    async reactionCounts(postId: number, locale: Locale): Promise<{ likes: number; boosts: number }> {
      const rows = await db
        .selectFrom('fediverse_reactions')
        .select(['kind', db.fn.countAll<number | string>().as('n')])
        .where('post_id', '=', postId)
        .where('locale', '=', locale)
        .groupBy('kind')
        .execute();
      const count = (kind: string) => Number(rows.find((r) => r.kind === kind)?.n ?? 0);
      return { likes: count('like'), boosts: count('announce') };
    },

    async listBlocks(before?: number, size = fediversePageSize): Promise<KeysetPage<BlockRow>> {
      const rows = await db
        .selectFrom('fediverse_blocks')
        .select(['id', 'kind', 'value', 'created_at'])
        .$if(before !== undefined, (q) => q.where('id', '<', before!))
        .orderBy('id', 'desc')
        .limit(size + 1)
        .execute();
      return toKeysetPage(
        rows.map((r) => ({ id: Number(r.id), kind: r.kind as BlockKind, value: r.value, createdAt: r.created_at })),
        size,
      );
    },

    /**
     * Blocks an actor or a whole instance: what it sends from now on is refused (the inbox
     * checks the blocks), it no longer follows either language, and its replies are hidden.
     * Returns the articles that showed one of those replies, whose pages change. Blocking
     * twice changes nothing.
     */
    async addBlock(input: BlockInput, createdBy: string | null, now = new Date()): Promise<ArticleRef[]> {
      return inTransaction(db, async (trx) => {
        await trx
          .insertInto('fediverse_blocks')
          .values({ kind: input.kind, value: input.value, created_at: now.toISOString(), created_by: createdBy })
          .onConflict((oc) => oc.columns(['kind', 'value']).doNothing())
          .execute();
        const column = input.kind === 'actor' ? 'actor_uri' : 'instance_host';
        await trx.deleteFrom('fediverse_followers').where(column, '=', input.value).execute();
        const shown = await trx.selectFrom('fediverse_replies').select(['post_id', 'locale']).distinct().where(column, '=', input.value).where('state', '=', 'approved').execute();
        await trx
          .updateTable('fediverse_replies')
          .set({ state: 'hidden', updated_at: now.toISOString() })
          .where(column, '=', input.value)
          .where('state', '!=', 'hidden')
          .execute();
        return shown.map((r) => ({ postId: Number(r.post_id), locale: asLocale(r.locale) }));
      });
    },

    /** Lifts a block: new follows and replies are taken again (what was hidden stays hidden). */
    async removeBlock(id: number): Promise<boolean> {
      const result = await db.deleteFrom('fediverse_blocks').where('id', '=', id).executeTakeFirst();
      return Number(result.numDeletedRows) > 0;
    },
  };
}

export type { ArticleRef, BlockRow, FollowerCounts, FollowerRow, QueuedReply, ReplyCounts, ReplyRow };
export type FediverseModeration = ReturnType<typeof createFediverseModeration>;
