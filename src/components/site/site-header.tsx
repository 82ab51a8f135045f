// The header of every page: the site's name (or the owner's logo standing for it, its
// dark-mode version for readers in dark mode),
// navigation (home, archive, tags, search, the static pages and the owner's own links,
// each address once), the language switcher and, on a Chinese page, the 简 / 繁 switch.
import Link from 'next/link';
import { getTranslations } from 'next-intl/server';
import { uniqueHeaderLinks } from '@/core/site/header-links';
import type { Locale } from '@/core/locales';
import type { LocalePaths } from '@/server/alternates';
import { listPosts } from '@/server/content';
import { postHref, viewPost } from '@/server/post-view';
import { getSiteIdentity } from '@/server/site/site-identity';
import { LocaleSwitcher } from './locale-switcher';
import { ScriptSwitcher } from './script-switcher';
import { ResponsiveImage } from './responsive-image';

export async function SiteHeader({ locale, paths }: { locale: Locale; paths: LocalePaths }) {
  const [t, site, pages] = await Promise.all([
    getTranslations({ locale }),
    getSiteIdentity(locale),
    listPosts({ locale, page: 1, pageSize: 5, kind: 'page', includeOtherLanguage: false }),
  ]);
  // Duet's own links, the site's pages, then the owner's: each address once.
  const links = uniqueHeaderLinks([
    { label: t('nav.home'), href: `/${locale}` },
    { label: t('nav.archive'), href: `/${locale}/archive` },
    { label: t('nav.tags'), href: `/${locale}/tags` },
    { label: t('nav.search'), href: `/${locale}/search` },
    ...pages.items.flatMap((page) => {
      const href = postHref(page, locale);
      const view = viewPost(page, locale);
      return href && view ? [{ label: view.shown.title, href }] : [];
    }),
    ...site.navigation,
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
        {locale === 'zh' && paths.zh ? <ScriptSwitcher path={paths.zh} /> : null}
        <nav aria-label={t('nav.label')} className="site-nav">
          {links.map((link) =>
            link.href.startsWith('/') ? (
              <Link key={link.href} href={link.href}>
                {link.label}
              </Link>
            ) : (
              <a key={link.href} href={link.href} rel="noopener">
                {link.label}
              </a>
            ),
          )}
        </nav>
      </div>
    </header>
  );
}
