// The Members screen's head: totals by status and by language, and confirmations per week
// over the last twelve weeks as bars (a table underneath for screen readers and exact numbers).
import { getTranslations } from 'next-intl/server';
import type { Locale } from '@/core/locales';
import type { MemberTotals, WeekCount } from '@/core/members/member-directory';
import { FigureList } from '../figure-list';
import styles from './members.module.css';

export async function MembersSummary({ locale, totals, weeks }: { locale: Locale; totals: MemberTotals; weeks: WeekCount[] }) {
  const t = await getTranslations({ locale, namespace: 'studio.members' });
  const number = new Intl.NumberFormat(locale === 'zh' ? 'zh-CN' : 'en-GB');
  const day = new Intl.DateTimeFormat(locale === 'zh' ? 'zh-CN' : 'en-GB', { month: 'short', day: 'numeric', timeZone: 'UTC' });
  const highest = Math.max(1, ...weeks.map((w) => w.count));
  const figures = [
    { key: 'subscribed', value: totals.status.subscribed },
    { key: 'pending', value: totals.status.pending },
    { key: 'unsubscribed', value: totals.status.unsubscribed },
    { key: 'readZh', value: totals.language.zh },
    { key: 'readEn', value: totals.language.en },
    { key: 'readBoth', value: totals.language.both },
    // Addresses delivery gave up on, whatever their status: a row of their own.
    { key: 'bounced', value: totals.address.bounced },
    { key: 'complained', value: totals.address.complained },
  ] as const;
  return (
    <section className={styles.summary} aria-labelledby="members-summary">
      <h2 id="members-summary" className="sr-only">
        {t('summary')}
      </h2>
      <FigureList figures={figures.map((f) => ({ ...f, label: t(`figure.${f.key}`) }))} format={number} columns={3} />
      <figure className={styles.chart}>
        <figcaption>{t('chartCaption')}</figcaption>
        <div className={styles.bars} aria-hidden="true">
          {weeks.map((w) => (
            <div key={w.week} className={styles.bar} style={{ blockSize: `${Math.round((w.count / highest) * 100)}%` }} title={`${day.format(new Date(`${w.week}T00:00:00Z`))}: ${w.count}`} />
          ))}
        </div>
        <div className={styles.axis} aria-hidden="true">
          <span>{day.format(new Date(`${weeks[0]!.week}T00:00:00Z`))}</span>
          <span>{t('chartTotal', { count: weeks.reduce((sum, w) => sum + w.count, 0) })}</span>
          <span>{day.format(new Date(`${weeks.at(-1)!.week}T00:00:00Z`))}</span>
        </div>
        <table className="sr-only">
          <thead>
            <tr>
              <th scope="col">{t('chartWeek')}</th>
              <th scope="col">{t('chartCount')}</th>
            </tr>
          </thead>
          <tbody>
            {weeks.map((w) => (
              <tr key={w.week}>
                <td>{day.format(new Date(`${w.week}T00:00:00Z`))}</td>
                <td>{w.count}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </figure>
    </section>
  );
}
