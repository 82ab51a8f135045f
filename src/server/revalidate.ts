// Turns "content changed" into cache invalidation. Called by route handlers and server
// actions after a change (never from persistence code).
import { revalidateTag } from 'next/cache';
import { contentTag } from './content';

/**
 * Drops every cached read and page that shows content; the next request renders fresh.
 * Await it before answering: with the shared cache (REDIS_URL), Next would tell Redis only
 * after a route handler's response has gone, so another instance could still serve the
 * old page to a reader who follows the answer. The direct invalidation closes that gap.
 */
export async function revalidateContent(): Promise<void> {
  revalidateTag(contentTag, { expire: 0 });
  await invalidateSharedCache([contentTag]);
}

/** Invalidates `tags` in the shared cache now, for every instance; nothing without REDIS_URL. */
export async function invalidateSharedCache(tags: string[]): Promise<void> {
  if (!process.env.REDIS_URL) return;
  const { sharedRedisCacheStore } = await import('./cache/redis-cache-store.mjs');
  // Never throws: while Redis is away the invalidation is owed and written when it is back.
  await sharedRedisCacheStore().invalidate(tags);
}
