// The webhooks part of the Integrations page, for those who may manage webhooks (the
// page checks): the hooks with their recent deliveries, and the form that adds one. Its
// client islands get the Studio's webhook words through their own provider.
import { NextIntlClientProvider } from 'next-intl';
import { getMessages, getTranslations } from 'next-intl/server';
import { createWebhookAction } from '@/server/studio/actions/webhook-actions';
import { listWebhooks } from '@/server/studio/integrations';
import type { Locale } from '@/core/locales';
import controls from '../studio.module.css';
import { WebhookCard } from './webhook-card';
import { WebhookForm } from './webhook-form';
import styles from './webhooks.module.css';

export async function WebhooksSection({ locale }: { locale: Locale }) {
  const [t, messages, { timeZone, hooks, deliveries }] = await Promise.all([
    getTranslations({ locale, namespace: 'studio.webhooks' }),
    getMessages({ locale }),
    listWebhooks(),
  ]);
  const format = new Intl.DateTimeFormat(locale === 'zh' ? 'zh-CN' : 'en-GB', { dateStyle: 'medium', timeStyle: 'medium', timeZone });
  const formatTime = (iso: string) => format.format(new Date(iso));
  const { webhooks, languages, forms } = messages.studio;
  return (
    <NextIntlClientProvider locale={locale} messages={{ studio: { webhooks, languages, forms } }}>
      <section aria-labelledby="webhooks" className={styles.section}>
        <h2 id="webhooks" className={controls.pageTitle}>
          {t('title')}
        </h2>
        <p className={styles.intro}>{t('intro')}</p>
        {hooks.length === 0 ? (
          <p className={controls.muted}>{t('none')}</p>
        ) : (
          <ul className={styles.hooks}>
            {hooks.map((hook, i) => (
              <WebhookCard key={hook.id} locale={locale} hook={hook} deliveries={deliveries[i]!} formatTime={formatTime} />
            ))}
          </ul>
        )}
        <section aria-labelledby="webhook-new" className={controls.narrow}>
          <h3 id="webhook-new">{t('add')}</h3>
          <WebhookForm action={createWebhookAction} locale={locale} mode="create" idPrefix="webhook-new" />
        </section>
      </section>
    </NextIntlClientProvider>
  );
}
