// RSS 2.0 (with content:encoded for the full article): the format most readers still
// ask for first. https://www.rssboard.org/rss-specification
import type { FeedChannel, FeedEntry } from './feed-types';
import { renderXmlDocument, xmlElement, xmlText, type XmlChild } from './xml-writer';

export const rssNamespaces = {
  atom: 'http://www.w3.org/2005/Atom',
  content: 'http://purl.org/rss/1.0/modules/content/',
  dc: 'http://purl.org/dc/elements/1.1/',
  itunes: 'http://www.itunes.com/dtds/podcast-1.0.dtd',
} as const;

/** RFC 822 dates, as RSS requires ("Sat, 08 Nov 2025 06:00:00 GMT"). */
export function rfc822(date: Date): string {
  return date.toUTCString();
}

/** The elements every RSS channel opens with, shared by the article feed and the podcast. */
export function rssChannelHead(channel: {
  title: string;
  homeUrl: string;
  description: string;
  language: string;
  updated: Date;
  selfUrl: string;
  imageUrl: string;
}): XmlChild[] {
  return [
    xmlText('title', channel.title),
    xmlText('link', channel.homeUrl),
    xmlText('description', channel.description),
    xmlText('language', channel.language),
    xmlText('lastBuildDate', rfc822(channel.updated)),
    xmlElement('atom:link', { href: channel.selfUrl, rel: 'self', type: 'application/rss+xml' }),
    xmlElement('image', {}, xmlText('url', channel.imageUrl), xmlText('title', channel.title), xmlText('link', channel.homeUrl)),
  ];
}

export function buildRss(channel: FeedChannel, entries: FeedEntry[]): string {
  const root = xmlElement(
    'rss',
    { version: '2.0', 'xmlns:atom': rssNamespaces.atom, 'xmlns:content': rssNamespaces.content, 'xmlns:dc': rssNamespaces.dc },
    xmlElement(
      'channel',
      {},
      rssChannelHead({ ...channel, selfUrl: channel.feedUrls.rss, imageUrl: channel.iconUrl }),
      entries.map((entry) =>
        xmlElement(
          'item',
          {},
          xmlText('title', entry.title),
          xmlText('link', entry.url),
          xmlText('guid', entry.id, { isPermaLink: entry.id === entry.url }),
          xmlText('pubDate', rfc822(entry.published)),
          xmlText('description', entry.summary),
          xmlText('content:encoded', entry.contentHtml),
          entry.authors.map((author) => xmlText('dc:creator', author.name)),
          entry.tags.map((tag) => xmlText('category', tag)),
          entry.attachment &&
            xmlElement('enclosure', { url: entry.attachment.url, length: entry.attachment.bytes, type: entry.attachment.mimeType }),
        ),
      ),
    ),
  );
  return renderXmlDocument(root);
}
