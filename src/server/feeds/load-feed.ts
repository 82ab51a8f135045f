// The article feed of a language: the latest published posts that have a translation in
// it, with their full text. Reads through the cached content reads; the rendered HTML of
// each translation is cached too, under the same tag, so any content change refreshes it.
import { unstable_cache } from 'next/cache';
import type { Post, Translation } from '@/core/content/types';
import { absolutizeHtml } from '@/core/feeds/absolutize-html';
import { mathWithoutCss } from '@/core/markdown/math-without-css';
import { latestDate, type FeedChannel, type FeedEntry } from '@/core/feeds/feed-types';
import { getRenderedBody } from '@/server/render/rendered-body';
import { otherLocale, type Locale } from '@/core/locales';
import { contentTag, listPosts } from '@/server/content';
import { postPath } from '@/core/content/post-path';
import { getSiteIdentity } from '@/server/site/site-identity';
import { absoluteUrl } from '@/core/config/site-url';
import { feedPath } from './feed-links';
import { feedHomeUrl, feedIconUrl, feedLanguage } from './feed-site';

export const feedSize = 20;

export async function loadFeed(locale: Locale): Promise<{ channel: FeedChannel; entries: FeedEntry[] }> {
  const [site, posts] = await Promise.all([
    getSiteIdentity(locale),
    listPosts({ locale, page: 1, pageSize: feedSize, kind: 'post', includeOtherLanguage: false }),
  ]);
  const entries = (await Promise.all(posts.items.map((post) => toFeedEntry(post, locale)))).filter((e): e is FeedEntry => e !== null);
  const channel: FeedChannel = {
    title: site.name,
    description: site.description,
    language: feedLanguage(locale),
    homeUrl: feedHomeUrl(locale),
    feedUrls: { rss: absoluteUrl(feedPath(locale, 'rss')), atom: absoluteUrl(feedPath(locale, 'atom')), json: absoluteUrl(feedPath(locale, 'json')) },
    iconUrl: feedIconUrl(site),
    updated: latestDate(entries.map((e) => e.updated)) ?? new Date(),
  };
  return { channel, entries };
}

async function toFeedEntry(post: Post, locale: Locale): Promise<FeedEntry | null> {
  const translation = post.translations[locale];
  if (!translation) return null;
  const other = otherLocale(locale);
  const url = absoluteUrl(postPath(post.kind, locale, translation.slug));
  const published = new Date(post.publishedAt ?? post.createdAt);
  const edited = new Date(translation.updatedAt);
  const narration = post.narration[locale];
  return {
    id: url,
    url,
    title: translation.title,
    summary: translation.excerpt,
    contentHtml: await renderFeedHtml(translation, url),
    published,
    // A translation written before its scheduled publication was not updated after it.
    updated: edited > published ? edited : published,
    authors: post.authors.map((author) => ({
      name: author.name[locale] ?? author.name[other] ?? author.handle,
      url: absoluteUrl(`/${locale}/authors/${author.handle}`),
    })),
    tags: post.tags.map((tag) => tag.names[locale]?.name ?? tag.names[other]?.name ?? tag.key),
    imageUrl: post.cover ? absoluteUrl(post.cover.path) : undefined,
    attachment: narration && {
      url: absoluteUrl(narration.path),
      mimeType: narration.mime,
      bytes: narration.bytes,
      durationSeconds: narration.durationSeconds,
    },
  };
}

/** The article's HTML as the page renders it, every link made absolute for readers off the site. */
function renderFeedHtml(translation: Translation, url: string): Promise<string> {
  return unstable_cache(
    // A feed reader has no KaTeX stylesheet: formulas go as MathML only.
    async () => absolutizeHtml(mathWithoutCss((await getRenderedBody(translation)).html), url),
    ['duet', 'feed-html', String(translation.id), String(translation.revisionId), translation.updatedAt, url],
    { tags: [contentTag] },
  )();
}
