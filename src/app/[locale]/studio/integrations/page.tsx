// Integrations: how other programs read and write the site, and hear from it. Owners and
// admins manage API keys here, owners the webhooks; each section renders only for those
// its permission allows.
import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { getTranslations, setRequestLocale } from 'next-intl/server';
import { ApiKeysSection } from '@/components/studio/api-keys/api-keys-section';
import { StudioFrame } from '@/components/studio/studio-frame';
import styles from '@/components/studio/studio.module.css';
import { WebhooksSection } from '@/components/studio/webhooks/webhooks-section';
import { can } from '@/core/auth/permissions';
import { isLocale } from '@/core/locales';
import { pageTitle } from '@/server/page-title';
import { studioActor } from '@/server/studio/guard';

export async function generateMetadata({ params }: PageProps<'/[locale]/studio/integrations'>): Promise<Metadata> {
  const { locale } = await params;
  if (!isLocale(locale)) return {};
  const t = await getTranslations({ locale, namespace: 'studio.webhooks' });
  return { title: await pageTitle(locale, t('integrationsTitle')) };
}

export default async function IntegrationsPage({ params }: PageProps<'/[locale]/studio/integrations'>) {
  const { locale } = await params;
  if (!isLocale(locale)) notFound();
  setRequestLocale(locale);
  const actor = await studioActor(locale);
  const [t, forms] = await Promise.all([getTranslations({ locale, namespace: 'studio.webhooks' }), getTranslations({ locale, namespace: 'studio.forms' })]);
  if (!can(actor, 'apikey.manage') && !can(actor, 'webhook.manage')) {
    return (
      <StudioFrame locale={locale} actor={actor} path="/integrations">
        <p className={styles.formError} role="alert">{forms('forbidden')}</p>
      </StudioFrame>
    );
  }
  return (
    <StudioFrame locale={locale} actor={actor} path="/integrations">
      <h1 className={styles.pageTitle}>{t('integrationsTitle')}</h1>
      {can(actor, 'apikey.manage') && <ApiKeysSection locale={locale} />}
      {can(actor, 'webhook.manage') && <WebhooksSection locale={locale} />}
    </StudioFrame>
  );
}
