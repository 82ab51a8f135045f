// The narration in the page's language and the video with both subtitle tracks
// (the page's language on by default). Native players: no JavaScript of ours.
import { getTranslations } from 'next-intl/server';
import { preload } from 'react-dom';
import type { Media, Post } from '@/core/content/types';
import { mp4RenditionOf } from '@/core/media/mp4-rendition';
import { locales, type Locale } from '@/core/locales';

type Translate = Awaited<ReturnType<typeof getTranslations<'post'>>>;

/** `title` is the article's, shown in the page's language: the video's name when it has none of its own. */
export async function PostMedia({ post, locale, title }: { post: Post; locale: Locale; title: string }) {
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
      {post.video && <VideoFigure post={post} video={post.video} locale={locale} name={videoName(post.video, locale, title, t)} t={t} />}
    </>
  );
}

/** The description the writer gave the video, else its caption, else "Video: <the article's title>". */
function videoName(video: Media, locale: Locale, title: string, t: Translate): string {
  return video.alt[locale] || video.caption[locale] || t('video', { title });
}

/**
 * The upload first (WebM, the smaller), then its MP4 copy for the browsers that play no
 * WebM. The still before it plays is the video's poster, or else the article's cover, which
 * is then not shown again above it.
 */
function VideoFigure({ post, video, locale, name, t }: { post: Post; video: Media; locale: Locale; name: string; t: Translate }) {
  const mp4 = mp4RenditionOf(video.variants);
  const poster = (post.videoPoster ?? post.cover)?.path;
  // The still is the first screen's picture: asked for with the page, not after it.
  if (poster) preload(poster, { as: 'image', fetchPriority: 'high' });
  return (
    <figure className="post-video">
      <video
        controls
        preload="metadata"
        playsInline
        width={video.width ?? undefined}
        height={video.height ?? undefined}
        poster={poster}
        aria-label={name}
      >
        <source src={video.path} type={video.mime} />
        {mp4 && <source src={mp4.path} type="video/mp4" />}
        {locales.map((l) => {
          const track = post.subtitles[l];
          return track ? (
            <track key={l} kind="subtitles" srcLang={l} src={track.path} label={l === 'zh' ? t('subtitleZh') : t('subtitleEn')} default={l === locale} />
          ) : null;
        })}
        <a href={mp4?.path ?? video.path}>{t('noMediaSupport')}</a>
      </video>
      {video.caption[locale] && <figcaption>{video.caption[locale]}</figcaption>}
    </figure>
  );
}
