// The error view for a status the proxy decided on (400 for a malformed URL, 405 for a
// form posted to a page). The proxy rewrites to it with the real status code.
import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { getTranslations, setRequestLocale } from 'next-intl/server';
import { ErrorView } from '@/components/site/error-view';
import { SiteFrame } from '@/components/site/site-frame';
import { errorTitleKey } from '@/core/errors/http-status';
import { isLocale } from '@/core/locales';
import { pageTitle } from '@/server/page-title';
import { samePathInAllLocales } from '@/server/alternates';

export function generateStaticParams() {
  return [];
}

const proxyStatuses = new Set(['400', '405']);

export async function generateMetadata({ params }: PageProps<'/[locale]/error/[status]'>): Promise<Metadata> {
  const { locale, status } = await params;
  if (!isLocale(locale) || !proxyStatuses.has(status)) return {};
  const t = await getTranslations({ locale, namespace: 'errors' });
  return { title: await pageTitle(locale, `${status} · ${t(errorTitleKey(Number(status)))}`), robots: { index: false } };
}

export default async function ErrorStatusPage({ params }: PageProps<'/[locale]/error/[status]'>) {
  const { locale, status: raw } = await params;
  if (!isLocale(locale) || !proxyStatuses.has(raw)) notFound();
  setRequestLocale(locale);
  const status = Number(raw);
  const t = await getTranslations({ locale, namespace: 'errors' });
  return (
    <SiteFrame locale={locale} paths={samePathInAllLocales('/')}>
      <ErrorView
        status={status}
        title={t(errorTitleKey(status))}
        statusLabel={t('statusLabel', { status })}
        homeHref={`/${locale}`}
        homeLabel={t('goHome')}
      />
    </SiteFrame>
  );
}
