// Home page: featured and latest articles.
import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { getTranslations, setRequestLocale } from 'next-intl/server';
import { HomeView } from '@/components/site/home-view';
import { SiteFrame } from '@/components/site/site-frame';
import { isLocale } from '@/i18n/routing';
import { alternatesMetadata, samePathInAllLocales } from '@/server/alternates';
import { getSiteSettings } from '@/server/content';
import { websiteJsonLd } from '@/server/website-json-ld';

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
  const settings = await getSiteSettings(locale);
  const jsonLd = websiteJsonLd({ locale, name: settings.title, description: settings.description });
  return (
    <SiteFrame locale={locale} paths={paths}>
      <script type="application/ld+json" dangerouslySetInnerHTML={{ __html: jsonLd }} />
      <HomeView locale={locale} page={1} />
    </SiteFrame>
  );
}
