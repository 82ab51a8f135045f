// One webhook in the list: its address and whether it is on, what it wants, its last
// delivery, its actions (test, secret, delete), its form, and its recent deliveries.
import { getTranslations } from 'next-intl/server';
import {
  deleteWebhookAction,
  revealWebhookSecretAction,
  rotateWebhookSecretAction,
  sendTestWebhookAction,
  updateWebhookAction,
} from '@/server/studio/actions/webhook-actions';
import type { DeliveryRow, Webhook } from '@/server/studio/integrations';
import type { Locale } from '@/core/locales';
import { DeliveryStatus } from './delivery-status';
import { DeliveryTable } from './delivery-table';
import { eventLabelKeys } from './event-labels';
import { HookAction } from './hook-action';
import { WebhookForm } from './webhook-form';
import styles from './webhooks.module.css';

interface Props {
  locale: Locale;
  hook: Webhook;
  deliveries: DeliveryRow[];
  formatTime: (iso: string) => string;
}

export async function WebhookCard({ locale, hook, deliveries, formatTime }: Props) {
  const [t, languages, forms] = await Promise.all([
    getTranslations({ locale, namespace: 'studio.webhooks' }),
    getTranslations({ locale, namespace: 'studio.languages' }),
    getTranslations({ locale, namespace: 'studio.forms' }),
  ]);
  const list = (items: string[]) => items.join(locale === 'zh' ? '、' : ', ');
  const last = deliveries[0];
  const hidden = { id: String(hook.id) };
  const headingId = `webhook-${hook.id}`;
  return (
    <li className={styles.hook}>
      <div className={styles.hookHead}>
        <h3 id={headingId} className={styles.hookUrl}>
          {hook.url}
        </h3>
        <span className={styles.status} data-status={hook.active ? 'on' : 'off'}>
          {t(hook.active ? 'stateOn' : 'stateOff')}
        </span>
      </div>
      <p className={styles.facts}>
        {list(hook.events.map((e) => t(`eventNames.${eventLabelKeys[e]}`)))} · {list(hook.locales.map((l) => languages(l)))}
        {hook.allowPrivateNetwork && ` · ${t('privateAllowed')}`}
      </p>
      <p className={styles.facts}>
        {t('lastDelivery')}{' '}
        {last ? (
          <>
            <DeliveryStatus locale={locale} status={last.status} />
            {last.response_status !== null && ` ${t('httpStatus', { status: last.response_status })}`} · {formatTime(last.created_at)}
          </>
        ) : (
          t('neverDelivered')
        )}
      </p>
      <div className={styles.actions}>
        <HookAction action={sendTestWebhookAction} locale={locale} hidden={hidden} label={t('sendTest')} pendingLabel={forms('saving')} />
        <HookAction action={revealWebhookSecretAction} locale={locale} hidden={hidden} label={t('showSecret')} pendingLabel={forms('saving')} resultTemplate={t('secret', { result: '{result}' })} />
        <HookAction
          action={rotateWebhookSecretAction}
          locale={locale}
          hidden={hidden}
          label={t('rotate')}
          pendingLabel={forms('saving')}
          resultTemplate={t('rotated', { result: '{result}' })}
          confirm={{ message: t('rotateConfirm'), yes: t('rotate'), no: t('cancel') }}
        />
        <HookAction
          action={deleteWebhookAction}
          locale={locale}
          hidden={hidden}
          label={t('delete')}
          pendingLabel={forms('saving')}
          confirm={{ message: t('deleteConfirm'), yes: t('delete'), no: t('cancel') }}
          isDanger
        />
      </div>
      <details className={styles.more}>
        <summary>{t('edit')}</summary>
        <div className={styles.editForm}>
          <WebhookForm action={updateWebhookAction} locale={locale} mode="edit" idPrefix={`webhook-${hook.id}-edit`} hook={hook} />
        </div>
      </details>
      <details className={styles.more} open={deliveries.length > 0}>
        <summary>{t('deliveries', { count: deliveries.length })}</summary>
        <DeliveryTable locale={locale} deliveries={deliveries} formatTime={formatTime} />
      </details>
    </li>
  );
}
