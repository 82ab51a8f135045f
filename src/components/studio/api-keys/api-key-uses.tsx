// One key's recent uses, folded away: when, which request, the answer's status, from where.
import { getTranslations } from 'next-intl/server';
import styles from '@/components/studio/studio.module.css';
import type { ApiKeyUseRow } from '@/server/studio/integrations';
import type { Locale } from '@/core/locales';

export async function ApiKeyUses({ locale, keyName, uses }: { locale: Locale; keyName: string; uses: ApiKeyUseRow[] }) {
  const t = await getTranslations({ locale, namespace: 'studio.apiKeys' });
  const time = new Intl.DateTimeFormat(locale === 'zh' ? 'zh-CN' : 'en-GB', { dateStyle: 'short', timeStyle: 'medium' });
  return (
    <details className={styles.keyUses}>
      <summary>
        {t('uses')} <span className="sr-only">({keyName})</span>
      </summary>
      {uses.length === 0 ? (
        <p className={styles.muted}>{t('noUses')}</p>
      ) : (
        <table className={styles.table}>
          <thead>
            <tr>
              <th scope="col">{t('useTime')}</th>
              <th scope="col">{t('useRequest')}</th>
              <th scope="col">{t('useStatus')}</th>
              <th scope="col">{t('useAddress')}</th>
            </tr>
          </thead>
          <tbody>
            {uses.map((u, i) => (
              <tr key={`${u.at}-${i}`}>
                <td>{time.format(new Date(u.at))}</td>
                <td className={styles.breakAll} lang="en">
                  <code>
                    {u.method} {u.path}
                  </code>
                </td>
                <td>{u.status}</td>
                <td lang="en">{u.ip ?? '—'}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </details>
  );
}
