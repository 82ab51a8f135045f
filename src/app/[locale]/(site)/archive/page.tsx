// Every article, grouped by year.
import type { Metadata } from 'next';
import Link from 'next/link';
import { notFound } from 'next/navigation';
import { getTranslations, setRequestLocale } from 'next-intl/server';
import { SiteFrame } from '@/components/site/site-frame';
import { PhrasedText } from '@/components/site/phrased-text';
import type { Post } from '@/core/content/types';
import { isLocale, type Locale } from '@/core/locales';
import { alternatesMetadata, samePathInAllLocales } from '@/server/alternates';
import { listArchiveYears, listPosts } from '@/server/content';
import { pageTitle } from '@/server/page-title';
import { formatDate, postHref, viewPost } from '@/server/post-view';
import { getSiteTimeZone } from '@/server/site/site-identity';

const paths = samePathInAllLocales('/archive');
const maxPerYear = 500;

/** A year on the site's clock, its posts newest first, up to maxPerYear (the repository pages by 100). */
async function listYear(locale: Locale, year: number, timeZone: string): Promise<Post[]> {
  const posts: Post[] = [];
  for (let page = 1; posts.length < maxPerYear; page++) {
    const { items, total } = await listPosts({ locale, page, pageSize: 100, year, timeZone });
    posts.push(...items);
    if (posts.length >= total || items.length === 0) break;
  }
  return posts;
}

export async function generateMetadata({ params }: PageProps<'/[locale]/archive'>): Promise<Metadata> {
  const { locale } = await params;
  if (!isLocale(locale)) return {};
  const t = await getTranslations({ locale, namespace: 'archive' });
  return { title: await pageTitle(locale, t('title')), description: t('description'), alternates: await alternatesMetadata(locale, paths) };
}

export default async function ArchivePage({ params }: PageProps<'/[locale]/archive'>) {
  const { locale } = await params;
  if (!isLocale(locale)) notFound();
  setRequestLocale(locale);
  const [t, timeZone] = await Promise.all([getTranslations({ locale, namespace: 'archive' }), getSiteTimeZone()]);
  const years = await listArchiveYears(timeZone);
  const lists = await Promise.all(years.map((y) => listYear(locale, y.year, timeZone)));
  return (
    <SiteFrame locale={locale} paths={paths}>
      <h1 className="display page-title">{t('title')}</h1>
      {years.length === 0 && <p>{t('empty')}</p>}
      {years.map((y, i) => (
        <section key={y.year} className="archive-year" aria-labelledby={`year-${y.year}`}>
          <h2 id={`year-${y.year}`} className="archive-year__title">
            <span className="figure">{y.year}</span> <small>{t('count', { count: y.count })}</small>
          </h2>
          <ul className="archive-list">
            {lists[i]!.map((post) => {
              const view = viewPost(post, locale);
              const href = postHref(post, locale);
              return view && href ? (
                <li key={post.id} lang={view.isFallback ? view.shown.locale : undefined}>
                  <time className="figure" dateTime={post.publishedAt ?? undefined} lang={locale}>
                    {formatDate(post.publishedAt, locale, timeZone)}
                  </time>
                  <Link href={href}>
                    <PhrasedText text={view.shown.title} lang={view.shown.locale} />
                  </Link>
                </li>
              ) : null;
            })}
          </ul>
        </section>
      ))}
    </SiteFrame>
  );
}
