// The draft of one language as readers will see it, in the site's own frame and design:
// /{language}/studio/posts/{id}/preview. Rendered on request in the worker (a Studio page,
// never a reader's), never indexed, and only for those who may see the post.
import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { getTranslations, setRequestLocale } from 'next-intl/server';
import { PostArticle } from '@/components/site/post-article';
import { SiteFrame } from '@/components/site/site-frame';
import { can } from '@/core/auth/permissions';
import { excerptOrDerived } from '@/core/content/derive-excerpt';
import { isLocale } from '@/core/locales';
import { viewPost } from '@/server/post-view';
import { fallbackRendering } from '@/server/render/refresh-renders';
import { isRenderTimeout } from '@/server/render/render-pool';
import { renderWithMedia } from '@/server/render/render-with-media';
import { studioActor } from '@/server/studio/guard';
import { getStudioPost } from '@/server/studio/studio-reads';

export const metadata: Metadata = { robots: { index: false, follow: false } };

export default async function DraftPreviewPage({ params }: PageProps<'/[locale]/studio/posts/[id]/preview'>) {
  const { locale, id } = await params;
  if (!isLocale(locale) || !/^\d{1,9}$/.test(id)) notFound();
  setRequestLocale(locale);
  const actor = await studioActor(locale);
  const post = await getStudioPost(Number(id));
  if (!post || !can(actor, 'post.view', { kind: 'post', ownerUserId: post.ownerUserId, sourceLocale: post.sourceLocale, locale: post.sourceLocale })) notFound();
  const view = viewPost(post, locale);
  if (!view) notFound();
  // A text the worker refuses in time still previews, as its plain paragraphs.
  const { html, derivedExcerpt } = await renderWithMedia({ markdown: view.shown.body, locale: view.shown.locale }).catch((error: unknown) => {
    if (isRenderTimeout(error)) return fallbackRendering(view.shown.body);
    throw error;
  });
  // The lead readers will get: the writer's excerpt, else the one derived from the text.
  const shown = { ...view.shown, excerpt: excerptOrDerived(view.shown.excerpt, derivedExcerpt) };
  const t = await getTranslations({ locale, namespace: 'studio.writer' });
  return (
    <SiteFrame locale={locale} paths={{}}>
      <p className="notice" role="note">
        {t('previewNotice')}
      </p>
      <PostArticle view={{ ...view, shown }} html={html} />
    </SiteFrame>
  );
}
