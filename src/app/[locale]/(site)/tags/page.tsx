// Every tag with its number of articles.
import type { Metadata } from 'next';
import Link from 'next/link';
import { notFound } from 'next/navigation';
import { getTranslations, setRequestLocale } from 'next-intl/server';
import { SiteFrame } from '@/components/site/site-frame';
import { isLocale, otherLocale } from '@/core/locales';
import { alternatesMetadata, samePathInAllLocales } from '@/server/alternates';
import { listTags } from '@/server/content';
import { pageTitle } from '@/server/page-title';

const paths = samePathInAllLocales('/tags');

export async function generateMetadata({ params }: PageProps<'/[locale]/tags'>): Promise<Metadata> {
  const { locale } = await params;
  if (!isLocale(locale)) return {};
  const t = await getTranslations({ locale, namespace: 'tags' });
  return { title: await pageTitle(locale, t('title')), description: t('description'), alternates: await alternatesMetadata(locale, paths) };
}

export default async function TagsPage({ params }: PageProps<'/[locale]/tags'>) {
  const { locale } = await params;
  if (!isLocale(locale)) notFound();
  setRequestLocale(locale);
  const [t, tags] = await Promise.all([getTranslations({ locale, namespace: 'tags' }), listTags()]);
  return (
    <SiteFrame locale={locale} paths={paths}>
      <h1 className="display page-title">{t('title')}</h1>
      <ul className="tag-cloud">
        {tags.map((tag) => {
          const name = tag.names[locale] ?? tag.names[otherLocale(locale)];
          if (!name) return null;
          return (
            <li key={tag.id}>
              <Link href={`/${locale}/tags/${name.slug}`} className="tag-link tag-link--large">
                {name.name}
              </Link>
              <span className="tag-cloud__count">{t('count', { count: tag.postCount })}</span>
            </li>
          );
        })}
      </ul>
    </SiteFrame>
  );
}
