// A podcast of the narrations: RSS 2.0 with Apple's iTunes namespace, which every podcast
// app reads. https://podcasters.apple.com/support/823-podcast-requirements
import { rfc822, rssChannelHead, rssNamespaces } from './build-rss';
import type { PodcastChannel, PodcastEpisode } from './feed-types';
import { formatDuration } from './format-duration';
import { renderXmlDocument, xmlElement, xmlText } from './xml-writer';

export function buildPodcast(channel: PodcastChannel, episodes: PodcastEpisode[]): string {
  const root = xmlElement(
    'rss',
    { version: '2.0', 'xmlns:itunes': rssNamespaces.itunes, 'xmlns:atom': rssNamespaces.atom },
    xmlElement(
      'channel',
      {},
      rssChannelHead(channel),
      xmlText('itunes:author', channel.author),
      channel.owner !== undefined &&
        xmlElement('itunes:owner', {}, xmlText('itunes:name', channel.owner.name), xmlText('itunes:email', channel.owner.email)),
      xmlElement('itunes:image', { href: channel.imageUrl }),
      xmlElement(
        'itunes:category',
        { text: channel.category.text },
        channel.category.subcategory !== undefined && xmlElement('itunes:category', { text: channel.category.subcategory }),
      ),
      xmlText('itunes:explicit', String(channel.explicit)),
      xmlText('itunes:type', 'episodic'),
      episodes.map((episode) =>
        xmlElement(
          'item',
          {},
          xmlText('title', episode.title),
          xmlText('link', episode.url),
          xmlText('description', episode.description),
          xmlText('guid', episode.guid, { isPermaLink: false }),
          xmlText('pubDate', rfc822(episode.published)),
          xmlElement('enclosure', { url: episode.audio.url, length: episode.audio.bytes, type: episode.audio.mimeType }),
          xmlText('itunes:duration', formatDuration(episode.audio.durationSeconds)),
          xmlText('itunes:explicit', String(episode.explicit)),
          xmlText('itunes:episodeType', 'full'),
        ),
      ),
    ),
  );
  return renderXmlDocument(root);
}
