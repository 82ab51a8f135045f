// The content model: plain data shared by core rules, repositories and pages.
// No database row types leave src/db; repositories return these.
import type { Locale } from '@/core/locales';

export type PostKind = 'post' | 'page';
export type PostStatus = 'draft' | 'scheduled' | 'published' | 'archived';
export type TranslationState = 'draft' | 'published';
/**
 * What a reader or editor sees for one language of a post. `changes`: live, with a draft
 * that differs; `review`: the draft waits for someone allowed to publish it.
 */
export type TranslationStatus = 'missing' | 'draft' | 'review' | 'scheduled' | 'changes' | 'published' | 'outdated';
export type MediaKind = 'image' | 'audio' | 'video' | 'subtitle';

export type PerLocale<T> = Partial<Record<Locale, T>>;

export interface Author {
  id: number;
  handle: string;
  name: PerLocale<string>;
  bio: PerLocale<string>;
  /** The picture of the account the byline belongs to; only the author's own page asks for it. */
  avatar?: AuthorAvatar | null;
}

/** An account's picture, when it is an image of this site (never another site's: no third-party requests). */
export interface AuthorAvatar {
  path: string;
  /** Smaller WebP copies when the picture is in the media library. */
  variants: MediaVariant[];
}

export interface Tag {
  id: number;
  key: string;
  /** Name and slug per locale; a tag may lack one language. */
  names: PerLocale<{ name: string; slug: string }>;
  /** A few sentences per locale shown under the tag page's heading, when the query read them. */
  descriptions?: PerLocale<string>;
}

export interface Media {
  id: number;
  kind: MediaKind;
  /** Public path, e.g. /images/tea-and-time.3f9a1c2b.webp (content-hashed name). */
  path: string;
  mime: string;
  bytes: number;
  width: number | null;
  height: number | null;
  durationSeconds: number | null;
  alt: PerLocale<string>;
  caption: PerLocale<string>;
  /**
   * Smaller WebP/AVIF copies of an uploaded image, for srcset, or a video's MP4 copy;
   * absent when there are none.
   */
  variants?: MediaVariant[];
}

export interface MediaVariant {
  width: number;
  height: number;
  format: 'webp' | 'avif' | 'mp4';
  path: string;
}

export interface Translation {
  id: number;
  postId: number;
  locale: Locale;
  slug: string;
  title: string;
  excerpt: string;
  /** Markdown source. */
  body: string;
  seoTitle: string | null;
  seoDescription: string | null;
  state: TranslationState;
  readingMinutes: number;
  /** The revision of this translation that is current. */
  revisionId: number;
  /**
   * For a translation made from the other language: the source translation's revision it
   * was made from. Null for the source language itself.
   */
  basedOnRevisionId: number | null;
  updatedAt: string;
}

export interface Post {
  id: number;
  kind: PostKind;
  status: PostStatus;
  featured: boolean;
  /** ISO 8601; null until first published. */
  publishedAt: string | null;
  sourceLocale: Locale;
  version: number;
  createdAt: string;
  updatedAt: string;
  authors: Author[];
  tags: Tag[];
  cover: Media | null;
  /** Narration audio per locale. */
  narration: PerLocale<Media>;
  video: Media | null;
  /**
   * The still shown before the video plays. Optional so objects built before it existed
   * still type-check; repositories always set it (null when there is none).
   */
  videoPoster?: Media | null;
  /** WebVTT subtitle tracks of the video, per locale. */
  subtitles: PerLocale<Media>;
  translations: PerLocale<Translation>;
}

export interface Revision {
  id: number;
  translationId: number;
  title: string;
  excerpt: string;
  body: string;
  createdAt: string;
}

export interface SiteSettings {
  title: string;
  description: string;
  /** Extra header links in this language, set in the Studio (none by default). */
  navigation?: Array<{ label: string; href: string }>;
}

export interface Page<T> {
  items: T[];
  page: number;
  pageSize: number;
  total: number;
}
