// An article: /zh/posts/<zh slug>, /en/posts/<en slug>; a Chinese-only article also
// reads at /en/posts/<zh slug> with a notice.
import type { Metadata } from 'next';
import { getTranslations, setRequestLocale } from 'next-intl/server';
import { FediverseReplies } from '@/components/site/fediverse-replies';
import { PostArticle } from '@/components/site/post-article';
import { SiteFrame } from '@/components/site/site-frame';
import { SubscribeForm } from '@/components/site/subscribe-form';
import { loadPostView } from '@/server/load-post';
import { articleJsonLd, postMetadata } from '@/server/post-metadata';

export function generateStaticParams() {
  return [];
}

export async function generateMetadata({ params }: PageProps<'/[locale]/posts/[slug]'>): Promise<Metadata> {
  const { locale, slug } = await params;
  return postMetadata(await loadPostView(locale, slug, 'post'));
}

export default async function PostPage({ params }: PageProps<'/[locale]/posts/[slug]'>) {
  const { locale, slug } = await params;
  const view = await loadPostView(locale, slug, 'post');
  setRequestLocale(view.locale);
  const t = await getTranslations({ locale: view.locale, namespace: 'nav' });
  return (
    <SiteFrame locale={view.locale} paths={view.readablePaths}>
      <PostArticle view={view} jsonLd={articleJsonLd(view, t('home'))} />
      {!view.isFallback && <FediverseReplies postId={view.post.id} locale={view.locale} />}
      <SubscribeForm locale={view.locale} returnTo={view.readablePaths[view.locale] ?? `/${view.locale}`} place="main" />
    </SiteFrame>
  );
}
