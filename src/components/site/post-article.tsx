// An article as a reader sees it: header, notices for a missing or outdated
// translation, cover, narration and video, the rendered body, and the way to the
// other language's version and the side-by-side view.
import Link from 'next/link';
import { getTranslations } from 'next-intl/server';
import { otherLocale } from '@/core/locales';
import type { Media } from '@/core/content/types';
import { isOutdated } from '@/core/content/translation-status';
import { promoteFirstImage } from '@/core/markdown/promote-first-image';
import { columnImageSizes } from '@/core/markdown/rehype-images';
import type { PostView } from '@/server/post-view';
import { getRenderedBody } from '@/server/render/rendered-body';
import { ResponsiveImage } from './responsive-image';
import { PostHeader } from './post-header';
import { MathStylesheet } from './math-stylesheet';
import { PostMedia } from './post-media';

/** `html` replaces the stored rendering: the Studio's preview of a draft passes its own. */
export async function PostArticle({ view, jsonLd, html: draftHtml }: { view: PostView; jsonLd?: string; html?: string }) {
  const { post, shown, locale, isFallback, paths } = view;
  const t = await getTranslations({ locale, namespace: 'post' });
  const other = otherLocale(locale);
  const source = post.translations[post.sourceLocale];
  const outdated = !isFallback && shown.locale !== post.sourceLocale && source != null && isOutdated(shown, source);
  const { html: stored } = draftHtml !== undefined ? { html: draftHtml } : await getRenderedBody(shown);
  // A video shows the cover as its still (post-media.tsx): the same picture twice would be
  // noise. With neither above the text, its first image is what the first screen shows.
  const cover = post.video ? null : post.cover;
  const html = cover || post.video ? stored : promoteFirstImage(stored);
  return (
    <article className="post" lang={shown.locale}>
      {jsonLd && <script type="application/ld+json" dangerouslySetInnerHTML={{ __html: jsonLd }} />}
      {isFallback && (
        <p className="notice" role="note" lang={locale}>
          {t('missingTranslation')}
        </p>
      )}
      {outdated && (
        <p className="notice notice--quiet" role="note" lang={locale}>
          {t('outdated')} <Link href={paths[post.sourceLocale]!} hrefLang={post.sourceLocale}>{t('readOriginal')}</Link>
        </p>
      )}
      <PostHeader view={view} />
      {cover && <PostCover cover={cover} alt={cover.alt[shown.locale] ?? cover.alt[locale] ?? ''} />}
      <PostMedia post={post} locale={locale} title={shown.title} />
      <MathStylesheet html={html} />
      <div className="prose" dangerouslySetInnerHTML={{ __html: html }} />
      <footer className="post-footer" lang={locale}>
        {paths[other] && !isFallback && (
          <a href={paths[other]} hrefLang={other} lang={other} className="button button--quiet">
            {t('otherVersion')}
          </a>
        )}
        {paths.zh && paths.en && post.kind === 'post' && (
          <Link href={`${paths[locale]}/parallel`} className="button button--quiet">
            {t('parallel')}
          </Link>
        )}
      </footer>
    </article>
  );
}

/** The first thing on the first screen: asked for at once, at the size it is shown. */
function PostCover({ cover, alt }: { cover: Media; alt: string }) {
  return (
    <figure className="post-cover">
      <ResponsiveImage media={cover} sizes={columnImageSizes} alt={alt} fetchPriority="high" decoding="async" />
    </figure>
  );
}
