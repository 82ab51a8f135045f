// A post's text in one language as Fedify's Article (#29), from the plain mapping of
// core/fediverse/article.ts: content with contentMap in its language, the cover as image,
// tags as Hashtags, its page (and the other language's page, with hreflang) as url,
// addressed to the public with the language's followers in cc.
import { Temporal } from '@js-temporal/polyfill';
import { Article, Hashtag, Image, LanguageString, Link, PUBLIC_COLLECTION } from '@fedify/vocab';
import { toArticleData, type ArticleData, type ArticleLink } from '@/core/fediverse/article';
import type { Locale } from '@/core/locales';
import type { LiveArticle } from '@/db/repositories/fediverse-articles';

const toLink = (link: ArticleLink) => new Link({ href: new URL(link.href), mediaType: link.mediaType, language: new Intl.Locale(link.hreflang) });

export function articleObject(data: ArticleData): Article {
  const lang = new Intl.Locale(data.locale);
  return new Article({
    id: new URL(data.id),
    attribution: new URL(data.attributedTo),
    name: data.name,
    summary: data.summary || null,
    contents: [data.content, new LanguageString(data.content, lang)],
    urls: [toLink(data.url), ...(data.translation ? [toLink(data.translation.url)] : [])],
    image: data.image ? new Image({ url: new URL(data.image.url), mediaType: data.image.mediaType, width: data.image.width, height: data.image.height, name: data.image.name || null }) : null,
    tags: data.tags.map((tag) => new Hashtag({ name: tag.name, href: new URL(tag.href) })),
    published: Temporal.Instant.from(data.published),
    updated: Temporal.Instant.from(data.updated),
    to: PUBLIC_COLLECTION,
    cc: new URL(data.followers),
  });
}

/** The Article of a live text, or null when that language is not live. */
export function articleOf(found: LiveArticle, locale: Locale, origin: string): { data: ArticleData; object: Article } | null {
  const data = toArticleData(found.post, locale, found.html[locale] ?? '', origin);
  return data ? { data, object: articleObject(data) } : null;
}
