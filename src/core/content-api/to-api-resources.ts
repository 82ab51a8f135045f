// Turns the reading side's objects (core/content/types.ts) into the Content API's
// resources (resource-schemas.ts). Pure: the caller gives the stored HTML of each live
// text and the function that makes a site path absolute. A language that is not
// published is null in the answer, never filled in from the other language.
import type { Author, AuthorAvatar, Media, Post, PostKind, Tag, Translation } from '@/core/content/types';
import { absolutizeHtml } from '@/core/feeds/absolutize-html';
import { locales, otherLocale, type Locale } from '@/core/locales';
import type { ApiAuthor, ApiAuthorProfile, ApiImage, ApiPost, ApiTag, ApiTagSummary, ApiTranslation } from './resource-schemas';

export interface ApiContext {
  /** The language asked for; null: every language. */
  locale: Locale | null;
  /** A site path (/images/a.webp) as an absolute URL. */
  absolute: (path: string) => string;
}

/** What a live text has beyond its Translation: its rendering as stored, and when it went live. */
export interface LiveText {
  html: string;
  publishedAt: string;
}

/** The languages an answer has keys for. */
export function shownLocales(context: ApiContext): readonly Locale[] {
  return context.locale ? [context.locale] : locales;
}

function perLocale<T>(context: ApiContext, valueOf: (locale: Locale) => T | null): Partial<Record<Locale, T | null>> {
  return Object.fromEntries(shownLocales(context).map((locale) => [locale, valueOf(locale)]));
}

/** The page of a text: the same addresses as the site's (server/post-view.ts postPath). */
export function textPath(kind: PostKind, locale: Locale, slug: string): string {
  return kind === 'page' ? `/${locale}/${slug}` : `/${locale}/posts/${slug}`;
}

function variantsOf(media: Pick<Media, 'variants'>, context: ApiContext): ApiImage['variants'] {
  return (media.variants ?? []).map((v) => ({ url: context.absolute(v.path), width: v.width, height: v.height, format: v.format }));
}

export function toApiImage(media: Media, altLocale: Locale | null, context: ApiContext): ApiImage {
  return {
    url: context.absolute(media.path),
    mime: media.mime,
    width: media.width,
    height: media.height,
    alt: (altLocale && media.alt[altLocale]) || null,
    variants: variantsOf(media, context),
  };
}

export function toApiTag(tag: Tag, context: ApiContext): ApiTag {
  return {
    id: tag.id,
    translations: perLocale(context, (locale) => {
      const name = tag.names[locale];
      return name ? { name: name.name, slug: name.slug, url: context.absolute(`/${locale}/tags/${name.slug}`) } : null;
    }),
  };
}

export function toApiTagSummary(tag: Tag & { postCount: number }, context: ApiContext): ApiTagSummary {
  return { ...toApiTag(tag, context), postCount: tag.postCount };
}

export function toApiAuthor(author: Author, context: ApiContext): ApiAuthor {
  return {
    id: author.id,
    handle: author.handle,
    translations: perLocale(context, (locale) => ({
      name: author.name[locale] ?? null,
      bio: author.bio[locale] ?? null,
      url: context.absolute(`/${locale}/authors/${author.handle}`),
    })),
  };
}

export function toApiAuthorProfile(author: Author, avatar: AuthorAvatar | null, postCount: number, context: ApiContext): ApiAuthorProfile {
  return {
    ...toApiAuthor(author, context),
    avatar: avatar && { url: context.absolute(avatar.path), variants: variantsOf(avatar, context) },
    postCount,
  };
}

function toApiTranslation(post: Post, text: Translation, live: LiveText, context: ApiContext): ApiTranslation {
  const url = context.absolute(textPath(post.kind, text.locale, text.slug));
  const other = post.translations[otherLocale(text.locale)];
  const narration = post.narration[text.locale];
  return {
    id: text.id,
    locale: text.locale,
    slug: text.slug,
    url,
    title: text.title,
    excerpt: text.excerpt,
    html: absolutizeHtml(live.html, url),
    markdown: text.body,
    readingTimeMinutes: text.readingMinutes,
    seoTitle: text.seoTitle,
    seoDescription: text.seoDescription,
    publishedAt: live.publishedAt,
    updatedAt: text.updatedAt,
    cover: post.cover && toApiImage(post.cover, text.locale, context),
    narration: narration ? { url: context.absolute(narration.path), mime: narration.mime, bytes: narration.bytes, durationSeconds: narration.durationSeconds } : null,
    other: other ? { locale: other.locale, id: other.id, slug: other.slug, url: context.absolute(textPath(post.kind, other.locale, other.slug)) } : null,
  };
}

function toApiVideo(post: Post, context: ApiContext): ApiPost['video'] {
  const video = post.video;
  if (!video) return null;
  const altLocale = context.locale ?? post.sourceLocale;
  return {
    url: context.absolute(video.path),
    mime: video.mime,
    width: video.width,
    height: video.height,
    durationSeconds: video.durationSeconds,
    variants: variantsOf(video, context),
    poster: post.videoPoster ? toApiImage(post.videoPoster, altLocale, context) : null,
    subtitles: locales.flatMap((locale) => {
      const track = post.subtitles[locale];
      return track ? [{ locale, url: context.absolute(track.path) }] : [];
    }),
  };
}

/**
 * `live`: the stored HTML and publication time of each live text, by translation id. A
 * text missing from it went offline between the two reads: it is not published.
 */
export function toApiPost(post: Post, live: ReadonlyMap<number, LiveText>, context: ApiContext): ApiPost {
  const liveText = (locale: Locale) => {
    const text = post.translations[locale];
    const stored = text && live.get(text.id);
    return text && stored ? { text, stored } : null;
  };
  return {
    id: post.id,
    kind: post.kind,
    sourceLocale: post.sourceLocale,
    featured: post.featured,
    publishedAt: post.publishedAt ?? post.createdAt,
    availableLocales: locales.filter((locale) => liveText(locale) !== null),
    authors: post.authors.map((author) => toApiAuthor(author, context)),
    tags: post.tags.map((tag) => toApiTag(tag, context)),
    video: toApiVideo(post, context),
    translations: perLocale(context, (locale) => {
      const found = liveText(locale);
      return found && toApiTranslation(post, found.text, found.stored, context);
    }),
  };
}
