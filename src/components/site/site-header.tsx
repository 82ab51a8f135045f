// The header of every page: site name, navigation (home, archive, tags, search and the
// static pages) and the language switcher.
import Link from 'next/link';
import { getTranslations } from 'next-intl/server';
import type { Locale } from '@/i18n/routing';
import type { LocalePaths } from '@/server/alternates';
import { getSiteSettings, listPosts } from '@/server/content';
import { postHref, viewPost } from '@/server/post-view';
import { LocaleSwitcher } from './locale-switcher';

export async function SiteHeader({ locale, paths }: { locale: Locale; paths: LocalePaths }) {
  const [t, settings, pages] = await Promise.all([
    getTranslations({ locale }),
    getSiteSettings(locale),
    listPosts({ locale, page: 1, pageSize: 5, kind: 'page', includeOtherLanguage: false }),
  ]);
  return (
    <header className="site-header">
      <div className="site-header__inner">
        <Link className="site-header__brand" href={`/${locale}`}>
          {settings.title || t('site.name')}
        </Link>
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
          {settings.navigation?.map((link) =>
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
