// Newer/older links for a paginated list; plain links, so it works without JavaScript.
import Link from 'next/link';
import { getTranslations } from 'next-intl/server';
import type { Locale } from '@/core/locales';

export async function Pagination({ locale, page, pages, hrefFor }: { locale: Locale; page: number; pages: number; hrefFor: (page: number) => string }) {
  if (pages <= 1) return null;
  const t = await getTranslations({ locale, namespace: 'pagination' });
  return (
    <nav className="pagination" aria-label={t('label')}>
      {page > 1 ? <Link href={hrefFor(page - 1)} rel="prev">← {t('previous')}</Link> : <span />}
      <span className="pagination__status">{t('status', { page, pages })}</span>
      {page < pages ? <Link href={hrefFor(page + 1)} rel="next">{t('next')} →</Link> : <span />}
    </nav>
  );
}
