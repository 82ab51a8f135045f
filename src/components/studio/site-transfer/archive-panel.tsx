'use client';
// Export and backup for the owner: one button each, the work done by a child process with
// its progress shown here, and the archive offered for download when it is ready.
import { useLocale, useTranslations } from 'next-intl';
import { useRouter } from 'next/navigation';
import { useState } from 'react';
import controls from '../studio.module.css';
import styles from './site-transfer.module.css';
import { JobFailure, JobProgress } from './job-status';
import { downloadUrl, formatSize, startArchive, usePolledJob, type Failure, type JobView } from './site-jobs-client';

export function ArchivePanel() {
  const t = useTranslations('studio.site');
  const locale = useLocale();
  const router = useRouter();
  const [started, setStarted] = useState<JobView | null>(null);
  const [failure, setFailure] = useState<Failure | null>(null);
  const view = usePolledJob(started, () => router.refresh());
  const job = view?.job;

  const start = async (kind: 'export' | 'backup') => {
    setFailure(null);
    const result = await startArchive(kind);
    if (result.ok) setStarted(result.view);
    else setFailure(result.failure);
  };

  const isRunning = job?.state === 'running';
  return (
    <section aria-labelledby="archive-title" className={styles.panel}>
      <h2 id="archive-title" className={styles.panelTitle}>
        {t('archiveTitle')}
      </h2>
      <p>{t('exportIntro')}</p>
      <p>{t('backupIntro')}</p>
      <div className={controls.toolbar}>
        <button type="button" className={controls.primary} disabled={isRunning} onClick={() => void start('export')}>
          {t('export')}
        </button>
        <button type="button" className={controls.secondary} disabled={isRunning} onClick={() => void start('backup')}>
          {t('backup')}
        </button>
      </div>
      {failure && <JobFailure lead={failure.reason === 'job-running' || failure.reason === 'network' ? t(`errors.${failure.reason}`) : t('errors.other', { message: failure.message })} message={null} />}
      {job?.state === 'running' && <JobProgress job={job} />}
      {job?.state === 'failed' && <JobFailure lead={t('archiveFailed', { kind: job.kind })} message={job.failure} />}
      {job?.state === 'done' && job.output && (
        <p className={controls.formDone} role="status">
          <a href={downloadUrl(job.id)} download>
            {t('download', { name: job.output.name, size: formatSize(job.output.bytes, locale) })}
          </a>
        </p>
      )}
    </section>
  );
}
