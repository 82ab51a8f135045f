// The four feed builders, checked with a real XML parser: well-formed whatever the
// content, each format's required elements present, and an empty site still valid.
import { XMLParser, XMLValidator } from 'fast-xml-parser';
import { describe, expect, it } from 'vitest';
import { buildAtom } from './build-atom';
import { buildJsonFeed, jsonFeedVersion } from './build-json-feed';
import { buildPodcast } from './build-podcast';
import { buildRss } from './build-rss';
import type { FeedChannel, FeedEntry, PodcastChannel, PodcastEpisode } from './feed-types';

const site = 'https://duet.example';
const repeated = ['item', 'entry', 'category', 'dc:creator', 'author'];
const parser = new XMLParser({
  ignoreAttributes: false,
  attributeNamePrefix: '@',
  parseTagValue: false,
  // Atom repeats <link>; RSS has one per channel and item.
  isArray: (name, jpath) => repeated.includes(name) || (name === 'link' && String(jpath).startsWith('feed.')),
});

/* eslint-disable @typescript-eslint/no-explicit-any -- parsed documents are checked by shape */
function parse(xml: string): any {
  expect(XMLValidator.validate(xml)).toBe(true);
  return parser.parse(xml);
}

const channel: FeedChannel = {
  title: '双声 & <Duet>',
  description: '一本中英双语的小杂志',
  language: 'zh-CN',
  homeUrl: `${site}/zh`,
  feedUrls: { rss: `${site}/zh/feed.xml`, atom: `${site}/zh/atom.xml`, json: `${site}/zh/feed.json` },
  iconUrl: `${site}/static/icon-512.png`,
  updated: new Date('2025-11-09T00:00:00Z'),
};

const entry: FeedEntry = {
  id: `${site}/zh/posts/cha`,
  url: `${site}/zh/posts/cha`,
  title: '喝茶的时间 <video> & "引号" ]]>',
  summary: '一杯茶\u0001要多久？',
  contentHtml: `<p>正文 <a href="${site}/zh/tags/cha">茶</a> ]]&gt; <code>&lt;b&gt;</code></p>`,
  published: new Date('2025-11-08T06:00:00Z'),
  updated: new Date('2025-11-09T00:00:00Z'),
  authors: [{ name: '林悦', url: `${site}/zh/authors/lin-yue` }],
  tags: ['文化', 'A<B'],
  imageUrl: `${site}/images/cha.webp`,
  attachment: { url: `${site}/audios/cha.zh.mp3`, mimeType: 'audio/mpeg', bytes: 151448, durationSeconds: 37.776 },
};

const podcastChannel: PodcastChannel = {
  title: '双声 · 朗读',
  description: '双声的文章，读给你听。',
  language: 'zh-CN',
  homeUrl: `${site}/zh`,
  selfUrl: `${site}/zh/podcast.xml`,
  imageUrl: `${site}/static/podcast-artwork.jpg`,
  author: '双声',
  category: { text: 'Society & Culture', subcategory: 'Documentary' },
  explicit: false,
  updated: new Date('2025-11-08T06:00:00Z'),
};

const episode: PodcastEpisode = {
  guid: 'duet-narration-7',
  url: `${site}/zh/posts/cha`,
  title: '喝茶的时间',
  description: '一杯茶要多久？',
  published: new Date('2025-11-08T06:00:00Z'),
  audio: { url: `${site}/audios/cha.zh.mp3`, mimeType: 'audio/mpeg', bytes: 151448, durationSeconds: 37.776 },
  explicit: false,
};

describe('RSS 2.0', () => {
  it('carries the channel and item elements RSS requires, and the full content', () => {
    const { rss } = parse(buildRss(channel, [entry]));
    expect(rss['@version']).toBe('2.0');
    expect(rss.channel).toMatchObject({ title: channel.title, link: channel.homeUrl, description: channel.description, language: 'zh-CN' });
    expect(rss.channel['atom:link']['@href']).toBe(channel.feedUrls.rss);
    const [item] = rss.channel.item;
    expect(item.title).toBe(entry.title);
    expect(item.link).toBe(entry.url);
    expect(item.guid).toMatchObject({ '#text': entry.id, '@isPermaLink': 'true' });
    expect(item.pubDate).toBe('Sat, 08 Nov 2025 06:00:00 GMT');
    expect(item.description).toBe('一杯茶要多久？');
    expect(item['content:encoded']).toBe(entry.contentHtml);
    expect(item['dc:creator']).toEqual(['林悦']);
    expect(item.category).toEqual(['文化', 'A<B']);
    expect(item.enclosure).toMatchObject({ '@url': entry.attachment!.url, '@length': '151448', '@type': 'audio/mpeg' });
  });

  it('is valid for a site with nothing published', () => {
    const { rss } = parse(buildRss(channel, []));
    expect(rss.channel.title).toBe(channel.title);
    expect(rss.channel.item).toBeUndefined();
  });
});

