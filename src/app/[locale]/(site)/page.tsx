// Home page. Content arrives with the content core; until then, the welcome copy.
import type { Metadata } from 'next';
import { getTranslations, setRequestLocale } from 'next-intl/server';
import { SiteFrame } from '@/components/site/site-frame';
import { isLocale } from '@/i18n/routing';
import { alternatesMetadata, samePathInAllLocales } from '@/server/alternates';
import { notFound } from 'next/navigation';

const paths = samePathInAllLocales('/');

export async function generateMetadata({ params }: PageProps<'/[locale]'>): Promise<Metadata> {
  const { locale } = await params;
  if (!isLocale(locale)) return {};
  const t = await getTranslations({ locale, namespace: 'site' });
  return { title: { absolute: `${t('name')} · ${t('tagline')}` }, alternates: alternatesMetadata(locale, paths, '/') };
}

export default async function HomePage({ params }: PageProps<'/[locale]'>) {
  const { locale } = await params;
  if (!isLocale(locale)) notFound();
  setRequestLocale(locale);
  const t = await getTranslations({ locale, namespace: 'home' });
  return (
    <SiteFrame locale={locale} paths={paths}>
      <div className="prose-page">
        <h1 className="display">{t('title')}</h1>
        <p className="lead">{t('lead')}</p>
        <p>{t('placeholder')}</p>
      </div>
    </SiteFrame>
  );
}
