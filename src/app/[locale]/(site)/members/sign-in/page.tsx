// /{locale}/members/sign-in: a member asks for a sign-in link; with `?token=` (the link of
// the e-mail) a button signs them in; with `?link=used|expired|unknown|signed-out` the
// page says why they are here. Rendered per request, never cached, never indexed.
import type { Metadata } from 'next';
import Link from 'next/link';
import { notFound } from 'next/navigation';
import { getTranslations, setRequestLocale } from 'next-intl/server';
import { SignInLinkForm, SignInRequestForm } from '@/components/members/sign-in-forms';
import styles from '@/components/members/members.module.css';
import { SiteFrame } from '@/components/site/site-frame';
import { isLocale } from '@/core/locales';
import { isTokenShaped } from '@/core/members/member-token';
import { samePathInAllLocales } from '@/server/alternates';
import { currentMember } from '@/server/members/current-member';
import { pageTitle } from '@/server/page-title';
import { getSiteIdentity } from '@/server/site/site-identity';

export const dynamic = 'force-dynamic';

const linkProblems = ['used', 'expired', 'unknown', 'signed-out'] as const;

export async function generateMetadata({ params }: PageProps<'/[locale]/members/sign-in'>): Promise<Metadata> {
  const { locale } = await params;
  if (!isLocale(locale)) return {};
  const t = await getTranslations({ locale, namespace: 'members.signIn' });
  return { title: await pageTitle(locale, t('title')), robots: { index: false, follow: false } };
}

export default async function SignInPage({ params, searchParams }: PageProps<'/[locale]/members/sign-in'>) {
  const { locale } = await params;
  if (!isLocale(locale)) notFound();
  setRequestLocale(locale);
  const { token, link } = await searchParams;
  const [t, site, member] = await Promise.all([getTranslations({ locale, namespace: 'members.signIn' }), getSiteIdentity(locale), currentMember()]);
  const problem = linkProblems.find((p) => p === link);
  // The link's page keeps its token in the language switcher: the other language signs in too.
  return (
    <SiteFrame locale={locale} paths={samePathInAllLocales(isTokenShaped(token) ? `/members/sign-in?token=${token}` : '/members/sign-in')} subscribe={false}>
      <div className={styles.page}>
        {isTokenShaped(token) ? (
          <SignInLinkForm locale={locale} token={token} site={site.name} />
        ) : (
          <>
            <h1 className="display page-title">{t('heading')}</h1>
            {problem && (
              <p className={`${styles.notice} ${styles.shown} ${styles.problem}`} role="alert" data-link-problem={problem}>
                {t(`link_${problem}`)}
              </p>
            )}
            <p id="signed-out" className={styles.notice} role="status">
              {t('signedOut')}
            </p>
            <p id="account-deleted" className={styles.notice} role="status">
              {t('deleted')}
            </p>
            {member && (
              <p className={`${styles.notice} ${styles.shown}`}>
                {t('signedInAlready', { email: member.email })} <Link href={`/${locale}/members/account`}>{t('toAccount')}</Link>
              </p>
            )}
            <p>{t('intro')}</p>
            <SignInRequestForm locale={locale} />
          </>
        )}
      </div>
    </SiteFrame>
  );
}
