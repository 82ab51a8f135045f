// What the search page shows under the form: why the input could not be searched, the
// empty state, no results (pointing to the other language when it has some), or the
// results with highlighted snippets and pages.
import Link from 'next/link';
import { getTranslations } from 'next-intl/server';
import type { SearchHit, SearchResult } from '@/core/search/types';
import { otherLocale, type Locale } from '@/core/locales';
import { formatDate } from '@/server/post-view';
import { getSiteTimeZone } from '@/server/site/site-identity';
import type { SearchPageState } from '@/server/search';
import { PhrasedText } from './phrased-text';
import { SearchPagination } from './search-pagination';
import styles from './search-view.module.css';

export async function SearchResults({ locale, state, hrefFor }: { locale: Locale; state: SearchPageState; hrefFor: (change: { page?: number; isAll?: boolean; tag?: null }) => string }) {
  const [t, timeZone] = await Promise.all([getTranslations({ locale, namespace: 'search' }), getSiteTimeZone()]);
  const { query, result, tag } = state;
  if (state.problems.length > 0) {
    return (
      <div className={`notice ${styles.problems}`} role="alert">
        <p>
          <strong>{t('invalid')}</strong>
        </p>
        {state.problems.map((problem) => (
          <p key={problem.key}>{t(problem.key, problem.values)}</p>
        ))}
      </div>
    );
  }
  if (!result) return <p className={styles.summary}>{t('emptyHint')}</p>;

  const tagName = tag ? (tag.names[locale] ?? tag.names[otherLocale(locale)])?.name : undefined;
  if (result.total === 0) {
    return (
      <div className={styles.notice} role="status">
        {state.otherLanguageTotal > 0 ? (
          <p>
            {t('otherLanguageResults', { query, count: state.otherLanguageTotal })}{' '}
            <Link href={hrefFor({ isAll: true, page: 1 })}>{t('showOtherLanguage')}</Link>
          </p>
        ) : (
          <>
            <p>{t('noResults', { query })}</p>
            <p>{t('noResultsHint')}</p>
          </>
        )}
        {tag && (
          <p>
            <Link href={hrefFor({ tag: null, page: 1 })}>{t('allTags')}</Link>
          </p>
        )}
      </div>
    );
  }

  const pages = Math.ceil(result.total / result.pageSize);
  return (
    <section aria-labelledby="search-summary">
      <p id="search-summary" className={styles.summary} role="status">
        {summaryOf(t, result, query, tagName)}
        {tag && (
          <>
            {' · '}
            <Link href={hrefFor({ tag: null, page: 1 })}>{t('allTags')}</Link>
          </>
        )}
      </p>
      {result.isPartial && <p className={`notice notice--quiet ${styles.notice}`}>{t('partial')}</p>}
      {result.items.length === 0 ? (
        <p className={styles.notice}>
          {t('beyondLastPage', { pages })} <Link href={hrefFor({ page: 1 })}>{t('firstPage')}</Link>
        </p>
      ) : (
        <ol className={styles.results}>
          {result.items.map((hit) => (
            <SearchResultItem key={`${hit.postId}:${hit.locale}`} hit={hit} locale={locale} timeZone={timeZone} labels={{ badge: t('inOtherLanguage'), badgeTitle: t('inOtherLanguageTitle') }} />
          ))}
        </ol>
      )}
      <SearchPagination locale={locale} page={result.page} pages={pages} hrefFor={(page) => hrefFor({ page })} />
    </section>
  );
}

/** "12 results for …", or "More than 1,000 results for …" when the count stopped at its cap. */
function summaryOf(t: Awaited<ReturnType<typeof getTranslations<'search'>>>, result: SearchResult, query: string, tag: string | undefined): string {
  const count = result.total;
  if (result.isTotalCapped) return tag ? t('summaryMoreInTag', { count, query, tag }) : t('summaryMore', { count, query });
  return tag ? t('summaryInTag', { count, query, tag }) : t('summary', { count, query });
}

function SearchResultItem({ hit, locale, timeZone, labels }: { hit: SearchHit; locale: Locale; timeZone: string; labels: { badge: string; badgeTitle: string } }) {
  return (
    <li className={`search-hit ${styles.hit}`} lang={hit.locale}>
      <h2 className={styles.hitTitle}>
        <Link href={hit.path} hrefLang={hit.locale}>
          <PhrasedText text={hit.title} lang={hit.locale} />
        </Link>
        {hit.locale !== locale && (
          <span className="badge" lang={locale} title={labels.badgeTitle}>
            {labels.badge}
          </span>
        )}
      </h2>
      {/* The snippet is escaped text with <mark> around the matches (core/search/highlight-snippet.ts). */}
      <p className={`search-hit__snippet ${styles.snippet}`} dangerouslySetInnerHTML={{ __html: hit.snippet }} />
      <p className={styles.meta} lang={locale}>
        <time dateTime={hit.publishedAt ?? undefined}>{formatDate(hit.publishedAt, locale, timeZone)}</time>
      </p>
    </li>
  );
}
