// First start: the form that creates the owner. Gone for good once any account exists.
import type { Metadata } from 'next';
import { notFound, redirect } from 'next/navigation';
import { getTranslations, setRequestLocale } from 'next-intl/server';
import { StudioForm } from '@/components/studio/studio-form';
import { StudioFrame } from '@/components/studio/studio-frame';
import styles from '@/components/studio/studio.module.css';
import { ensureDatabase } from '@/server/ensure-database';
import { isLocale } from '@/core/locales';
import { pageTitle } from '@/server/page-title';
import { setupAction } from '@/server/studio/actions/studio-actions';
import { hasAnyAccount } from '@/server/studio/studio-reads';

export async function generateMetadata({ params }: PageProps<'/[locale]/studio/setup'>): Promise<Metadata> {
  const { locale } = await params;
  if (!isLocale(locale)) return {};
  const t = await getTranslations({ locale, namespace: 'studio.setup' });
  return { title: await pageTitle(locale, t('title')) };
}

export default async function SetupPage({ params }: PageProps<'/[locale]/studio/setup'>) {
  const { locale } = await params;
  if (!isLocale(locale)) notFound();
  setRequestLocale(locale);
  await ensureDatabase();
  if (await hasAnyAccount()) redirect(`/${locale}/studio/login`);
  const [t, forms] = await Promise.all([getTranslations({ locale, namespace: 'studio.setup' }), getTranslations({ locale, namespace: 'studio.forms' })]);
  return (
    <StudioFrame locale={locale} actor={null} path="/setup">
      <div className={styles.narrow}>
        <h1 className={styles.pageTitle}>{t('title')}</h1>
        <p>{t('intro')}</p>
        <StudioForm
          action={setupAction}
          locale={locale}
          submitLabel={t('submit')}
          pendingLabel={forms('saving')}
          fields={[
            { name: 'name', label: t('name'), autoComplete: 'name', required: true },
            { name: 'email', label: t('email'), type: 'email', autoComplete: 'email', required: true },
            { name: 'password', label: t('password'), type: 'password', autoComplete: 'new-password', hint: t('passwordHint'), required: true },
          ]}
        />
      </div>
    </StudioFrame>
  );
}
