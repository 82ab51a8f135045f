// Older pages of the home list: /zh/page/2 …
import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { getTranslations, setRequestLocale } from 'next-intl/server';
import { HomeView } from '@/components/site/home-view';
import { SiteFrame } from '@/components/site/site-frame';
import { isLocale } from '@/core/locales';
import { alternatesMetadata, samePathInAllLocales } from '@/server/alternates';
import { pageTitle } from '@/server/page-title';

export function generateStaticParams() {
  return [];
}

/** Page numbers are 2…9999 written plainly; anything else is not a page. */
function parsePage(raw: string): number | null {
  return /^[1-9]\d{0,3}$/.test(raw) && raw !== '1' ? Number(raw) : null;
}

export async function generateMetadata({ params }: PageProps<'/[locale]/page/[n]'>): Promise<Metadata> {
  const { locale, n } = await params;
  const page = parsePage(n);
  if (!isLocale(locale) || !page) return {};
  const t = await getTranslations({ locale, namespace: 'home' });
  return { title: await pageTitle(locale, t('pageTitle', { page })), alternates: await alternatesMetadata(locale, samePathInAllLocales(`/page/${page}`)) };
}

export default async function HomePageN({ params }: PageProps<'/[locale]/page/[n]'>) {
  const { locale, n } = await params;
  const page = parsePage(n);
  if (!isLocale(locale) || !page) notFound();
  setRequestLocale(locale);
  return (
    <SiteFrame locale={locale} paths={samePathInAllLocales(`/page/${page}`)}>
      <HomeView locale={locale} page={page} />
    </SiteFrame>
  );
}
