// One post in a list: cover, title, excerpt, date and reading time, in the list's
// language, or the other language's with a badge when it has no translation yet.
import Link from 'next/link';
import { getTranslations } from 'next-intl/server';
import type { Post } from '@/core/content/types';
import type { Locale } from '@/core/locales';
import { formatDate, postHref, viewPost } from '@/server/post-view';
import { getSiteTimeZone } from '@/server/site/site-identity';
import { PhrasedText } from './phrased-text';
import { ResponsiveImage } from './responsive-image';

/** `headingLevel`: one below the heading the list sits under (3 under a section's h2, 2 right under the page's h1). */
export interface PostCardProps {
  post: Post;
  locale: Locale;
  large?: boolean;
  headingLevel?: 2 | 3;
}

export async function PostCard({ post, locale, large = false, headingLevel = 3 }: PostCardProps) {
  const view = viewPost(post, locale);
  const href = postHref(post, locale);
  if (!view || !href) return null;
  const [t, timeZone] = await Promise.all([getTranslations({ locale, namespace: 'post' }), getSiteTimeZone()]);
  const { shown, isFallback } = view;
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  return (
    <article className={large ? 'post-card post-card--large' : 'post-card'} lang={isFallback ? shown.locale : undefined}>
      {post.cover && (
        <Link href={href} className="post-card__cover" tabIndex={-1} aria-hidden="true">
          <ResponsiveImage
            media={post.cover}
            sizes={large ? '(min-width: 72rem) 40rem, 100vw' : '(min-width: 48rem) 20rem, 100vw'}
            alt=""
            loading={large ? 'eager' : 'lazy'}
            // The large card leads the home page: its cover is what a phone paints last (LCP).
            fetchPriority={large ? 'high' : undefined}
            decoding="async"
          />
        </Link>
      )}
      <div className="post-card__body">
        <Heading className="post-card__title">
          <Link href={href}>
            <PhrasedText text={shown.title} lang={shown.locale} />
          </Link>
          {isFallback && (
            <span className="badge" lang={locale} title={t('languageBadgeTitle')}>
              {t('languageBadge')}
            </span>
          )}
        </Heading>
        {shown.excerpt && <p className="post-card__excerpt">{shown.excerpt}</p>}
        <p className="post-card__meta" lang={locale}>
          {post.publishedAt && (
            <>
              <time dateTime={post.publishedAt}>{formatDate(post.publishedAt, locale, timeZone)}</time>
              <span aria-hidden="true"> · </span>
            </>
          )}
          <span>{t('readingTime', { minutes: shown.readingMinutes })}</span>
        </p>
      </div>
    </article>
  );
}
