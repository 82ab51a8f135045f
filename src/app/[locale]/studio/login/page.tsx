// Sign in to the Studio.
import type { Metadata } from 'next';
import { headers } from 'next/headers';
import { notFound, redirect } from 'next/navigation';
import { getTranslations, setRequestLocale } from 'next-intl/server';
import { StudioForm } from '@/components/studio/studio-form';
import { StudioFrame } from '@/components/studio/studio-frame';
import styles from '@/components/studio/studio.module.css';
import { ensureDatabase } from '@/server/ensure-database';
import { isLocale } from '@/core/locales';
import { actorFromHeaders } from '@/server/auth/session';
import { pageTitle } from '@/server/page-title';
import { loginAction } from '@/server/studio/actions/studio-actions';
import { hasAnyAccount } from '@/server/studio/studio-reads';

export async function generateMetadata({ params }: PageProps<'/[locale]/studio/login'>): Promise<Metadata> {
  const { locale } = await params;
  if (!isLocale(locale)) return {};
  const t = await getTranslations({ locale, namespace: 'studio.login' });
  return { title: await pageTitle(locale, t('title')) };
}

export default async function LoginPage({ params, searchParams }: PageProps<'/[locale]/studio/login'>) {
  const { locale } = await params;
  if (!isLocale(locale)) notFound();
  setRequestLocale(locale);
  await ensureDatabase();
  if (!(await hasAnyAccount())) redirect(`/${locale}/studio/setup`);
  if (await actorFromHeaders(await headers())) redirect(`/${locale}/studio`);
  const query = await searchParams;
  const [t, setup, forms] = await Promise.all([
    getTranslations({ locale, namespace: 'studio.login' }),
    getTranslations({ locale, namespace: 'studio.setup' }),
    getTranslations({ locale, namespace: 'studio.forms' }),
  ]);
  return (
    <StudioFrame locale={locale} actor={null} path="/login">
      <div className={styles.narrow}>
        <h1 className={styles.pageTitle}>{t('title')}</h1>
        {query.setup !== undefined && <p className={styles.notice} role="status">{setup('done')}</p>}
        {query.signedOut !== undefined && <p className={styles.notice} role="status">{t('signedOut')}</p>}
        <StudioForm
          action={loginAction}
          locale={locale}
          submitLabel={t('submit')}
          pendingLabel={forms('saving')}
          fields={[
            { name: 'email', label: t('email'), type: 'email', autoComplete: 'username', required: true },
            { name: 'password', label: t('password'), type: 'password', autoComplete: 'current-password', required: true },
          ]}
        />
      </div>
    </StudioFrame>
  );
}
