// Home page: featured and latest articles.
import type { Metadata } from 'next';
import { setRequestLocale } from 'next-intl/server';
import { HomeView } from '@/components/site/home-view';
import { SiteFrame } from '@/components/site/site-frame';
import { isLocale } from '@/core/locales';
import { alternatesMetadata, samePathInAllLocales } from '@/server/alternates';
import { oldAddressOrNotFound } from '@/server/old-addresses';
import { getSiteIdentity } from '@/server/site/site-identity';
import { websiteJsonLd } from '@/server/website-json-ld';

const paths = samePathInAllLocales('/');

export async function generateMetadata({ params }: PageProps<'/[locale]'>): Promise<Metadata> {
  const { locale } = await params;
  if (!isLocale(locale)) return {};
  // The home page is the site itself: its title is the site's name alone.
  const site = await getSiteIdentity(locale);
  return { title: { absolute: site.name }, alternates: await alternatesMetadata(locale, paths) };
}

export default async function HomePage({ params }: PageProps<'/[locale]'>) {
  const { locale } = await params;
  // `/hello.html`: an old address of an imported text, or a 404.
  if (!isLocale(locale)) return oldAddressOrNotFound([locale]);
  setRequestLocale(locale);
  const site = await getSiteIdentity(locale);
  const jsonLd = websiteJsonLd({ locale, name: site.name, description: site.description });
  return (
    <SiteFrame locale={locale} paths={paths}>
      <script type="application/ld+json" dangerouslySetInnerHTML={{ __html: jsonLd }} />
      <HomeView locale={locale} page={1} />
    </SiteFrame>
  );
}
