// The Newsletters screen's recent sends: for each, the post and language, the newsletter,
// when, and what became of it (recipients, sent, failed, bounced, unsubscribed since), 20
// a page, newest first, the next page by keyset (`?before=<send id>`).
import Link from 'next/link';
import { getTranslations } from 'next-intl/server';
import type { Locale } from '@/core/locales';
import type { SendReportPage } from '@/core/newsletters/send-request';
import studio from '../studio.module.css';
import styles from './email-preview.module.css';

interface Props {
  locale: Locale;
  page: SendReportPage;
  /** Whether this is a later page (a link back to the first is shown). */
  isLater: boolean;
  timeZone: string;
}

export async function SendReports({ locale, page, isLater, timeZone }: Props) {
  const t = await getTranslations({ locale, namespace: 'studio.newsletters' });
  const when = new Intl.DateTimeFormat(locale === 'zh' ? 'zh-CN' : 'en-GB', { dateStyle: 'medium', timeStyle: 'short', timeZone });
  return (
    <section aria-labelledby="sends" className={styles.sends}>
      <h2 id="sends" className={studio.label}>
        {t('sendsTitle')}
      </h2>
      {page.sends.length === 0 ? (
        <p className={studio.muted}>{t('sendsNone')}</p>
      ) : (
        <div className={styles.scroll}>
          <table className={studio.table}>
            <thead>
              <tr>
                <th scope="col">{t('sendPost')}</th>
                <th scope="col">{t('newsletter')}</th>
                <th scope="col">{t('sendWhen')}</th>
                <th scope="col" className={styles.number}>
                  {t('sendRecipients')}
                </th>
                <th scope="col" className={styles.number}>
                  {t('sendSent')}
                </th>
                <th scope="col" className={styles.number}>
                  {t('sendFailed')}
                </th>
                <th scope="col" className={styles.number}>
                  {t('sendBounced')}
                </th>
                <th scope="col" className={styles.number}>
                  {t('sendUnsubscribed')}
                </th>
              </tr>
            </thead>
            <tbody>
              {page.sends.map((s) => (
                <tr key={s.id} data-send={s.id}>
                  <td>
                    <Link href={`/${locale}/studio/posts/${s.postId}`} lang={s.locale}>
                      {s.title || t('untitled', { id: s.postId })}
                    </Link>{' '}
                    <span className={studio.muted}>· {s.locale === 'zh' ? t('versionZh') : t('versionEn')}</span>
                  </td>
                  <td>{s.newsletter[locale]}</td>
                  <td>
                    <time dateTime={s.at}>{when.format(new Date(s.at))}</time>
                    {s.state !== 'sent' && <span className={studio.muted}> · {t(`sendState.${s.state}`)}</span>}
                  </td>
                  <td className={styles.number} data-label={t('sendRecipients')}>
                    {s.recipients}
                  </td>
                  <td className={styles.number} data-label={t('sendSent')}>
                    {s.sent}
                  </td>
                  <td className={styles.number} data-label={t('sendFailed')}>
                    {s.failed}
                  </td>
                  <td className={styles.number} data-label={t('sendBounced')}>
                    {s.bounced}
                  </td>
                  <td className={styles.number} data-label={t('sendUnsubscribed')}>
                    {s.unsubscribed}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {(isLater || page.next) && (
        <nav className={studio.pager} aria-label={t('sendsPages')}>
          {isLater && <Link href={`/${locale}/studio/newsletters#sends`}>{t('sendsFirst')}</Link>}
          {page.next && <Link href={`/${locale}/studio/newsletters?before=${page.next}#sends`}>{t('sendsNext')}</Link>}
        </nav>
      )}
    </section>
  );
}
