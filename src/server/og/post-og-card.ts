// What an article's Open Graph image says in one language, where it lives, and its
// version. The page's metadata and the image route both build the card from the same
// cached reads, so the og:image URL's version changes exactly when the picture would.
import { createHash } from 'node:crypto';
import { getTranslations } from 'next-intl/server';
import type { Post } from '@/core/content/types';
import { otherLocale, type Locale } from '@/core/locales';
import { postPath } from '@/core/content/post-path';
import { formatDate } from '@/server/post-view';
import { getSiteIdentity } from '@/server/site/site-identity';
import { absoluteUrl } from '@/core/config/site-url';
import { ogDesignVersion, ogImageSize, type OgCard } from './og-card';

export interface OgImage {
  url: string;
  width: number;
  height: number;
  alt: string;
  type: 'image/png';
}

/** The card of the post's `locale` version; null for a page or a missing translation. */
export async function postOgCard(post: Post, locale: Locale): Promise<OgCard | null> {
  const translation = post.translations[locale];
  if (post.kind !== 'post' || !translation) return null;
  const [t, switcher, site] = await Promise.all([
    getTranslations({ locale }),
    // The other language's switcher names this language in itself: 中文, English.
    getTranslations({ locale: otherLocale(locale), namespace: 'switcher' }),
    getSiteIdentity(locale),
  ]);
  const authors = post.authors.map((a) => a.name[locale] ?? a.handle).join(locale === 'zh' ? '、' : ', ');
  const byline = [authors ? t.markup('post.by', { authors: () => authors }) : '', formatDate(post.publishedAt, locale, site.timeZone)];
  return {
    locale,
    title: translation.title,
    siteName: site.name,
    accent: site.accent.light,
    byline: byline.filter(Boolean).join(' · '),
    languageName: switcher('otherName'),
  };
}

/** Changes whenever the card's text or the design does. */
export function ogCardVersion(card: OgCard): string {
  return createHash('sha256').update(JSON.stringify([ogDesignVersion, card])).digest('hex').slice(0, 12);
}

/** Where the image of a post's version lives: next to the article, ending in a file extension. */
export function postOgImagePath(post: Post, locale: Locale, slug: string): string {
  return `${postPath(post.kind, locale, slug)}/og.png`;
}

/** The og:image / twitter:image of the post's `locale` version, or null when it has none. */
export async function postOgImage(post: Post, locale: Locale): Promise<OgImage | null> {
  const card = await postOgCard(post, locale);
  const translation = post.translations[locale];
  if (!card || !translation) return null;
  return {
    url: absoluteUrl(`${postOgImagePath(post, locale, translation.slug)}?v=${ogCardVersion(card)}`),
    ...ogImageSize,
    alt: `${card.title} · ${card.siteName}`,
    type: 'image/png',
  };
}
