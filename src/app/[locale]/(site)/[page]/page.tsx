// Static pages (kind "page"), e.g. /en/about and /zh/guanyu-women.
import type { Metadata } from 'next';
import { setRequestLocale } from 'next-intl/server';
import { PostArticle } from '@/components/site/post-article';
import { SiteFrame } from '@/components/site/site-frame';
import { loadPostView } from '@/server/load-post';
import { postMetadata } from '@/server/post-metadata';

export function generateStaticParams() {
  return [];
}

export async function generateMetadata({ params }: PageProps<'/[locale]/[page]'>): Promise<Metadata> {
  const { locale, page } = await params;
  return postMetadata(await loadPostView(locale, page, 'page'));
}

export default async function StaticPage({ params }: PageProps<'/[locale]/[page]'>) {
  const { locale, page } = await params;
  const view = await loadPostView(locale, page, 'page');
  setRequestLocale(view.locale);
  return (
    <SiteFrame locale={view.locale} paths={view.readablePaths}>
      <PostArticle view={view} />
    </SiteFrame>
  );
}
