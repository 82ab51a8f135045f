// Home page: featured and latest articles.
import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { getTranslations, setRequestLocale } from 'next-intl/server';
import { HomeView } from '@/components/site/home-view';
import { SiteFrame } from '@/components/site/site-frame';
import { isLocale } from '@/i18n/routing';
import { alternatesMetadata, samePathInAllLocales } from '@/server/alternates';

const paths = samePathInAllLocales('/');

export async function generateMetadata({ params }: PageProps<'/[locale]'>): Promise<Metadata> {
  const { locale } = await params;
  if (!isLocale(locale)) return {};
  const t = await getTranslations({ locale, namespace: 'site' });
  return { title: { absolute: `${t('name')} · ${t('tagline')}` }, alternates: await alternatesMetadata(locale, paths, '/') };
}

export default async function HomePage({ params }: PageProps<'/[locale]'>) {
  const { locale } = await params;
  if (!isLocale(locale)) notFound();
  setRequestLocale(locale);
  return (
    <SiteFrame locale={locale} paths={paths}>
      <HomeView locale={locale} page={1} />
    </SiteFrame>
  );
}
