// Integrations: the API keys programs use to read and write the site.
import type { Metadata } from 'next';
import Link from 'next/link';
import { notFound } from 'next/navigation';
import { getTranslations, setRequestLocale } from 'next-intl/server';
import { ApiKeysSection } from '@/components/studio/api-keys/api-keys-section';
import { StudioFrame } from '@/components/studio/studio-frame';
import styles from '@/components/studio/studio.module.css';
import { can } from '@/core/auth/permissions';
import { isLocale } from '@/i18n/routing';
import { pageTitle } from '@/server/page-title';
import { studioActor } from '@/server/studio/guard';

export async function generateMetadata({ params }: PageProps<'/[locale]/studio/integrations'>): Promise<Metadata> {
  const { locale } = await params;
  if (!isLocale(locale)) return {};
  const t = await getTranslations({ locale, namespace: 'studio.apiKeys' });
  return { title: await pageTitle(locale, t('pageTitle')) };
}

export default async function IntegrationsPage({ params }: PageProps<'/[locale]/studio/integrations'>) {
  const { locale } = await params;
  if (!isLocale(locale)) notFound();
  setRequestLocale(locale);
  const actor = await studioActor(locale);
  const [t, forms] = await Promise.all([getTranslations({ locale, namespace: 'studio.apiKeys' }), getTranslations({ locale, namespace: 'studio.forms' })]);
  return (
    <StudioFrame locale={locale} actor={actor} path="/integrations">
      <h1 className={styles.pageTitle}>{t('pageTitle')}</h1>
      <p>
        <Link href={`/${locale}/studio/integrations/api`}>{t('reference')}</Link>
      </p>
      {can(actor, 'apikey.manage') ? <ApiKeysSection locale={locale} /> : <p className={styles.formError} role="alert">{forms('forbidden')}</p>}
    </StudioFrame>
  );
}
