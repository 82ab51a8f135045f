'use client';
// A running job's progress (a bar when the total is known, a moving one when it is not)
// and a failed job's explanation: a sentence in the owner's language over the command's own words.
import { useLocale, useTranslations } from 'next-intl';
import type { SiteJob } from '@/server/site-jobs/site-job';
import controls from '../studio.module.css';
import styles from './site-transfer.module.css';
import { formatSize } from './site-jobs-client';

const phases = new Set(['reading', 'importing', 'media', 'markdown', 'json', 'backup']);

export function JobProgress({ job }: { job: SiteJob }) {
  const t = useTranslations('studio.site.phases');
  const locale = useLocale();
  const progress = job.progress;
  const phase = progress && phases.has(progress.phase) ? progress.phase : 'starting';
  // A preview goes through the same steps as an import without writing: say "checking".
  const key = phase === 'importing' && job.kind === 'import-preview' ? 'checking' : phase;
  const values = { done: progress?.done ?? 0, total: progress?.total ?? 0, size: formatSize(progress?.bytes ?? 0, locale) };
  const hasTotal = progress?.total !== undefined && progress.total > 0;
  return (
    <div className={styles.progress} role="status">
      <span>{t(key as 'reading', values)}</span>
      {hasTotal ? <progress max={progress!.total} value={progress!.done ?? 0} aria-label={t(key as 'reading', values)} /> : <progress aria-label={t(key as 'reading', values)} />}
    </div>
  );
}

export function JobFailure({ lead, message }: { lead: string; message: string | null }) {
  const t = useTranslations('studio.site');
  return (
    <div role="alert" className={controls.formError}>
      <p>{lead}</p>
      {message && <p className={styles.detail}>{t('detail', { message })}</p>}
    </div>
  );
}
