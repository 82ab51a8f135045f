// A post's text in one language as the Article the fediverse receives (#29): its title,
// excerpt, the rendered HTML (links made absolute), `contentMap` in its language, the cover
// as its image, tags as Hashtags, the page as its url and the other language's page as a
// second link with hreflang, and the actor of its language as its author. Plain data:
// server/fediverse/ turns it into Fedify's vocabulary.
import type { Post } from '@/core/content/types';
import { postPath } from '@/core/content/post-path';
import { absolutizeHtml } from '@/core/feeds/absolutize-html';
import { otherLocale, type Locale } from '@/core/locales';
import { actorPath, articlePath } from './paths';

export interface ArticleLink {
  href: string;
  hreflang: Locale;
  mediaType: 'text/html';
}

export interface ArticleData {
  id: string;
  locale: Locale;
  name: string;
  summary: string;
  content: string;
  url: ArticleLink;
  /** The other language's page and Article, when that language is live too. */
  translation: { url: ArticleLink; id: string } | null;
  image: { url: string; mediaType: string; width: number | null; height: number | null; name: string } | null;
  tags: Array<{ name: string; href: string }>;
  published: string;
  updated: string;
  attributedTo: string;
  followers: string;
}

/** `#` and the tag's name without spaces or punctuation a hashtag cannot hold. */
export function hashtagName(name: string): string {
  return `#${name.normalize('NFC').replace(/[^\p{L}\p{N}_]+/gu, '')}`;
}

export function toArticleData(post: Post, locale: Locale, html: string, origin: string): ArticleData | null {
  const text = post.translations[locale];
  if (!text) return null;
  const abs = (path: string) => new URL(path, origin).toString();
  const pageUrl = abs(postPath(post.kind, locale, text.slug));
  const other = otherLocale(locale);
  const otherText = post.translations[other];
  const published = post.publishedAt ?? post.createdAt;
  const edited = text.updatedAt > published ? text.updatedAt : published;
  const actor = abs(actorPath(locale));
  return {
    id: abs(articlePath(post.id, locale)),
    locale,
    name: text.title,
    summary: text.excerpt,
    content: absolutizeHtml(html, pageUrl),
    url: { href: pageUrl, hreflang: locale, mediaType: 'text/html' },
    translation: otherText
      ? { url: { href: abs(postPath(post.kind, other, otherText.slug)), hreflang: other, mediaType: 'text/html' }, id: abs(articlePath(post.id, other)) }
      : null,
    image: post.cover
      ? { url: abs(post.cover.path), mediaType: post.cover.mime, width: post.cover.width, height: post.cover.height, name: post.cover.alt[locale] ?? '' }
      : null,
    tags: post.tags.flatMap((tag) => {
      const own = tag.names[locale];
      return own ? [{ name: hashtagName(own.name), href: abs(`/${locale}/tags/${own.slug}`) }] : [];
    }),
    published,
    updated: edited,
    attributedTo: actor,
    followers: `${actor}/followers`,
  };
}
