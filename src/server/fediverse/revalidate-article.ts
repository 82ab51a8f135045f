// What an inbox activity changed on an article's page (#29): a like, a boost, a reply shown
// at once or a reply deleted. The page reads replies and counts under the tag
// `fediverse-replies:<postId>` (the Studio side, server/site/); this drops it here and in the
// shared cache. Never throws: a stale count for a minute is no reason to refuse an activity.
import { revalidateTag } from 'next/cache';
import { invalidateSharedCache } from '@/server/revalidate';
import { logger } from '@/server/logger';

export const articleFediverseTag = (postId: number) => `fediverse-replies:${postId}`;

export async function revalidateArticleFediverse(postIds: readonly number[]): Promise<void> {
  const tags = [...new Set(postIds.map(articleFediverseTag))];
  if (tags.length === 0) return;
  try {
    for (const tag of tags) revalidateTag(tag, { expire: 0 });
    await invalidateSharedCache(tags);
  } catch (error) {
    logger.warn({ err: error, tags }, 'an article’s fediverse replies could not be revalidated');
  }
}
