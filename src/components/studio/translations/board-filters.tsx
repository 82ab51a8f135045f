// The Translations view's state counts (each a link filtering by that state) and the form
// that filters by state and language and chooses the order. Plain links and a GET form:
// it works without JavaScript.
import Link from 'next/link';
import { getTranslations } from 'next-intl/server';
import styles from '@/components/studio/studio.module.css';
import { locales, type Locale } from '@/core/locales';
import { boardSorts, boardStates, type BoardSort, type BoardState } from '@/core/translation/board';
import { badgeStatus } from './badge-status';

export interface BoardFilterValues {
  state?: BoardState;
  language?: Locale;
  sort: BoardSort;
}

interface Props {
  locale: Locale;
  values: BoardFilterValues;
  counts: Record<BoardState, number>;
  /** The view's address with these query changes applied. */
  linkTo: (changes: Record<string, string | undefined>) => string;
}

export async function BoardFilters({ locale, values, counts, linkTo }: Props) {
  const [t, langs] = await Promise.all([getTranslations({ locale, namespace: 'studio.translations' }), getTranslations({ locale, namespace: 'studio.languages' })]);
  return (
    <>
      <ul className={styles.stateCounts} aria-label={t('countsLabel')}>
        {boardStates.map((s) => (
          <li key={s}>
            <Link href={linkTo({ state: values.state === s ? undefined : s, after: undefined })} aria-current={values.state === s ? 'true' : undefined}>
              <span className={styles.badge} data-status={badgeStatus[s]}>
                {t(`state.${s}`)}
              </span>{' '}
              <span className={styles.count}>{counts[s]}</span>
            </Link>
          </li>
        ))}
      </ul>
      <form method="get" action={`/${locale}/studio/translations`} className={styles.toolbar}>
        <div className={styles.field}>
          <label htmlFor="tr-state">{t('filterState')}</label>
          <select id="tr-state" name="state" defaultValue={values.state ?? ''} className={styles.input}>
            <option value="">{t('any')}</option>
            {boardStates.map((s) => (
              <option key={s} value={s}>
                {t(`state.${s}`)}
              </option>
            ))}
          </select>
        </div>
        <div className={styles.field}>
          <label htmlFor="tr-language">{t('filterLanguage')}</label>
          <select id="tr-language" name="language" defaultValue={values.language ?? ''} className={styles.input}>
            <option value="">{t('any')}</option>
            {locales.map((l) => (
              <option key={l} value={l}>
                {langs(l)}
              </option>
            ))}
          </select>
        </div>
        <div className={styles.field}>
          <label htmlFor="tr-sort">{t('sort')}</label>
          <select id="tr-sort" name="sort" defaultValue={values.sort} className={styles.input}>
            {boardSorts.map((s) => (
              <option key={s} value={s}>
                {t(`sortBy.${s}`)}
              </option>
            ))}
          </select>
        </div>
        <button type="submit" className={styles.secondary}>
          {t('apply')}
        </button>
      </form>
    </>
  );
}
