// The podcast of a language: the posts narrated in it, newest first, each narration an
// episode with its exact size and duration.
import { getTranslations } from 'next-intl/server';
import type { Post } from '@/core/content/types';
import { latestDate, type PodcastChannel, type PodcastEpisode } from '@/core/feeds/feed-types';
import type { Locale } from '@/i18n/routing';
import { getSiteSettings, listPosts } from '@/server/content';
import { postPath } from '@/server/post-view';
import { absoluteUrl } from '@/server/site-url';
import { feedPath } from './feed-links';
import { feedHomeUrl, feedIconUrl, feedLanguage } from './feed-site';

export const maxEpisodes = 100;
const pageSize = 100;
/**
 * Posts are listed without a narration filter, so the scan stops after this many pages:
 * a narration older than the latest 1,000 posts leaves the feed.
 */
const maxPages = 10;

/** Apple Podcasts' category for a magazine of essays on writing, translation and culture. */
const category = { text: 'Society & Culture' };

export async function loadPodcast(locale: Locale): Promise<{ channel: PodcastChannel; episodes: PodcastEpisode[] }> {
  const [settings, t] = await Promise.all([getSiteSettings(locale), getTranslations({ locale, namespace: 'feeds' })]);
  const episodes: PodcastEpisode[] = [];
  for (let page = 1; page <= maxPages && episodes.length < maxEpisodes; page++) {
    const { items, total } = await listPosts({ locale, page, pageSize, kind: 'post', includeOtherLanguage: false });
    for (const post of items) {
      const episode = toEpisode(post, locale);
      if (episode && episodes.length < maxEpisodes) episodes.push(episode);
    }
    if (page * pageSize >= total) break;
  }
  const channel: PodcastChannel = {
    title: t('podcastTitle', { site: settings.title }),
    description: t('podcastDescription', { site: settings.title }),
    language: feedLanguage(locale),
    homeUrl: feedHomeUrl(locale),
    selfUrl: absoluteUrl(feedPath(locale, 'podcast')),
    imageUrl: feedIconUrl(),
    author: settings.title,
    category,
    explicit: false,
    updated: latestDate(episodes.map((e) => e.published)) ?? new Date(),
  };
  return { channel, episodes };
}

function toEpisode(post: Post, locale: Locale): PodcastEpisode | null {
  const translation = post.translations[locale];
  const narration = post.narration[locale];
  if (!translation || !narration) return null;
  return {
    // The media row, not the post: a new recording is a new episode to download.
    guid: `duet-narration-${narration.id}`,
    url: absoluteUrl(postPath(post, locale, translation.slug)),
    title: translation.title,
    description: translation.excerpt,
    published: new Date(post.publishedAt ?? post.createdAt),
    audio: { url: absoluteUrl(narration.path), mimeType: narration.mime, bytes: narration.bytes, durationSeconds: narration.durationSeconds },
    // The content model has no rating; the magazine publishes nothing explicit.
    explicit: false,
  };
}
