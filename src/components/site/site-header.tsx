// The header of every page: the site's name (or the owner's logo standing for it, its
// dark-mode version for readers in dark mode),
// navigation (home, archive, tags, search, the static pages and the owner's own links)
// and the language switcher.
import Link from 'next/link';
import { getTranslations } from 'next-intl/server';
import type { Locale } from '@/i18n/routing';
import type { LocalePaths } from '@/server/alternates';
import { listPosts } from '@/server/content';
import { postHref, viewPost } from '@/server/post-view';
import { getSiteIdentity } from '@/server/site/site-identity';
import { LocaleSwitcher } from './locale-switcher';
import { ResponsiveImage } from './responsive-image';

export async function SiteHeader({ locale, paths }: { locale: Locale; paths: LocalePaths }) {
  const [t, site, pages] = await Promise.all([
    getTranslations({ locale }),
    getSiteIdentity(locale),
    listPosts({ locale, page: 1, pageSize: 5, kind: 'page', includeOtherLanguage: false }),
  ]);
  return (
    <header className="site-header">
      <div className="site-header__inner">
        {site.logo ? (
          <Link className="site-header__brand site-header__logo" href={`/${locale}`}>
            <ResponsiveImage media={site.logo} dark={site.darkLogo} alt={site.name} sizes="16rem" />
          </Link>
        ) : (
          <Link className="site-header__brand" href={`/${locale}`}>
            {site.name}
          </Link>
        )}
        <LocaleSwitcher locale={locale} paths={paths} />
        <nav aria-label={t('nav.label')} className="site-nav">
          <Link href={`/${locale}`}>{t('nav.home')}</Link>
          <Link href={`/${locale}/archive`}>{t('nav.archive')}</Link>
          <Link href={`/${locale}/tags`}>{t('nav.tags')}</Link>
          <Link href={`/${locale}/search`}>{t('nav.search')}</Link>
          {pages.items.map((page) => {
            const href = postHref(page, locale);
            const view = viewPost(page, locale);
            return href && view ? (
              <Link key={page.id} href={href}>
                {view.shown.title}
              </Link>
            ) : null;
          })}
          {site.navigation.map((link) =>
            link.href.startsWith('/') ? (
              <Link key={`${link.label}-${link.href}`} href={link.href}>
                {link.label}
              </Link>
            ) : (
              <a key={`${link.label}-${link.href}`} href={link.href} rel="noopener">
                {link.label}
              </a>
            ),
          )}
        </nav>
      </div>
    </header>
  );
}
