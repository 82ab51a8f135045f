// The last imports, exports and backups, with their archives and reports to download
// again; rendered on the server, refreshed when a job on this page finishes. Times are on
// the site's clock (Settings), as the archives' names are. An import that finished with
// failures says how many, and lists each failed post with its reason.
import { getFormatter, getTranslations } from 'next-intl/server';
import type { Locale } from '@/core/locales';
import type { RecentJob } from '@/server/site-jobs/job-view';
import { hasFinished } from '@/server/site-jobs/site-job';
import controls from '../studio.module.css';
import styles from './site-transfer.module.css';
import { downloadUrl, formatSize } from './job-format';

export async function RecentJobs({ jobs, locale, timeZone }: { jobs: RecentJob[]; locale: Locale; timeZone: string }) {
  const [t, format] = await Promise.all([getTranslations({ locale, namespace: 'studio.site' }), getFormatter({ locale })]);
  return (
    <section aria-labelledby="recent-title" className={styles.panel}>
      <h2 id="recent-title" className={styles.panelTitle}>
        {t('recentTitle')}
      </h2>
      {jobs.length === 0 ? (
        <p className={controls.muted}>{t('recentEmpty')}</p>
      ) : (
        <ul className={styles.recent}>
          {jobs.map(({ job, failures }) => (
            <li key={job.id}>
              <span>{t(`kinds.${job.kind}`)}</span>
              {job.source && <span lang="">{job.source.name}</span>}
              <time dateTime={job.createdAt} className={controls.muted}>
                {format.dateTime(new Date(job.createdAt), { dateStyle: 'medium', timeStyle: 'short', timeZone })}
              </time>
              <span className={controls.badge} data-status={job.state === 'done' ? 'published' : job.state === 'partial' ? 'review' : job.state === 'failed' ? 'missing' : 'scheduled'}>
                {job.state === 'partial' ? t('states.partial', { count: job.counts?.failed ?? 0 }) : t(`states.${job.state}`)}
              </span>
              {job.state === 'done' && job.output && (
                <a href={downloadUrl(job.id)} download>
                  {t('download', { name: job.output.name, size: formatSize(job.output.bytes, locale) })}
                </a>
              )}
              {hasFinished(job) && (job.kind === 'import' || job.kind === 'import-preview') && (
                <a href={downloadUrl(job.id)} download>
                  {t('downloadReport')}
                </a>
              )}
              {failures.length > 0 && (
                <details className={styles.failedPosts}>
                  <summary>
                    {t('failuresTitle')} <span className={controls.count}>{job.counts?.failed ?? failures.length}</span>
                  </summary>
                  <ul className={styles.failures}>
                    {failures.map((post) => {
                      const own = post.languages.find((l) => l.locale === locale) ?? post.languages[0];
                      return (
                        <li key={post.sourceId}>
                          <span lang={own?.locale}>{own?.title || post.sourceId}</span>
                          {post.error && <span className={styles.detail}>{t('detail', { message: post.error })}</span>}
                        </li>
                      );
                    })}
                  </ul>
                </details>
              )}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
