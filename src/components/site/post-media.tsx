// The narration in the page's language and the video with both subtitle tracks
// (the page's language on by default). Native players: no JavaScript of ours.
import { getTranslations } from 'next-intl/server';
import type { Post } from '@/core/content/types';
import { locales, type Locale } from '@/i18n/routing';

export async function PostMedia({ post, locale }: { post: Post; locale: Locale }) {
  const t = await getTranslations({ locale, namespace: 'post' });
  const narration = post.narration[locale];
  return (
    <>
      {narration && (
        <figure className="post-audio">
          <figcaption>{t('listen')}</figcaption>
          <audio controls preload="none" src={narration.path} aria-label={t('narrationLabel')}>
            <a href={narration.path}>{t('noMediaSupport')}</a>
          </audio>
        </figure>
      )}
      {post.video && (
        <figure className="post-video">
          <video
            controls
            preload="metadata"
            playsInline
            width={post.video.width ?? undefined}
            height={post.video.height ?? undefined}
            poster={post.videoPoster?.path}
            aria-label={post.video.alt[locale] ?? t('video')}
          >
            <source src={post.video.path} type={post.video.mime} />
            {locales.map((l) => {
              const track = post.subtitles[l];
              return track ? (
                <track
                  key={l}
                  kind="subtitles"
                  srcLang={l}
                  src={track.path}
                  label={l === 'zh' ? t('subtitleZh') : t('subtitleEn')}
                  default={l === locale}
                />
              ) : null;
            })}
            <a href={post.video.path}>{t('noMediaSupport')}</a>
          </video>
          {post.video.caption[locale] && <figcaption>{post.video.caption[locale]}</figcaption>}
        </figure>
      )}
    </>
  );
}
