// The header of every page: site name, navigation and the language switcher.
import Link from 'next/link';
import { getTranslations } from 'next-intl/server';
import type { Locale } from '@/i18n/routing';
import type { LocalePaths } from '@/server/alternates';
import { LocaleSwitcher } from './locale-switcher';

export async function SiteHeader({ locale, paths }: { locale: Locale; paths: LocalePaths }) {
  const t = await getTranslations({ locale });
  return (
    <header className="site-header">
      <div className="site-header__inner">
        <Link className="site-header__brand" href={`/${locale}`}>
          {t('site.name')}
        </Link>
        <nav aria-label={t('nav.label')} className="site-nav">
          <Link href={`/${locale}`}>{t('nav.home')}</Link>
          <Link href={`/${locale}/about`}>{t('nav.about')}</Link>
        </nav>
        <LocaleSwitcher locale={locale} paths={paths} />
      </div>
    </header>
  );
}
