// The home page of a language: featured articles on the first page, then the latest.
import { notFound } from 'next/navigation';
import { getTranslations } from 'next-intl/server';
import type { Locale } from '@/i18n/routing';
import { listPosts } from '@/server/content';
import { Pagination } from './pagination';
import { PostCard } from './post-card';
import { PostList } from './post-list';

export const homePageSize = 8;

export async function HomeView({ locale, page }: { locale: Locale; page: number }) {
  const [t, latest, featured] = await Promise.all([
    getTranslations({ locale }),
    listPosts({ locale, page, pageSize: homePageSize }),
    page === 1 ? listPosts({ locale, page: 1, pageSize: 3, featured: true }) : null,
  ]);
  const pages = Math.max(1, Math.ceil(latest.total / homePageSize));
  if (page > pages) notFound();
  return (
    <>
      {page === 1 && (
        <header className="home-hero">
          <h1 className="display">{t('site.name')}</h1>
          <p className="lead">{t('site.tagline')}</p>
        </header>
      )}
      {featured && featured.items.length > 0 && (
        <section aria-labelledby="featured-title" className="home-section">
          <h2 id="featured-title" className="section-title">{t('home.featured')}</h2>
          <div className="featured-grid">
            {featured.items.map((post, i) => (
              <PostCard key={post.id} post={post} locale={locale} large={i === 0} />
            ))}
          </div>
        </section>
      )}
      <section aria-labelledby="latest-title" className="home-section">
        <h2 id="latest-title" className="section-title">
          {page === 1 ? t('home.latest') : t('home.pageTitle', { page })}
        </h2>
        {latest.items.length === 0 ? <p>{t('home.empty')}</p> : <PostList posts={latest.items} locale={locale} />}
      </section>
      <Pagination locale={locale} page={page} pages={pages} hrefFor={(n) => (n === 1 ? `/${locale}` : `/${locale}/page/${n}`)} />
    </>
  );
}
