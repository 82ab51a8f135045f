// The search box: a GET form to /{locale}/search, so it works without JavaScript (with
// it, next/form turns the submit into a client navigation). Keeps the query, the
// both-languages choice and an active tag filter.
import Form from 'next/form';
import { getTranslations } from 'next-intl/server';
import { maxQueryLength } from '@/core/search/search-input';
import type { Locale } from '@/core/locales';
import styles from './search-view.module.css';

export async function SearchForm({ locale, query, isAll, tagSlug }: { locale: Locale; query: string; isAll: boolean; tagSlug?: string }) {
  const t = await getTranslations({ locale, namespace: 'search' });
  return (
    // Keyed by what it shows: after a client navigation (a "both languages" link, say) the
    // inputs are new, not the previous page's with their old defaults.
    <Form key={`${query}\u0000${isAll}\u0000${tagSlug ?? ''}`} action={`/${locale}/search`} role="search" className={styles.form}>
      <label htmlFor="search-q" className={styles.label}>
        {t('label')}
      </label>
      <div className={styles.row}>
        <input
          id="search-q"
          className={styles.input}
          type="search"
          name="q"
          defaultValue={query}
          maxLength={maxQueryLength}
          placeholder={t('placeholder')}
          enterKeyHint="search"
          autoComplete="off"
        />
        <button type="submit" className={`button ${styles.submit}`}>
          {t('submit')}
        </button>
      </div>
      <label className={styles.option}>
        <input type="checkbox" name="all" value="1" defaultChecked={isAll} /> {t('bothLanguages')}
      </label>
      {tagSlug && <input type="hidden" name="tag" value={tagSlug} />}
    </Form>
  );
}
