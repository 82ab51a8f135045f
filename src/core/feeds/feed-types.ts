// What a feed says, independent of its format: one channel and its entries, every URL
// already absolute. The builders (build-rss, build-atom, build-json-feed, build-podcast)
// turn these into documents; src/server/feeds fills them from the content.

export interface FeedPerson {
  name: string;
  url?: string;
}

export interface FeedAttachment {
  url: string;
  mimeType: string;
  /** The file's exact size: podcast apps and RSS enclosures require it. */
  bytes: number;
  durationSeconds?: number | null;
}

export interface FeedEntry {
  /** Stable identifier: the entry's canonical URL. */
  id: string;
  url: string;
  title: string;
  /** Plain text. */
  summary: string;
  /** The full article, HTML with absolute URLs. */
  contentHtml: string;
  published: Date;
  updated: Date;
  authors: FeedPerson[];
  /** Tag names, shown as categories. */
  tags: string[];
  imageUrl?: string;
  /** The narration, offered as an enclosure. */
  attachment?: FeedAttachment;
}

export interface FeedChannel {
  title: string;
  description: string;
  /** BCP 47, e.g. zh-CN or en. */
  language: string;
  /** The site's home page in this language. */
  homeUrl: string;
  /** Where each format of this feed lives (each document names itself). */
  feedUrls: { rss: string; atom: string; json: string };
  iconUrl: string;
  /** The newest change among the entries (or the time of building when there are none). */
  updated: Date;
}

export interface PodcastEpisode {
  /** Stable and never a URL that may change (the media's id or hash). */
  guid: string;
  url: string;
  title: string;
  /** Plain text. */
  description: string;
  published: Date;
  audio: FeedAttachment;
  explicit: boolean;
}

export interface PodcastChannel {
  title: string;
  description: string;
  language: string;
  homeUrl: string;
  selfUrl: string;
  /** Absolute URL of a square image (Apple asks for 1400 to 3000 px, RGB, no transparency). */
  imageUrl: string;
  author: string;
  /** Who directories write to about the podcast (Apple verifies ownership by this address). */
  owner?: { name: string; email: string };
  /** An Apple Podcasts category, with an optional subcategory. */
  category: { text: string; subcategory?: string };
  explicit: boolean;
  updated: Date;
}

/** The newest of some dates, or null when there are none. */
export function latestDate(dates: Date[]): Date | null {
  return dates.reduce<Date | null>((latest, date) => (latest === null || date > latest ? date : latest), null);
}
