// What the Studio's Fediverse screens and an article's replies show of the federation's
// records (types.ts): the parts of a follower, a reply and a block a moderator or a
// reader sees, shared by the moderation repository and the components.
import type { PostKind } from '@/core/content/types';
import type { Locale } from '@/core/locales';
import type { Block, Follower, FollowerState, Reply, ReplyState } from './types';

export type FollowerRow = Pick<Follower, 'id' | 'locale' | 'actorUri' | 'handle' | 'name' | 'iconUrl' | 'instanceHost' | 'state' | 'createdAt'>;

/** A reply as shown: its text was sanitized when it was received, so it renders as stored. */
export type ReplyRow = Pick<
  Reply,
  'id' | 'postId' | 'locale' | 'actorUri' | 'actorHandle' | 'actorName' | 'actorUrl' | 'actorIconUrl' | 'instanceHost' | 'contentHtml' | 'url' | 'publishedAt' | 'state'
>;

/** A reply in the Studio's queue, with the article it answers (its title in the reply's language). */
export interface QueuedReply extends ReplyRow {
  receivedAt: string;
  articleTitle: string | null;
  articleSlug: string | null;
  articleKind: PostKind | null;
}

export type BlockRow = Pick<Block, 'id' | 'kind' | 'value' | 'createdAt'>;

export type FollowerCounts = Record<Locale, Record<FollowerState, number>>;
export type ReplyCounts = Record<ReplyState, number>;

/** An article's page in one language, which changes when one of its replies is shown or taken away. */
export interface ArticleRef {
  postId: number;
  locale: Locale;
}
