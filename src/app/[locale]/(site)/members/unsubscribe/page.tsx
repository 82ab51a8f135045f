// /{locale}/members/unsubscribe?token=…: the footer link of newsletter e-mails. It asks
// before it unsubscribes (a mail scanner opening links must not unsubscribe anyone): a
// button posts the token to the API, which comes back here saying it is done. Rendered
// per request, never cached, never indexed.
import type { Metadata } from 'next';
import Link from 'next/link';
import { notFound } from 'next/navigation';
import { getTranslations, setRequestLocale } from 'next-intl/server';
import { SiteFrame } from '@/components/site/site-frame';
import { isLocale } from '@/core/locales';
import { samePathInAllLocales } from '@/server/alternates';
import { readUnsubscribeLink } from '@/server/members/unsubscribe-member';
import { pageTitle } from '@/server/page-title';

export const dynamic = 'force-dynamic';

export async function generateMetadata({ params }: PageProps<'/[locale]/members/unsubscribe'>): Promise<Metadata> {
  const { locale } = await params;
  if (!isLocale(locale)) return {};
  const t = await getTranslations({ locale, namespace: 'members.unsubscribe' });
  return { title: await pageTitle(locale, t('title')), robots: { index: false, follow: false } };
}

export default async function UnsubscribePage({ params, searchParams }: PageProps<'/[locale]/members/unsubscribe'>) {
  const { locale } = await params;
  if (!isLocale(locale)) notFound();
  setRequestLocale(locale);
  const { token } = await searchParams;
  const [t, view] = await Promise.all([getTranslations({ locale, namespace: 'members.unsubscribe' }), readUnsubscribeLink(token)]);
  const home = (
    <p>
      <Link href={`/${locale}`}>{t('home')}</Link>
    </p>
  );
  let body;
  if (!view) {
    body = (
      <>
        <h1 className="display page-title">{t('unknownHeading')}</h1>
        <p data-unsubscribe="unknown">{t('unknown')}</p>
      </>
    );
  } else if (!view.isSubscribed) {
    body = (
      <>
        <h1 className="display page-title">{t('doneHeading')}</h1>
        <p data-unsubscribe="done">{t('done', { email: view.email, newsletter: view.newsletter[locale] })}</p>
      </>
    );
  } else {
    body = (
      <>
        <h1 className="display page-title">{t('heading', { newsletter: view.newsletter[locale] })}</h1>
        <p>{t('intro', { email: view.email, newsletter: view.newsletter[locale] })}</p>
        <form method="post" action={`/api/v1/members/unsubscribe?token=${encodeURIComponent(String(token))}`}>
          <input type="hidden" name="List-Unsubscribe" value="One-Click" />
          <button type="submit" className="button" data-unsubscribe="confirm">
            {t('confirm')}
          </button>
        </form>
      </>
    );
  }
  return (
    <SiteFrame locale={locale} paths={samePathInAllLocales('/')}>
      {body}
      {home}
    </SiteFrame>
  );
}
