// About page (static copy until pages come from the database).
import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { getTranslations, setRequestLocale } from 'next-intl/server';
import { SiteFrame } from '@/components/site/site-frame';
import { isLocale } from '@/i18n/routing';
import { pageTitle } from '@/server/page-title';
import { alternatesMetadata, samePathInAllLocales } from '@/server/alternates';

const paths = samePathInAllLocales('/about');

export async function generateMetadata({ params }: PageProps<'/[locale]/about'>): Promise<Metadata> {
  const { locale } = await params;
  if (!isLocale(locale)) return {};
  const t = await getTranslations({ locale, namespace: 'about' });
  return { title: await pageTitle(locale, t('title')), description: t('description'), alternates: alternatesMetadata(locale, paths, '/about') };
}

export default async function AboutPage({ params }: PageProps<'/[locale]/about'>) {
  const { locale } = await params;
  if (!isLocale(locale)) notFound();
  setRequestLocale(locale);
  const t = await getTranslations({ locale, namespace: 'about' });
  return (
    <SiteFrame locale={locale} paths={paths}>
      <article className="prose-page">
        <h1 className="display">{t('title')}</h1>
        <p>{t('body')}</p>
      </article>
    </SiteFrame>
  );
}
