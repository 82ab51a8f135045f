// An author: picture, name and bio in the page's language, and their articles.
import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { getTranslations, setRequestLocale } from 'next-intl/server';
import { AuthorAvatar } from '@/components/site/author-avatar';
import { PostList } from '@/components/site/post-list';
import { SiteFrame } from '@/components/site/site-frame';
import { authorPaths } from '@/core/seo/listing-paths';
import { isLocale, otherLocale } from '@/core/locales';
import { alternatesMetadata } from '@/server/alternates';
import { getAuthorByHandle, listPosts } from '@/server/content';
import { pageTitle } from '@/server/page-title';

export function generateStaticParams() {
  return [];
}

async function loadAuthor(rawLocale: string, handle: string) {
  if (!isLocale(rawLocale) || !/^[a-z0-9-]{1,64}$/.test(handle)) notFound();
  const author = await getAuthorByHandle(handle);
  if (!author) notFound();
  return { locale: rawLocale, author };
}

export async function generateMetadata({ params }: PageProps<'/[locale]/authors/[handle]'>): Promise<Metadata> {
  const { locale: raw, handle } = await params;
  const { locale, author } = await loadAuthor(raw, handle);
  const name = author.name[locale] ?? author.name[otherLocale(locale)] ?? handle;
  return {
    title: await pageTitle(locale, name),
    description: author.bio[locale] ?? undefined,
    alternates: await alternatesMetadata(locale, authorPaths(handle)),
  };
}

export default async function AuthorPage({ params }: PageProps<'/[locale]/authors/[handle]'>) {
  const { locale: raw, handle } = await params;
  const { locale, author } = await loadAuthor(raw, handle);
  setRequestLocale(locale);
  const [t, posts] = await Promise.all([getTranslations({ locale, namespace: 'author' }), listPosts({ locale, page: 1, pageSize: 100, authorId: author.id })]);
  const name = author.name[locale] ?? author.name[otherLocale(locale)] ?? handle;
  return (
    <SiteFrame locale={locale} paths={authorPaths(handle)}>
      <header className="author-header">
        <AuthorAvatar name={name} avatar={author.avatar} />
        <h1 className="display page-title">{name}</h1>
        {author.bio[locale] && <p className="lead">{author.bio[locale]}</p>}
      </header>
      <h2 className="section-title">{t('postsBy', { name })}</h2>
      {posts.items.length === 0 ? <p>{t('empty')}</p> : <PostList posts={posts.items} locale={locale} />}
    </SiteFrame>
  );
}
