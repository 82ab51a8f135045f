// JSON Feed 1.1. https://www.jsonfeed.org/version/1.1/
import type { FeedChannel, FeedEntry, FeedPerson } from './feed-types';

export const jsonFeedVersion = 'https://jsonfeed.org/version/1.1';

export function buildJsonFeed(channel: FeedChannel, entries: FeedEntry[]): string {
  const feed = {
    version: jsonFeedVersion,
    title: channel.title,
    home_page_url: channel.homeUrl,
    feed_url: channel.feedUrls.json,
    description: channel.description,
    icon: channel.iconUrl,
    language: channel.language,
    authors: [{ name: channel.title, url: channel.homeUrl }],
    items: entries.map((entry) => ({
      id: entry.id,
      url: entry.url,
      title: entry.title,
      content_html: entry.contentHtml,
      summary: entry.summary,
      image: entry.imageUrl,
      date_published: entry.published.toISOString(),
      date_modified: entry.updated.toISOString(),
      authors: entry.authors.length > 0 ? entry.authors.map(toJsonAuthor) : undefined,
      tags: entry.tags.length > 0 ? entry.tags : undefined,
      attachments: entry.attachment && [
        {
          url: entry.attachment.url,
          mime_type: entry.attachment.mimeType,
          size_in_bytes: entry.attachment.bytes,
          duration_in_seconds: entry.attachment.durationSeconds ?? undefined,
        },
      ],
    })),
  };
  return `${JSON.stringify(feed, null, 2)}\n`;
}

function toJsonAuthor(person: FeedPerson) {
  return { name: person.name, url: person.url };
}
