// The home page of a language: the site's name and description, featured articles on the
// first page, its subscribe form, then the latest. The first page's h1 is the site's name;
// an older page's is its page number. "Latest" never repeats a featured article: every page of it leaves out
// the ones the first page features, so its pages run on without gaps.
import { notFound } from 'next/navigation';
import { getTranslations } from 'next-intl/server';
import type { Post } from '@/core/content/types';
import type { Locale } from '@/core/locales';
import { listPosts } from '@/server/content';
import { getSiteIdentity } from '@/server/site/site-identity';
import { Pagination } from './pagination';
import { PhrasedText } from './phrased-text';
import { PostCard } from './post-card';
import { PostList } from './post-list';
import { SubscribeForm } from './subscribe-form';

export const homePageSize = 8;
const featuredCount = 3;

async function loadHome(locale: Locale, page: number) {
  const featured = await listPosts({ locale, page: 1, pageSize: featuredCount, featured: true });
  const latest = await listPosts({ locale, page, pageSize: homePageSize, excludeIds: featured.items.map((p) => p.id) });
  return { featured: page === 1 ? featured.items : [], latest };
}

export async function HomeView({ locale, page }: { locale: Locale; page: number }) {
  const [t, site, { featured, latest }] = await Promise.all([getTranslations({ locale }), getSiteIdentity(locale), loadHome(locale, page)]);
  const pages = Math.max(1, Math.ceil(latest.total / homePageSize));
  if (page > pages) notFound();
  return (
    <>
      {page === 1 && (
        <header className="home-hero">
          <h1 className="display">
            <PhrasedText text={site.name} lang={locale} />
          </h1>
          <p className="lead">{site.description}</p>
        </header>
      )}
      {featured.length > 0 && <FeaturedSection title={t('home.featured')} posts={featured} locale={locale} />}
      {/* The first page's own subscribe form, between what is featured and the latest. */}
      {page === 1 && <SubscribeForm locale={locale} returnTo={`/${locale}`} place="main" />}
      {/* A site whose every article is featured has no "Latest" left to show. */}
      {(latest.items.length > 0 || featured.length === 0) && (
        <LatestSection title={page === 1 ? t('home.latest') : t('home.pageTitle', { page })} isFirstPage={page === 1} posts={latest.items} empty={t('home.empty')} locale={locale} />
      )}
      <Pagination locale={locale} page={page} pages={pages} hrefFor={(n) => (n === 1 ? `/${locale}` : `/${locale}/page/${n}`)} />
    </>
  );
}

function FeaturedSection({ title, posts, locale }: { title: string; posts: Post[]; locale: Locale }) {
  return (
    <section aria-labelledby="featured-title" className="home-section">
      <h2 id="featured-title" className="section-title">
        {title}
      </h2>
      <div className="featured-grid">
        {posts.map((post, i) => (
          <PostCard key={post.id} post={post} locale={locale} large={i === 0} />
        ))}
      </div>
    </section>
  );
}

/** On the first page "Latest" is a section under the site's name; an older page's h1 is its number. */
function LatestSection({ title, isFirstPage, posts, empty, locale }: { title: string; isFirstPage: boolean; posts: Post[]; empty: string; locale: Locale }) {
  const Heading = isFirstPage ? 'h2' : 'h1';
  return (
    <section aria-labelledby="latest-title" className="home-section">
      <Heading id="latest-title" className="section-title">
        {title}
      </Heading>
      {posts.length === 0 ? <p>{empty}</p> : <PostList posts={posts} locale={locale} headingLevel={isFirstPage ? 3 : 2} />}
    </section>
  );
}
