// /{locale}/members/confirm?token=…: the link of the confirmation e-mail. Opening it
// confirms the subscription once; a used, expired or unknown link gets a page saying so,
// in the language of the link (the member's). Rendered per request, never cached, never
// indexed.
import type { Metadata } from 'next';
import Link from 'next/link';
import { notFound } from 'next/navigation';
import { getTranslations, setRequestLocale } from 'next-intl/server';
import { SiteFrame } from '@/components/site/site-frame';
import { isLocale } from '@/core/locales';
import { samePathInAllLocales } from '@/server/alternates';
import { confirmFromLink } from '@/server/members/confirm-member';
import { pageTitle } from '@/server/page-title';
import { getSiteIdentity } from '@/server/site/site-identity';

export const dynamic = 'force-dynamic';

export async function generateMetadata({ params }: PageProps<'/[locale]/members/confirm'>): Promise<Metadata> {
  const { locale } = await params;
  if (!isLocale(locale)) return {};
  const t = await getTranslations({ locale, namespace: 'members.confirm' });
  return { title: await pageTitle(locale, t('title')), robots: { index: false, follow: false } };
}

export default async function ConfirmPage({ params, searchParams }: PageProps<'/[locale]/members/confirm'>) {
  const { locale } = await params;
  if (!isLocale(locale)) notFound();
  setRequestLocale(locale);
  const { token } = await searchParams;
  const [t, site, { state }] = await Promise.all([getTranslations({ locale, namespace: 'members.confirm' }), getSiteIdentity(locale), confirmFromLink(token)]);
  const [heading, text] =
    state === 'valid'
      ? [t('confirmedHeading'), t('confirmed', { site: site.name })]
      : state === 'used'
        ? [t('usedHeading'), t('used')]
        : state === 'expired'
          ? [t('expiredHeading'), t('expired')]
          : [t('unknownHeading'), t('unknown')];
  return (
    <SiteFrame locale={locale} paths={samePathInAllLocales('/')}>
      <h1 className="display page-title">{heading}</h1>
      <p data-confirmation={state}>{text}</p>
      <p>
        <Link href={`/${locale}`}>{t('home')}</Link>
      </p>
    </SiteFrame>
  );
}
