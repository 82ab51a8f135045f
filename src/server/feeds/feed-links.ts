// Where each feed of a language lives, and the <link rel="alternate"> tags that announce
// them in a page's head (Metadata `alternates.types`).
import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import type { Locale } from '@/core/locales';
import { getSiteIdentity } from '@/server/site/site-identity';

export type FeedFormat = 'rss' | 'atom' | 'json' | 'podcast';

const feedFiles: Record<FeedFormat, string> = { rss: 'feed.xml', atom: 'atom.xml', json: 'feed.json', podcast: 'podcast.xml' };

/** `/zh/feed.xml`, `/en/podcast.xml`… */
export function feedPath(locale: Locale, format: FeedFormat): string {
  return `/${locale}/${feedFiles[format]}`;
}

type AlternateTypes = NonNullable<NonNullable<Metadata['alternates']>['types']>;

/**
 * The feeds of `locale` for `alternates.types`. Next resolves the paths against the
 * layout's metadataBase. A page that sets its own `alternates` replaces the layout's whole
 * value (Next merges metadata one top-level key at a time), so such a page passes these
 * along itself: `alternates: { ...alternatesMetadata(…), types: await feedLinks(locale) }`.
 */
export async function feedLinks(locale: Locale): Promise<AlternateTypes> {
  const [t, identity] = await Promise.all([getTranslations({ locale }), getSiteIdentity(locale)]);
  const site = identity.name;
  return {
    'application/rss+xml': [
      { url: feedPath(locale, 'rss'), title: t('feeds.rssTitle', { site }) },
      { url: feedPath(locale, 'podcast'), title: t('feeds.podcastTitle', { site }) },
    ],
    'application/atom+xml': [{ url: feedPath(locale, 'atom'), title: t('feeds.atomTitle', { site }) }],
    'application/feed+json': [{ url: feedPath(locale, 'json'), title: t('feeds.jsonTitle', { site }) }],
  };
}
