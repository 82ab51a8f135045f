// /{locale}/members/account: the signed-in member's own page: language and newsletters,
// unsubscribe or subscribe again, download their data, delete the account, sign out.
// Someone not signed in is sent to the sign-in page. Per request, never cached or indexed.
import type { Metadata } from 'next';
import { notFound, redirect } from 'next/navigation';
import { getTranslations, setRequestLocale } from 'next-intl/server';
import { DataAndDeletion, PreferencesForm, SignOutForm, SubscriptionForm } from '@/components/members/account-forms';
import styles from '@/components/members/members.module.css';
import { SiteFrame } from '@/components/site/site-frame';
import { isLocale } from '@/core/locales';
import { samePathInAllLocales } from '@/server/alternates';
import { currentAccount } from '@/server/members/current-member';
import { pageTitle } from '@/server/page-title';

export const dynamic = 'force-dynamic';

export async function generateMetadata({ params }: PageProps<'/[locale]/members/account'>): Promise<Metadata> {
  const { locale } = await params;
  if (!isLocale(locale)) return {};
  const t = await getTranslations({ locale, namespace: 'members.account' });
  return { title: await pageTitle(locale, t('title')), robots: { index: false, follow: false } };
}

export default async function AccountPage({ params }: PageProps<'/[locale]/members/account'>) {
  const { locale } = await params;
  if (!isLocale(locale)) notFound();
  setRequestLocale(locale);
  const [t, account] = await Promise.all([getTranslations({ locale, namespace: 'members.account' }), currentAccount()]);
  if (!account) redirect(`/${locale}/members/sign-in`);
  const { member, newsletters } = account;
  return (
    <SiteFrame locale={locale} paths={samePathInAllLocales('/members/account')} subscribe={false}>
      <div className={styles.page}>
        <div className={styles.actions}>
          <h1 className="display page-title">{t('heading')}</h1>
        </div>
        <div className={styles.actions}>
          <p className={styles.hint}>{t('signedInAs', { email: member.email })}</p>
          <SignOutForm locale={locale} />
        </div>
        <PreferencesForm locale={locale} member={member} newsletters={newsletters} />
        <SubscriptionForm locale={locale} member={member} />
        <DataAndDeletion locale={locale} />
      </div>
    </SiteFrame>
  );
}
