'use client';
// An import's report as the owner reads it before confirming (and after importing): the
// counts that matter first (what readers will see at once), the warnings by kind, and
// the posts with their languages, statuses and how each pair was found.
import { useLocale, useTranslations } from 'next-intl';
import type { ReportView } from '@/server/site-jobs/job-view';
import controls from '../studio.module.css';
import styles from './site-transfer.module.css';

export function ReportSummary({ report }: { report: ReportView }) {
  const t = useTranslations('studio.site');
  const c = report.counts;
  return (
    <>
      <p>{t('previewCounts', { posts: c.posts, pairs: c.pairs, tags: c.tags, authors: c.authors })}</p>
      <p className={c.published > 0 ? styles.publishNotice : undefined}>{t('previewStatuses', { published: c.published, drafts: c.drafts, scheduled: c.scheduled })}</p>
      {c.alreadyImported > 0 && <p>{t('alreadyImported', { count: c.alreadyImported })}</p>}
    </>
  );
}

export function ReportDetails({ report }: { report: ReportView }) {
  const t = useTranslations('studio.site');
  const languages = useTranslations('studio.languages');
  const locale = useLocale();
  const hidden = report.counts.posts - report.posts.length;
  return (
    <>
      {report.warnings.length > 0 && (
        <section aria-labelledby="import-warnings">
          <h3 id="import-warnings" className={controls.label}>
            {t('warningsTitle')}
          </h3>
          <ul className={styles.warnings}>
            {report.warnings.map((w) => (
              <li key={w.code}>
                <details>
                  <summary>
                    {t(`warnings.${w.code}`)} <span className={controls.count}>{w.count}</span>
                  </summary>
                  <ul>
                    {w.messages.map((message) => (
                      <li key={message} lang="en">
                        {message}
                      </li>
                    ))}
                  </ul>
                  <p className={controls.muted}>
                    {w.items.join(' · ')}
                    {w.count > w.items.length && ' …'}
                  </p>
                </details>
              </li>
            ))}
          </ul>
        </section>
      )}
      <details className={styles.postsDetails}>
        <summary>
          {t('postsTitle')} <span className={controls.count}>{report.counts.posts}</span>
        </summary>
        <div className={styles.tableScroll}>
          <table className={controls.table}>
            <thead>
              <tr>
                <th scope="col">{t('columns.post')}</th>
                <th scope="col">{t('columns.languages')}</th>
                <th scope="col">{t('columns.pairedBy')}</th>
                <th scope="col">{t('columns.action')}</th>
              </tr>
            </thead>
            <tbody>
              {report.posts.map((post) => {
                const own = post.languages.find((l) => l.locale === locale) ?? post.languages[0];
                return (
                  <tr key={post.sourceId}>
                    <td lang={own?.locale}>
                      {own?.title}
                      {post.kind === 'page' && <span className={controls.muted}> · {t('page')}</span>}
                    </td>
                    <td>
                      {post.languages.map((l) => (
                        <span key={l.locale} className={controls.badge} data-status={l.status === 'published' ? 'published' : l.status === 'scheduled' ? 'scheduled' : undefined}>
                          {languages(l.locale)} · {t(`statuses.${l.status}`)}
                        </span>
                      ))}
                    </td>
                    <td>{t(`pairedBy.${post.pairedBy ?? 'none'}`)}</td>
                    <td>{t(`actions.${post.action}`)}</td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        </div>
        {hidden > 0 && <p className={controls.muted}>{t('morePosts', { count: hidden })}</p>}
      </details>
    </>
  );
}

/**
 * An import that finished with posts that failed: never shown as done. Each failed post
 * by its title, with the reason in the command's words under a sentence in the owner's
 * language; importing the same file again retries only those.
 */
export function ImportFailures({ report, jobId }: { report: ReportView; jobId: string }) {
  const t = useTranslations('studio.site');
  const locale = useLocale();
  const c = report.counts;
  const hidden = c.failed - report.failures.length;
  return (
    <div role="alert" className={controls.formError} data-import-state="partial">
      <p>{t('importPartial', { created: c.created, alreadyImported: c.alreadyImported, failed: c.failed })}</p>
      <h3 id="import-failures" className={controls.label}>
        {t('failuresTitle')}
      </h3>
      <ul aria-labelledby="import-failures" className={styles.failures}>
        {report.failures.map((post) => {
          const own = post.languages.find((l) => l.locale === locale) ?? post.languages[0];
          return (
            <li key={post.sourceId}>
              <span lang={own?.locale}>{own?.title || post.sourceId}</span>
              {post.error && (
                <span className={styles.detail}>
                  {t('detail', { message: post.error })}
                </span>
              )}
            </li>
          );
        })}
      </ul>
      {hidden > 0 && <p>{t('moreFailures', { count: hidden })}</p>}
      <p className={controls.toolbar}>
        <a href={`/${locale}/studio`}>{t('viewPosts')}</a>
        <a href={`/api/v1/studio/site-jobs/${jobId}/file`} download>
          {t('downloadReport')}
        </a>
      </p>
    </div>
  );
}
