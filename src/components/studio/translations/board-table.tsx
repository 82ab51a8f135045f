// The Translations view's rows: each post × the language it is translated into, with its
// state, the words left to translate and who is on it, linking to the post's editor.
import Link from 'next/link';
import { getTranslations } from 'next-intl/server';
import styles from '@/components/studio/studio.module.css';
import type { Locale } from '@/core/locales';
import type { BoardView } from '@/server/translation/board';
import { badgeStatus } from './badge-status';

export async function BoardTable({ locale, items }: { locale: Locale; items: BoardView['items'] }) {
  const [t, langs] = await Promise.all([getTranslations({ locale, namespace: 'studio.translations' }), getTranslations({ locale, namespace: 'studio.languages' })]);
  if (items.length === 0) return <p>{t('empty')}</p>;
  return (
    <table className={styles.table}>
      <thead>
        <tr>
          <th scope="col">{t('columnPost')}</th>
          <th scope="col">{t('columnLanguage')}</th>
          <th scope="col">{t('columnState')}</th>
          <th scope="col">{t('columnWords')}</th>
          <th scope="col">{t('columnEditor')}</th>
        </tr>
      </thead>
      <tbody>
        {items.map((row) => (
          <tr key={row.postId}>
            <td>
              <Link href={`/${locale}/studio/posts/${row.postId}`} lang={row.sourceLocale}>
                {row.title || `#${row.postId}`}
              </Link>
            </td>
            <td>{t('direction', { from: langs(row.sourceLocale), to: langs(row.targetLocale) })}</td>
            <td>
              <span className={styles.badge} data-status={badgeStatus[row.state]}>
                {t(`state.${row.state}`)}
              </span>
            </td>
            <td>{t('words', { count: row.words })}</td>
            <td className={styles.muted}>{row.editorName ?? t('nobody')}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
