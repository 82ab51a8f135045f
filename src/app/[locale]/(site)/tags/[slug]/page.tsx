// The articles of one tag, under its name and its description in the page's language (a
// tag may have none); the tag's slug is per language.
import type { Metadata } from 'next';
import { notFound, permanentRedirect } from 'next/navigation';
import { getTranslations, setRequestLocale } from 'next-intl/server';
import { PostList } from '@/components/site/post-list';
import { SiteFrame } from '@/components/site/site-frame';
import type { Tag } from '@/core/content/types';
import { tagPaths } from '@/core/seo/listing-paths';
import { isLocale, otherLocale, type Locale } from '@/core/locales';
import { alternatesMetadata, type LocalePaths } from '@/server/alternates';
import { getTagBySlug, listPosts } from '@/server/content';
import { pageTitle } from '@/server/page-title';

export function generateStaticParams() {
  return [];
}

async function loadTag(rawLocale: string, rawSlug: string): Promise<{ locale: Locale; tag: Tag; paths: LocalePaths }> {
  if (!isLocale(rawLocale)) notFound();
  const slug = decodeURIComponent(rawSlug);
  const tag = await getTagBySlug(rawLocale, slug);
  if (!tag) notFound();
  const own = tag.names[rawLocale];
  if (own && own.slug !== slug) permanentRedirect(`/${rawLocale}/tags/${own.slug}`);
  return { locale: rawLocale, tag, paths: tagPaths(tag.names) };
}

export async function generateMetadata({ params }: PageProps<'/[locale]/tags/[slug]'>): Promise<Metadata> {
  const { locale: raw, slug } = await params;
  const { locale, tag, paths } = await loadTag(raw, slug);
  const t = await getTranslations({ locale, namespace: 'tags' });
  const name = (tag.names[locale] ?? tag.names[otherLocale(locale)])!.name;
  // One line: the streamed and the server-rendered tag must match to be one element.
  const description = paragraphs(tag.descriptions?.[locale]).join(' ');
  return { title: await pageTitle(locale, t('tagTitle', { tag: name })), ...(description ? { description } : {}), alternates: await alternatesMetadata(locale, paths) };
}

export default async function TagPage({ params }: PageProps<'/[locale]/tags/[slug]'>) {
  const { locale: raw, slug } = await params;
  const { locale, tag, paths } = await loadTag(raw, slug);
  setRequestLocale(locale);
  const [t, posts] = await Promise.all([getTranslations({ locale, namespace: 'tags' }), listPosts({ locale, page: 1, pageSize: 100, tagId: tag.id })]);
  const name = (tag.names[locale] ?? tag.names[otherLocale(locale)])!.name;
  return (
    <SiteFrame locale={locale} paths={paths}>
      <header className="tag-header">
        <h1 className="display page-title">{t('tagTitle', { tag: name })}</h1>
        {paragraphs(tag.descriptions?.[locale]).map((text, index) => (
          <p key={index} className="lead">
            {text}
          </p>
        ))}
      </header>
      {posts.items.length === 0 ? <p>{t('empty')}</p> : <PostList posts={posts.items} locale={locale} headingLevel={2} />}
    </SiteFrame>
  );
}

/** A description's paragraphs (blank lines between them), as plain text. */
function paragraphs(description: string | undefined): string[] {
  return (description ?? '').split(/\n\s*\n/).map((p) => p.trim()).filter(Boolean);
}
