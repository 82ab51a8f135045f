// The post editor's page: loads the post and what the editor needs of each language
// (server/studio/editor-panes.ts), the media and tags for the post's details, and the
// site's time zone, and hands them to the editor.
import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { NextIntlClientProvider } from 'next-intl';
import { getMessages, getTranslations, setRequestLocale } from 'next-intl/server';
import { PostEditor } from '@/components/studio/post-editor';
import { PostMetaForm } from '@/components/studio/post-meta-form';
import { StudioFrame } from '@/components/studio/studio-frame';
import styles from '@/components/studio/studio.module.css';
import { can } from '@/core/auth/permissions';
import { isLocale, locales, otherLocale } from '@/core/locales';
import type { Media } from '@/core/content/types';
import { pageTitle } from '@/server/page-title';
import { editorAnswer } from '@/server/studio/editor-panes';
import { studioActor } from '@/server/studio/guard';
import { getSiteTimeZone, getStudioPost, listMedia, listTags } from '@/server/studio/studio-reads';

export async function generateMetadata({ params }: PageProps<'/[locale]/studio/posts/[id]'>): Promise<Metadata> {
  const { locale } = await params;
  if (!isLocale(locale)) return {};
  const t = await getTranslations({ locale, namespace: 'studio.posts' });
  return { title: await pageTitle(locale, t('title')) };
}

export default async function EditorPage({ params }: PageProps<'/[locale]/studio/posts/[id]'>) {
  const { locale, id } = await params;
  if (!isLocale(locale) || !/^\d{1,9}$/.test(id)) notFound();
  setRequestLocale(locale);
  const actor = await studioActor(locale);
  const post = await getStudioPost(Number(id));
  if (!post) notFound();
  const forms = await getTranslations({ locale, namespace: 'studio.forms' });
  const resource = (l: (typeof locales)[number]) => ({ kind: 'post' as const, ownerUserId: post.ownerUserId, sourceLocale: post.sourceLocale, locale: l });
  if (!can(actor, 'post.view', resource(post.sourceLocale))) {
    return (
      <StudioFrame locale={locale} actor={actor} path={`/posts/${id}`}>
        <p role="alert">{forms('forbidden')}</p>
      </StudioFrame>
    );
  }

  const source = post.translations[post.sourceLocale];
  const { panes } = await editorAnswer(post, actor);
  const messages = await getMessages({ locale });
  const [library, tags, timeZone] = await Promise.all([listMedia({ limit: 300, kinds: ['image', 'audio', 'video', 'subtitle'] }), listTags(), getSiteTimeZone()]);
  const optionsOf = (kind: Media['kind']) =>
    library.filter((m) => m.kind === kind).map((m) => ({ id: m.id, label: m.alt[locale] || m.path.split('/').pop()! }));
  const meta = {
    coverMediaId: post.cover?.id ?? null,
    tagIds: post.tags.map((tag) => tag.id),
    featured: post.featured,
    narration: { zh: post.narration.zh?.id ?? null, en: post.narration.en?.id ?? null },
    videoMediaId: post.video?.id ?? null,
    subtitleMediaIds: { zh: post.subtitles.zh?.id ?? null, en: post.subtitles.en?.id ?? null },
  };
  return (
    <StudioFrame locale={locale} actor={actor} path={`/posts/${id}`}>
      <h1 className={styles.pageTitle} lang={post.sourceLocale}>
        {source?.title || `#${post.id}`}
      </h1>
      <NextIntlClientProvider locale={locale} messages={{ studio: messages.studio }}>
        <PostMetaForm
          postId={post.id}
          initial={meta}
          images={optionsOf('image')}
          audios={optionsOf('audio')}
          videos={optionsOf('video')}
          subtitles={optionsOf('subtitle')}
          tags={tags.map((tag) => ({ id: tag.id, label: tag.names[locale]?.name ?? tag.names[otherLocale(locale)]?.name ?? tag.key }))}
          canEdit={can(actor, 'post.edit-source', resource(post.sourceLocale))}
        />
        <PostEditor postId={post.id} uiLocale={locale} panes={panes} timeZone={timeZone} canDelete={can(actor, 'post.delete', resource(post.sourceLocale))} />
      </NextIntlClientProvider>
    </StudioFrame>
  );
}
