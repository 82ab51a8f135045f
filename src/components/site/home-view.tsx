// The home page of a language: the site's name and description, featured articles on the
// first page, then the latest. The first page's h1 is the site's name; an older page's is
// its page number.
import { notFound } from 'next/navigation';
import { getTranslations } from 'next-intl/server';
import type { Locale } from '@/i18n/routing';
import { listPosts } from '@/server/content';
import { getSiteIdentity } from '@/server/site/site-identity';
import { Pagination } from './pagination';
import { PostCard } from './post-card';
import { PostList } from './post-list';

export const homePageSize = 8;

export async function HomeView({ locale, page }: { locale: Locale; page: number }) {
  const [t, site, latest, featured] = await Promise.all([
    getTranslations({ locale }),
    getSiteIdentity(locale),
    listPosts({ locale, page, pageSize: homePageSize }),
    page === 1 ? listPosts({ locale, page: 1, pageSize: 3, featured: true }) : null,
  ]);
  const pages = Math.max(1, Math.ceil(latest.total / homePageSize));
  if (page > pages) notFound();
  return (
    <>
      {page === 1 && (
        <header className="home-hero">
          <h1 className="display">{site.name}</h1>
          <p className="lead">{site.description}</p>
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
        {page === 1 ? (
          <h2 id="latest-title" className="section-title">
            {t('home.latest')}
          </h2>
        ) : (
          <h1 id="latest-title" className="section-title">
            {t('home.pageTitle', { page })}
          </h1>
        )}
        {latest.items.length === 0 ? <p>{t('home.empty')}</p> : <PostList posts={latest.items} locale={locale} headingLevel={page === 1 ? 3 : 2} />}
      </section>
      <Pagination locale={locale} page={page} pages={pages} hrefFor={(n) => (n === 1 ? `/${locale}` : `/${locale}/page/${n}`)} />
    </>
  );
}
