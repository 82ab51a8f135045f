// What an article shows of the fediverse: its approved replies in the page's language and
// its like and boost counts, read through the data cache under a tag of the article's own,
// so approving or hiding a reply re-renders that article's pages and nothing else; and
// the address to follow the page's language at.
import { unstable_cache } from 'next/cache';
import { siteUrl } from '@/core/config/site-url';
import { fediverseAddress } from '@/core/fediverse/moderation';
import type { Locale } from '@/core/locales';
import { getDatabase } from '@/db/client';
import { createFediverseModeration, type ArticleRef, type ReplyRow } from '@/db/repositories/fediverse-moderation';
import { createFediverseSettings } from '@/db/repositories/fediverse-settings';
import { contentTag } from '@/server/content';
import { ensureDatabase } from '@/server/ensure-database';
import { articleFediverseTag, revalidateArticleFediverse } from '@/server/fediverse/revalidate-article';

export interface ArticleFediverse {
  replies: ReplyRow[];
  likes: number;
  boosts: number;
}

export function getArticleFediverse(postId: number, locale: Locale): Promise<ArticleFediverse> {
  return unstable_cache(
    async () => {
      await ensureDatabase();
      const repo = createFediverseModeration(getDatabase());
      const [replies, counts] = await Promise.all([repo.approvedReplies(postId, locale), repo.reactionCounts(postId, locale)]);
      return { replies, ...counts };
    },
    ['duet', 'fediverse-replies', String(postId), locale],
    { tags: [articleFediverseTag(postId)] },
  )();
}

/**
 * Re-renders the pages of these articles (after a reply was approved, hidden or blocked),
 * by the tag the federation's inbox drops too (server/fediverse/revalidate-article.ts).
 */
export function revalidateArticleReplies(articles: readonly ArticleRef[]): Promise<void> {
  return revalidateArticleFediverse(articles.map((a) => a.postId));
}

/**
 * The address readers follow a language at (`@zh@example.com`), read through the data
 * cache under the content tag: saving the fediverse settings revalidates every page.
 */
export const getFediverseAddress = (locale: Locale) =>
  unstable_cache(
    async () => {
      await ensureDatabase();
      const settings = await createFediverseSettings(getDatabase()).getSettings();
      return fediverseAddress(settings.handles[locale], siteUrl().host);
    },
    ['duet', 'fediverse-address', locale],
    { tags: [contentTag] },
  )();
