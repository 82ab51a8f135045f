// What the fediverse's records are, shared by the database layer, the federation server
// and the Studio's views: followers, replies, reactions and blocks as plain objects.
import type { Locale } from '@/core/locales';

export type FollowerState = 'accepted' | 'pending';
export type ReplyState = 'held' | 'approved' | 'hidden';
export const replyStates = ['held', 'approved', 'hidden'] as const satisfies readonly ReplyState[];
export type ReactionKind = 'like' | 'announce';
export type BlockKind = 'actor' | 'instance';
export const blockKinds = ['actor', 'instance'] as const satisfies readonly BlockKind[];
/** What a publishing event asks the followers to hear. */
export type OutboxEvent = 'create' | 'update' | 'delete';

export interface Follower {
  id: number;
  locale: Locale;
  actorUri: string;
  inboxUrl: string;
  sharedInboxUrl: string | null;
  handle: string;
  name: string;
  iconUrl: string | null;
  instanceHost: string;
  state: FollowerState;
  followActivityUri: string | null;
  createdAt: string;
}

export interface Reply {
  id: number;
  postId: number;
  locale: Locale;
  objectUri: string;
  activityUri: string | null;
  actorUri: string;
  actorHandle: string;
  actorName: string;
  actorUrl: string | null;
  actorIconUrl: string | null;
  instanceHost: string;
  /** Already sanitized: safe to render as HTML. */
  contentHtml: string;
  url: string | null;
  inReplyTo: string;
  publishedAt: string;
  receivedAt: string;
  state: ReplyState;
  updatedAt: string;
}

export interface Block {
  id: number;
  kind: BlockKind;
  value: string;
  createdAt: string;
  createdBy: string | null;
}

export interface ReactionCounts {
  likes: number;
  announces: number;
}

/** The host of a URL in lower case, or null when it is not one. */
export function hostOf(uri: string): string | null {
  try {
    return new URL(uri).hostname.toLowerCase() || null;
  } catch {
    return null;
  }
}

/** True when an actor (by its URI) is refused: the actor itself or its whole instance. */
export function isBlockedBy(blocks: ReadonlyArray<Pick<Block, 'kind' | 'value'>>, actorUri: string): boolean {
  const host = hostOf(actorUri);
  return blocks.some((b) => (b.kind === 'actor' && b.value === actorUri) || (b.kind === 'instance' && host !== null && (host === b.value || host.endsWith(`.${b.value}`))));
}
