// The podcast of a language: the posts narrated in it, newest first, each narration an
// episode with its exact size and duration.
import { getTranslations } from 'next-intl/server';
import type { Post } from '@/core/content/types';
import { latestDate, type PodcastChannel, type PodcastEpisode } from '@/core/feeds/feed-types';
import type { Locale } from '@/core/locales';
import { listPosts } from '@/server/content';
import { postPath } from '@/core/content/post-path';
import { getSiteIdentity } from '@/server/site/site-identity';
import { absoluteUrl } from '@/core/config/site-url';
import { feedPath } from './feed-links';
import { feedHomeUrl, feedLanguage, podcastArtworkUrl } from './feed-site';

export const maxEpisodes = 100;

/** Apple Podcasts' category for a magazine of essays on writing, translation and culture. */
const category = { text: 'Society & Culture' };

export async function loadPodcast(locale: Locale): Promise<{ channel: PodcastChannel; episodes: PodcastEpisode[] }> {
  const [site, t] = await Promise.all([getSiteIdentity(locale), getTranslations({ locale, namespace: 'feeds' })]);
  // The database picks the narrated posts, so an old narration is never crowded out by
  // newer posts without one.
  const { items } = await listPosts({ locale, page: 1, pageSize: maxEpisodes, kind: 'post', includeOtherLanguage: false, narratedIn: locale });
  const episodes = items.map((post) => toEpisode(post, locale)).filter((e): e is PodcastEpisode => e !== null);
  const channel: PodcastChannel = {
    title: t('podcastTitle', { site: site.name }),
    description: t('podcastDescription', { site: site.name }),
    language: feedLanguage(locale),
    homeUrl: feedHomeUrl(locale),
    selfUrl: absoluteUrl(feedPath(locale, 'podcast')),
    imageUrl: podcastArtworkUrl(site),
    author: site.name,
    owner: site.podcastEmail ? { name: site.name, email: site.podcastEmail } : undefined,
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
    url: absoluteUrl(postPath(post.kind, locale, translation.slug)),
    title: translation.title,
    description: translation.excerpt,
    published: new Date(post.publishedAt ?? post.createdAt),
    audio: { url: absoluteUrl(narration.path), mimeType: narration.mime, bytes: narration.bytes, durationSeconds: narration.durationSeconds },
    // The content model has no rating; the magazine publishes nothing explicit.
    explicit: false,
  };
}
