// Header, main landmark and the subscribe form around a page's content. Each page passes where it lives in
// each language so the switcher links to the same page in the other language.
import type { ReactNode } from 'react';
import type { Locale } from '@/core/locales';
import type { LocalePaths } from '@/server/alternates';
import { SiteHeader } from './site-header';
import { SubscribeForm } from './subscribe-form';

export function SiteFrame({ locale, paths, children }: { locale: Locale; paths: LocalePaths; children: ReactNode }) {
  return (
    <>
      <SiteHeader locale={locale} paths={paths} />
      <main id="content" className="site-main" tabIndex={-1}>
        {children}
      </main>
      <SubscribeForm locale={locale} returnTo={paths[locale] ?? `/${locale}`} />
    </>
  );
}
