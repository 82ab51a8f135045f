// Import, export and backup, for the site's owner: an import previewed before it writes,
// archives made off the request thread with their progress, the recent ones to download.
import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { NextIntlClientProvider } from 'next-intl';
import { getMessages, getTranslations, setRequestLocale } from 'next-intl/server';
import { StudioFrame } from '@/components/studio/studio-frame';
import styles from '@/components/studio/studio.module.css';
import { ArchivePanel } from '@/components/studio/site-transfer/archive-panel';
import { ImportPanel } from '@/components/studio/site-transfer/import-panel';
import { RecentJobs } from '@/components/studio/site-transfer/recent-jobs';
import { can } from '@/core/auth/permissions';
import { isLocale } from '@/core/locales';
import { pageTitle } from '@/server/page-title';
import { dataDir } from '@/core/config/data-dir';
import { listRecentJobs } from '@/server/site-jobs/job-view';
import { maxImportBytes } from '@/server/site-jobs/start-site-job';
import { studioActor } from '@/server/studio/guard';
import { getSiteTimeZone } from '@/server/studio/studio-reads';

export async function generateMetadata({ params }: PageProps<'/[locale]/studio/site'>): Promise<Metadata> {
  const { locale } = await params;
  if (!isLocale(locale)) return {};
  const t = await getTranslations({ locale, namespace: 'studio.site' });
  return { title: await pageTitle(locale, t('title')) };
}

export default async function SitePage({ params }: PageProps<'/[locale]/studio/site'>) {
  const { locale } = await params;
  if (!isLocale(locale)) notFound();
  setRequestLocale(locale);
  const actor = await studioActor(locale);
  const [t, forms, messages] = await Promise.all([
    getTranslations({ locale, namespace: 'studio.site' }),
    getTranslations({ locale, namespace: 'studio.forms' }),
    getMessages({ locale }),
  ]);
  if (!can(actor, 'site.transfer')) {
    return (
      <StudioFrame locale={locale} actor={actor} path="/site">
        <p className={styles.formError} role="alert">{forms('forbidden')}</p>
      </StudioFrame>
    );
  }
  const [jobs, timeZone] = await Promise.all([listRecentJobs(dataDir(), 8), getSiteTimeZone()]);
  return (
    <StudioFrame locale={locale} actor={actor} path="/site">
      <h1 className={styles.pageTitle}>{t('title')}</h1>
      <NextIntlClientProvider locale={locale} messages={{ studio: messages.studio }}>
        <ImportPanel maxBytes={maxImportBytes()} />
        <ArchivePanel />
      </NextIntlClientProvider>
      <RecentJobs jobs={jobs} locale={locale} timeZone={timeZone} />
    </StudioFrame>
  );
}
