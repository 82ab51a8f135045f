// Previous/next links between pages of search results; plain links, so they work
// without JavaScript.
import Link from 'next/link';
import { getTranslations } from 'next-intl/server';
import type { Locale } from '@/core/locales';

export async function SearchPagination({ locale, page, pages, hrefFor }: { locale: Locale; page: number; pages: number; hrefFor: (page: number) => string }) {
  if (pages <= 1 || page > pages) return null;
  const t = await getTranslations({ locale, namespace: 'search' });
  return (
    <nav className="pagination" aria-label={t('pages')}>
      {page > 1 ? <Link href={hrefFor(page - 1)} rel="prev">← {t('previous')}</Link> : <span />}
      <span className="pagination__status">{t('pageStatus', { page, pages })}</span>
      {page < pages ? <Link href={hrefFor(page + 1)} rel="next">{t('next')} →</Link> : <span />}
    </nav>
  );
}