describe('Atom 1.0', () => {
  it('carries the feed and entry elements Atom requires, titles as plain text', () => {
    const { feed } = parse(buildAtom(channel, [entry]));
    expect(feed['@xmlns']).toBe('http://www.w3.org/2005/Atom');
    expect(feed['@xml:lang']).toBe('zh-CN');
    expect(feed.id).toBe(channel.homeUrl);
    expect(feed.title).toMatchObject({ '#text': channel.title, '@type': 'text' });
    expect(feed.updated).toBe('2025-11-09T00:00:00.000Z');
    expect(feed.link.map((l: any) => l['@rel'])).toEqual(['alternate', 'self']);
    const [e] = feed.entry;
    expect(e.id).toBe(entry.id);
    expect(e.title).toMatchObject({ '#text': entry.title, '@type': 'text' });
    expect(e.updated).toBe('2025-11-09T00:00:00.000Z');
    expect(e.published).toBe('2025-11-08T06:00:00.000Z');
    expect(e.link[0]).toMatchObject({ '@rel': 'alternate', '@href': entry.url });
    expect(e.link[1]).toMatchObject({ '@rel': 'enclosure', '@length': '151448' });
    expect(e.content).toMatchObject({ '#text': entry.contentHtml, '@type': 'html' });
    expect(e.author[0]).toEqual({ name: '林悦', uri: entry.authors[0]!.url });
    expect(e.category.map((c: any) => c['@term'])).toEqual(['文化', 'A<B']);
  });

  it('is valid for a site with nothing published', () => {
    const { feed } = parse(buildAtom(channel, []));
    expect(feed).toMatchObject({ id: channel.homeUrl, updated: '2025-11-09T00:00:00.000Z' });
    expect(feed.author[0].name).toBe(channel.title);
    expect(feed.entry).toBeUndefined();
  });
});

describe('JSON Feed 1.1', () => {
  it('carries version, title and items with id and content_html', () => {
    const feed = JSON.parse(buildJsonFeed(channel, [entry]));
    expect(feed).toMatchObject({ version: jsonFeedVersion, title: channel.title, feed_url: channel.feedUrls.json, language: 'zh-CN' });
    expect(feed.items[0]).toMatchObject({
      id: entry.id,
      url: entry.url,
      title: entry.title,
      content_html: entry.contentHtml,
      date_published: '2025-11-08T06:00:00.000Z',
      authors: [{ name: '林悦', url: entry.authors[0]!.url }],
      tags: ['文化', 'A<B'],
      attachments: [{ url: entry.attachment!.url, mime_type: 'audio/mpeg', size_in_bytes: 151448, duration_in_seconds: 37.776 }],
    });
  });

  it('is valid for a site with nothing published', () => {
    expect(JSON.parse(buildJsonFeed(channel, []))).toMatchObject({ version: jsonFeedVersion, title: channel.title, items: [] });
  });
});

describe('podcast (RSS 2.0 + iTunes)', () => {
  it('carries the channel and episode elements podcast apps require', () => {
    const xml = buildPodcast(podcastChannel, [episode]);
    const { rss } = parse(xml);
    expect(rss['@xmlns:itunes']).toBe('http://www.itunes.com/dtds/podcast-1.0.dtd');
    const c = rss.channel;
    expect(c).toMatchObject({ title: podcastChannel.title, language: 'zh-CN', 'itunes:author': '双声', 'itunes:explicit': 'false' });
    expect(c['itunes:image']['@href']).toBe(podcastChannel.imageUrl);
    expect(c['itunes:category']['@text']).toBe('Society & Culture');
    expect(c['itunes:category']['itunes:category']['@text']).toBe('Documentary');
    const [item] = c.item;
    expect(item).toMatchObject({ title: '喝茶的时间', 'itunes:duration': '00:00:38', 'itunes:explicit': 'false', pubDate: 'Sat, 08 Nov 2025 06:00:00 GMT' });
    expect(item.guid).toMatchObject({ '#text': 'duet-narration-7', '@isPermaLink': 'false' });
    expect(item.enclosure).toMatchObject({ '@url': episode.audio.url, '@length': '151448', '@type': 'audio/mpeg' });
  });

  it('names the owner directories write to, when there is one', () => {
    expect(parse(buildPodcast(podcastChannel, [])).rss.channel['itunes:owner']).toBeUndefined();
    const owner = { name: '双声 & Co', email: 'podcast@example.com' };
    const { rss } = parse(buildPodcast({ ...podcastChannel, owner }, []));
    expect(rss.channel['itunes:owner']).toEqual({ 'itunes:name': '双声 & Co', 'itunes:email': 'podcast@example.com' });
  });

  it('is valid with no episodes', () => {
    const { rss } = parse(buildPodcast(podcastChannel, []));
    expect(rss.channel['itunes:image']['@href']).toBe(podcastChannel.imageUrl);
    expect(rss.channel.item).toBeUndefined();
  });
});
