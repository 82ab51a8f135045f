// Document metadata of an article: title, description, canonical (the version that
// exists when the page's own language is missing), hreflang only for real versions,
// Open Graph and Twitter cards. An article's preview image is the one generated for the
// version shown (server/og), never a cover: covers come in any shape, say nothing of the
// title and are the same in both languages, while the card shows the title in the
// reader's language at the 1200×630 every network expects. Pages keep their cover.
import type { Metadata } from 'next';
import { alternatesMetadata, type LocalePaths } from './alternates';
import { postOgImage } from './og/post-og-card';
import { pageTitle } from './page-title';
import type { PostView } from './post-view';
import { absoluteUrl } from '@/core/config/site-url';

/**
 * A view of the article at its own address below the article's (the parallel view at
 * `…/parallel`): `pathSuffix` goes after each language's path, so canonical and hreflang
 * name the same view in each language, each with its own slug.
 */
export interface PostSubview {
  titleSuffix: string;
  pathSuffix: string;
}

export async function postMetadata(view: PostView, subview?: PostSubview): Promise<Metadata> {
  const { post, shown, locale } = view;
  const paths = subview ? withSuffix(view.paths, subview.pathSuffix) : view.paths;
  const title = (shown.seoTitle || shown.title) + (subview?.titleSuffix ?? '');
  const description = shown.seoDescription || shown.excerpt;
  const alternates = await alternatesMetadata(locale, paths);
  // The shown version's image: a missing translation's page points at the existing one's,
  // as its canonical URL does.
  const generated = await postOgImage(post, shown.locale);
  const cover = post.cover && { url: absoluteUrl(post.cover.path), width: post.cover.width ?? undefined, height: post.cover.height ?? undefined, alt: post.cover.alt[locale] ?? '' };
  const image = generated ?? cover;
  return {
    title: await pageTitle(locale, title),
    description,
    alternates,
    openGraph: {
      type: 'article',
      title,
      description,
      url: paths[shown.locale],
      locale: shown.locale === 'zh' ? 'zh_CN' : 'en_US',
      publishedTime: post.publishedAt ?? undefined,
      modifiedTime: shown.updatedAt,
      authors: post.authors.map((a) => a.name[locale] ?? a.handle),
      tags: post.tags.map((t) => t.names[locale]?.name ?? t.key),
      images: image ? [image] : undefined,
    },
    twitter: { card: image ? 'summary_large_image' : 'summary', title, description, images: image ? [image] : undefined },
  };
}

function withSuffix(paths: LocalePaths, suffix: string): LocalePaths {
  return Object.fromEntries(Object.entries(paths).map(([l, path]) => [l, `${path}${suffix}`]));
}

/** JSON-LD for an Article and its BreadcrumbList (home, first tag, article), safe to embed in a script tag. */
export function articleJsonLd(view: PostView, homeName: string): string {
  const { post, shown, paths, locale } = view;
  const tag = post.tags[0]?.names[locale];
  const crumbs = [
    { name: homeName, url: absoluteUrl(`/${locale}`) },
    ...(tag ? [{ name: tag.name, url: absoluteUrl(`/${locale}/tags/${tag.slug}`) }] : []),
    { name: shown.title, url: absoluteUrl(paths[shown.locale]!) },
  ];
  const breadcrumbs = {
    '@context': 'https://schema.org',
    '@type': 'BreadcrumbList',
    itemListElement: crumbs.map((c, i) => ({ '@type': 'ListItem', position: i + 1, name: c.name, item: c.url })),
  };
  const article = {
    '@context': 'https://schema.org',
    '@type': 'Article',
    headline: shown.title,
    description: shown.excerpt,
    inLanguage: shown.locale === 'zh' ? 'zh-CN' : 'en',
    datePublished: post.publishedAt,
    dateModified: shown.updatedAt,
    mainEntityOfPage: absoluteUrl(paths[shown.locale]!),
    image: post.cover ? [absoluteUrl(post.cover.path)] : undefined,
    author: post.authors.map((a) => ({ '@type': 'Person', name: a.name[locale] ?? a.handle, url: absoluteUrl(`/${locale}/authors/${a.handle}`) })),
    keywords: post.tags.map((t) => t.names[locale]?.name ?? t.key).join(', '),
  };
  return JSON.stringify([article, breadcrumbs]).replace(/</g, '\\u003c');
}
