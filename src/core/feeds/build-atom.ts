// Atom 1.0: dated, typed and identified more strictly than RSS. https://www.rfc-editor.org/rfc/rfc4287
import type { FeedChannel, FeedEntry } from './feed-types';
import { renderXmlDocument, xmlElement, xmlText } from './xml-writer';

export function buildAtom(channel: FeedChannel, entries: FeedEntry[]): string {
  const root = xmlElement(
    'feed',
    { xmlns: 'http://www.w3.org/2005/Atom', 'xml:lang': channel.language },
    xmlText('id', channel.homeUrl),
    xmlText('title', channel.title, { type: 'text' }),
    xmlText('subtitle', channel.description, { type: 'text' }),
    xmlText('updated', channel.updated.toISOString()),
    xmlElement('link', { rel: 'alternate', type: 'text/html', href: channel.homeUrl }),
    xmlElement('link', { rel: 'self', type: 'application/atom+xml', href: channel.feedUrls.atom }),
    xmlText('icon', channel.iconUrl),
    // The feed's author stands in for entries that name none (RFC 4287, 4.1.1).
    xmlElement('author', {}, xmlText('name', channel.title), xmlText('uri', channel.homeUrl)),
    entries.map((entry) =>
      xmlElement(
        'entry',
        {},
        xmlText('id', entry.id),
        xmlText('title', entry.title, { type: 'text' }),
        xmlElement('link', { rel: 'alternate', type: 'text/html', href: entry.url }),
        xmlText('published', entry.published.toISOString()),
        xmlText('updated', entry.updated.toISOString()),
        entry.authors.map((author) => xmlElement('author', {}, xmlText('name', author.name), xmlText('uri', author.url))),
        entry.tags.map((tag) => xmlElement('category', { term: tag, label: tag })),
        xmlText('summary', entry.summary, { type: 'text' }),
        xmlText('content', entry.contentHtml, { type: 'html' }),
        entry.attachment &&
          xmlElement('link', { rel: 'enclosure', href: entry.attachment.url, type: entry.attachment.mimeType, length: entry.attachment.bytes }),
      ),
    ),
  );
  return renderXmlDocument(root);
}
