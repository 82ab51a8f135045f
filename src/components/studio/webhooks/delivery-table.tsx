// A hook's recent deliveries: when, which event and language, how it went (attempts,
// the receiver's status and time, its error, the first 2 KB it answered), when the next
// attempt is due, and "send again" for one that is finished.
import { getTranslations } from 'next-intl/server';
import { maxAttempts } from '@/core/webhooks/backoff';
import { isDeliveryErrorCode } from '@/core/webhooks/delivery-errors';
import type { DeliveryRow } from '@/server/studio/integrations';
import { isLocale, type Locale } from '@/core/locales';
import { redeliverWebhookAction } from '@/server/studio/actions/webhook-actions';
import controls from '../studio.module.css';
import { eventLabelKey } from './event-labels';
import { HookAction } from './hook-action';
import { DeliveryStatus } from './delivery-status';
import styles from './webhooks.module.css';

interface Props {
  locale: Locale;
  deliveries: DeliveryRow[];
  formatTime: (iso: string) => string;
}

export async function DeliveryTable({ locale, deliveries, formatTime }: Props) {
  const [t, languages, forms] = await Promise.all([
    getTranslations({ locale, namespace: 'studio.webhooks' }),
    getTranslations({ locale, namespace: 'studio.languages' }),
    getTranslations({ locale, namespace: 'studio.forms' }),
  ]);
  if (deliveries.length === 0) return <p className={controls.muted}>{t('noDeliveries')}</p>;
  return (
    <table className={`${controls.table} ${styles.deliveries}`}>
      <thead>
        <tr>
          <th scope="col">{t('columns.time')}</th>
          <th scope="col">{t('columns.event')}</th>
          <th scope="col">{t('columns.status')}</th>
          <th scope="col">{t('columns.attempts')}</th>
          <th scope="col">{t('columns.answer')}</th>
          <th scope="col">{t('columns.nextAttempt')}</th>
        </tr>
      </thead>
      <tbody>
        {deliveries.map((d) => {
          const label = eventLabelKey(d.event);
          const isFinished = d.status === 'succeeded' || d.status === 'failed';
          return (
            <tr key={d.id}>
              <td data-label={t('columns.time')}>{formatTime(d.created_at)}</td>
              <td data-label={t('columns.event')}>
                {label ? t(`eventNames.${label}`) : d.event}
                {isLocale(d.locale) && <span className={controls.muted}> · {languages(d.locale)}</span>}
              </td>
              <td data-label={t('columns.status')}>
                <DeliveryStatus locale={locale} status={d.status} />
              </td>
              <td data-label={t('columns.attempts')}>{t('attemptsOf', { attempts: d.attempts, max: maxAttempts })}</td>
              <td data-label={t('columns.answer')}>
                {d.response_status !== null && t('httpStatus', { status: d.response_status })}
                {d.duration_ms !== null && d.attempts > 0 && (
                  <span className={controls.muted}>
                    {d.response_status !== null && ' · '}
                    {t('duration', { ms: d.duration_ms })}
                  </span>
                )}
                {isDeliveryErrorCode(d.error_code) && <div>{t(`deliveryErrors.${d.error_code}`)}</div>}
                {d.error && <div className={controls.muted}>{d.error}</div>}
                {d.response_body && (
                  <details>
                    <summary>{t('responseBody')}</summary>
                    <pre className={styles.snippet}>{d.response_body}</pre>
                  </details>
                )}
              </td>
              <td data-label={t('columns.nextAttempt')}>
                {d.status === 'pending' && d.next_attempt_at ? formatTime(d.next_attempt_at) : '–'}
                {isFinished && (
                  <div className={styles.actions}>
                    <HookAction action={redeliverWebhookAction} locale={locale} hidden={{ deliveryId: d.id }} label={t('redeliver')} pendingLabel={forms('saving')} />
                  </div>
                )}
              </td>
            </tr>
          );
        })}
      </tbody>
    </table>
  );
}
