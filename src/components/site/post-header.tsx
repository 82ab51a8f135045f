// The head of an article: title, lead, authors, date, reading time, tags.
import Link from 'next/link';
import { Fragment, type ReactElement } from 'react';
import { getTranslations } from 'next-intl/server';
import type { Locale } from '@/core/locales';
import { formatDate, type PostView } from '@/server/post-view';
import { getSiteTimeZone } from '@/server/site/site-identity';
import { PhrasedText } from './phrased-text';

export async function PostHeader({ view }: { view: PostView }) {
  const { post, shown, locale } = view;
  const [t, timeZone] = await Promise.all([getTranslations({ locale, namespace: 'post' }), getSiteTimeZone()]);
  const separator = locale === 'zh' ? '、' : ', ';
  const date = formatDate(post.publishedAt, locale, timeZone);
  // Only what there is, separated: a draft's preview has no date, a post may have no author.
  const bylineParts: ReactElement[] = [];
  if (post.authors.length > 0) {
    bylineParts.push(
      <span key="authors">
        {t.rich('by', {
          authors: () =>
            post.authors.map((a, i) => (
              <span key={a.id}>
                {i > 0 && separator}
                <Link href={`/${locale}/authors/${a.handle}`}>{a.name[locale] ?? a.handle}</Link>
              </span>
            )),
        })}
      </span>,
    );
  }
  if (date) {
    bylineParts.push(
      <time key="date" dateTime={post.publishedAt ?? undefined}>
        {date}
      </time>,
    );
  }
  bylineParts.push(<span key="reading">{t('readingTime', { minutes: shown.readingMinutes })}</span>);
  return (
    <header className="post-header">
      {post.tags.length > 0 && (
        <p className="post-header__tags">
          {post.tags.map((tag) => {
            const name = tag.names[locale] ?? tag.names[shown.locale as Locale];
            return name ? (
              <Link key={tag.id} href={`/${locale}/tags/${name.slug}`} className="tag-link" lang={tag.names[locale] ? undefined : shown.locale}>
                {name.name}
              </Link>
            ) : null;
          })}
        </p>
      )}
      <h1 className="post-header__title display">
        <PhrasedText text={shown.title} lang={shown.locale} />
      </h1>
      {shown.excerpt && <p className="post-header__excerpt lead">{shown.excerpt}</p>}
      <p className="post-header__meta" lang={locale}>
        {bylineParts.map((part, i) => (
          <Fragment key={part.key}>
            {i > 0 && <span aria-hidden="true"> · </span>}
            {part}
          </Fragment>
        ))}
      </p>
    </header>
  );
}
