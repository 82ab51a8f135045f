// Studio › Integrations › API keys: the keys (name, access, who made it, where it may be
// called from, when last used, its recent uses), the form that makes one and shows it
// once, and revoking. The page asks `can(actor, 'apikey.manage')` before rendering this.
import Link from 'next/link';
import { getTranslations } from 'next-intl/server';
import { StudioForm } from '@/components/studio/studio-form';
import styles from '@/components/studio/studio.module.css';
import { apiKeyScopes } from '@/core/api-keys/api-key';
import { listApiKeys, type ApiKeySummary } from '@/server/studio/integrations';
import type { Locale } from '@/core/locales';
import { createApiKeyAction, revokeApiKeyAction } from '@/server/studio/actions/api-key-actions';
import { ApiKeyUses } from './api-key-uses';

export async function ApiKeysSection({ locale }: { locale: Locale }) {
  const [t, forms] = await Promise.all([getTranslations({ locale, namespace: 'studio.apiKeys' }), getTranslations({ locale, namespace: 'studio.forms' })]);
  const { keys, uses } = await listApiKeys();
  const date = new Intl.DateTimeFormat(locale === 'zh' ? 'zh-CN' : 'en-GB', { dateStyle: 'medium', timeStyle: 'short' });
  const origins = (k: ApiKeySummary) => (k.allowedOrigins.includes('*') ? t('anyOrigin') : k.allowedOrigins.length ? k.allowedOrigins.join(', ') : t('noOrigin'));
  return (
    <section aria-labelledby="api-keys">
      <h2 id="api-keys" className={styles.pageTitle}>
        {t('title')}
      </h2>
      <p>{t('intro')}</p>
      <p>
        <Link href={`/${locale}/studio/integrations/api`}>{t('reference')}</Link>
      </p>
      {keys.length === 0 ? (
        <p className={styles.muted}>{t('none')}</p>
      ) : (
        <ul className={styles.cardList}>
          {keys.map((k) => (
            <li key={k.id}>
              <p>
                <strong>{k.name}</strong> <span className={styles.badge}>{t(`scopeShort.${k.scope}`)}</span>{' '}
                <span className={styles.badge} data-status={k.revokedAt ? 'missing' : 'published'}>
                  {k.revokedAt ? t('revoked', { date: date.format(new Date(k.revokedAt)) }) : t('active')}
                </span>
              </p>
              <p className={styles.muted}>
                <code lang="en">{k.prefix}…</code> · {t('madeBy', { name: k.userName ?? '—' })} · {t('createdOn', { date: date.format(new Date(k.createdAt)) })} ·{' '}
                {k.lastUsedAt ? t('lastUsed', { date: date.format(new Date(k.lastUsedAt)) }) : t('neverUsed')}
              </p>
              <p className={styles.muted}>
                {t('originsLabel', { origins: origins(k) })} · {t('rateLabel', { count: k.rateLimitPerMinute })}
              </p>
              <ApiKeyUses locale={locale} keyName={k.name} uses={uses.get(k.id) ?? []} />
              {!k.revokedAt && (
                <StudioForm
                  inline
                  action={revokeApiKeyAction}
                  locale={locale}
                  idPrefix={`revoke-key-${k.id}`}
                  submitLabel={t('revoke')}
                  pendingLabel={forms('saving')}
                  variant="danger"
                  confirm={{ message: t('revokeConfirm', { name: k.name }), confirm: t('revoke'), cancel: t('cancel') }}
                  fields={[{ name: 'id', type: 'hidden', label: '', defaultValue: String(k.id) }]}
                />
              )}
            </li>
          ))}
        </ul>
      )}
      <div className={styles.narrow}>
        <h3>{t('create')}</h3>
        <StudioForm
          action={createApiKeyAction}
          locale={locale}
          idPrefix="new-key"
          submitLabel={t('submit')}
          pendingLabel={forms('saving')}
          resultTemplate={t('created', { result: '{result}' })}
          copyResult={{ label: t('copyKey'), copied: t('copied') }}
          fields={[
            { name: 'name', label: t('name'), hint: t('nameHint'), required: true },
            { name: 'scope', label: t('scope'), type: 'select', defaultValue: 'content', options: apiKeyScopes.map((s) => ({ value: s, label: t(`scopes.${s}`) })) },
            { name: 'allowedOrigins', label: t('origins'), hint: t('originsHint'), type: 'textarea' },
            { name: 'rateLimitPerMinute', label: t('rate'), hint: t('rateHint') },
          ]}
        />
      </div>
    </section>
  );
}
