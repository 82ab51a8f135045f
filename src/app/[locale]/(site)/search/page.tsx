// Search: /{locale}/search?q=…&page=…&tag=…&all=1. Server-rendered from the query
// string (so it is dynamic, and works with JavaScript off); results in the page's
// language unless both are asked for. Result pages are not for search engines.
import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { getTranslations, setRequestLocale } from 'next-intl/server';
import { SearchForm } from '@/components/site/search-form';
import { SearchResults } from '@/components/site/search-results';
import { SiteFrame } from '@/components/site/site-frame';
import { isLocale, locales, type Locale } from '@/core/locales';
import { alternatesMetadata, samePathInAllLocales, type LocalePaths } from '@/server/alternates';
import { pageTitle } from '@/server/page-title';
import { loadSearchPage, type SearchPageState } from '@/server/search';

// Rendered per request from its query string. The locale layout's generateStaticParams
// makes its pages static by default, and reading searchParams in a static page fails.
export const dynamic = 'force-dynamic';

function searchHref(locale: Locale, state: SearchPageState, change: { page?: number; isAll?: boolean; tag?: null } = {}): string {
  const params = new URLSearchParams();
  if (state.query) params.set('q', state.query);
  const page = change.page ?? state.page;
  if (page > 1) params.set('page', String(page));
  const tag = change.tag === null ? undefined : state.tag?.names[locale]?.slug;
  if (tag) params.set('tag', tag);
  if (change.isAll ?? state.isAll) params.set('all', '1');
  const query = params.toString();
  return `/${locale}/search${query ? `?${query}` : ''}`;
}

/** Where this search lives in each language: the same words, first page, no tag (tag slugs differ). */
function searchPaths(state: SearchPageState): LocalePaths {
  return Object.fromEntries(locales.map((l) => [l, searchHref(l, { ...state, page: 1, tag: null })]));
}

export async function generateMetadata({ params, searchParams }: PageProps<'/[locale]/search'>): Promise<Metadata> {
  const { locale } = await params;
  if (!isLocale(locale)) return {};
  const query = await searchParams;
  const q = typeof query.q === 'string' ? query.q.trim() : '';
  const t = await getTranslations({ locale, namespace: 'search' });
  return {
    title: await pageTitle(locale, q ? t('resultsTitle', { query: q.slice(0, 80) }) : t('title')),
    description: t('description'),
    alternates: await alternatesMetadata(locale, samePathInAllLocales('/search')),
    ...(Object.keys(query).length > 0 ? { robots: { index: false, follow: true } } : {}),
  };
}

export default async function SearchPage({ params, searchParams }: PageProps<'/[locale]/search'>) {
  const { locale } = await params;
  if (!isLocale(locale)) notFound();
  setRequestLocale(locale);
  const [t, state] = await Promise.all([getTranslations({ locale, namespace: 'search' }), loadSearchPage(locale, await searchParams)]);
  return (
    <SiteFrame locale={locale} paths={searchPaths(state)}>
      <h1 className="display page-title">{t('title')}</h1>
      <SearchForm locale={locale} query={state.query} isAll={state.isAll} tagSlug={state.tag?.names[locale]?.slug} />
      <SearchResults locale={locale} state={state} hrefFor={(change) => searchHref(locale, state, change)} />
    </SiteFrame>
  );
}
