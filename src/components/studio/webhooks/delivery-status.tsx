// A delivery's status as a small coloured label (waiting, sending, delivered, failed).
import { getTranslations } from 'next-intl/server';
import type { Locale } from '@/core/locales';
import styles from './webhooks.module.css';

const known = ['pending', 'delivering', 'succeeded', 'failed'] as const;

export async function DeliveryStatus({ locale, status }: { locale: Locale; status: string }) {
  const t = await getTranslations({ locale, namespace: 'studio.webhooks.status' });
  const key = (known as readonly string[]).includes(status) ? (status as (typeof known)[number]) : null;
  return (
    <span className={styles.status} data-status={status}>
      {key ? t(key) : status}
    </span>
  );
}
