// Studio › Integrations › API reference: every operation of the API with its parameters,
// answers and a curl example, made from the OpenAPI document the server serves.
import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { getTranslations, setRequestLocale } from 'next-intl/server';
import { ApiReference } from '@/components/studio/api-reference/api-reference';
import { StudioFrame } from '@/components/studio/studio-frame';
import styles from '@/components/studio/studio.module.css';
import { can } from '@/core/auth/permissions';
import { buildReference } from '@/core/openapi/reference-model';
import { isLocale } from '@/core/locales';
import { apiDocument } from '@/server/openapi/api-document';
import { pageTitle } from '@/server/page-title';
import { studioActor } from '@/server/studio/guard';

export async function generateMetadata({ params }: PageProps<'/[locale]/studio/integrations/api'>): Promise<Metadata> {
  const { locale } = await params;
  if (!isLocale(locale)) return {};
  const t = await getTranslations({ locale, namespace: 'studio.apiReference' });
  return { title: await pageTitle(locale, t('title')) };
}

export default async function ApiReferencePage({ params }: PageProps<'/[locale]/studio/integrations/api'>) {
  const { locale } = await params;
  if (!isLocale(locale)) notFound();
  setRequestLocale(locale);
  const actor = await studioActor(locale);
  const [t, forms] = await Promise.all([getTranslations({ locale, namespace: 'studio.apiReference' }), getTranslations({ locale, namespace: 'studio.forms' })]);
  return (
    <StudioFrame locale={locale} actor={actor} path="/integrations/api">
      <h1 className={styles.pageTitle}>{t('title')}</h1>
      {can(actor, 'apikey.manage') ? (
        <ApiReference reference={buildReference(apiDocument() as unknown as Record<string, unknown>)} locale={locale} />
      ) : (
        <p className={styles.formError} role="alert">{forms('forbidden')}</p>
      )}
    </StudioFrame>
  );
}
