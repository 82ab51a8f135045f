// Answers a feed request: the language's feed in the asked format, with its content type
// and five minutes of caching for readers and proxies (they poll; content changes rarely).
import { buildAtom } from '@/core/feeds/build-atom';
import { buildJsonFeed } from '@/core/feeds/build-json-feed';
import { buildPodcast } from '@/core/feeds/build-podcast';
import { buildRss } from '@/core/feeds/build-rss';
import { AppError } from '@/core/errors/app-error';
import { isLocale, type Locale } from '@/core/locales';
import type { FeedFormat } from './feed-links';
import { loadFeed } from './load-feed';
import { loadPodcast } from './load-podcast';

export const feedContentTypes: Record<FeedFormat, string> = {
  rss: 'application/rss+xml; charset=utf-8',
  atom: 'application/atom+xml; charset=utf-8',
  json: 'application/feed+json; charset=utf-8',
  podcast: 'application/rss+xml; charset=utf-8',
};

export async function serveFeed(locale: string, format: FeedFormat): Promise<Response> {
  if (!isLocale(locale)) throw new AppError('NOT_FOUND', `There is no feed in the language "${locale}".`);
  return new Response(await buildFeed(locale, format), {
    headers: {
      'Content-Type': feedContentTypes[format],
      'Cache-Control': 'public, max-age=300',
      'X-Content-Type-Options': 'nosniff',
    },
  });
}

async function buildFeed(locale: Locale, format: FeedFormat): Promise<string> {
  if (format === 'podcast') {
    const { channel, episodes } = await loadPodcast(locale);
    return buildPodcast(channel, episodes);
  }
  const { channel, entries } = await loadFeed(locale);
  const build = { rss: buildRss, atom: buildAtom, json: buildJsonFeed }[format];
  return build(channel, entries);
}
