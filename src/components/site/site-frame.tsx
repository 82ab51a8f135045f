// Header, main landmark and the footer's compact subscribe form around a page's content
// (the larger one is the page's own: end of an article, home). Each page passes where it lives in
// each language so the switcher links to the same page in the other language.
import type { ReactNode } from 'react';
import type { Locale } from '@/core/locales';
import type { LocalePaths } from '@/server/alternates';
import { SiteHeader } from './site-header';
import { SubscribeForm } from './subscribe-form';

/** `subscribe={false}`: a member's own pages, where a second e-mail form would only confuse. */
export function SiteFrame({ locale, paths, children, subscribe = true }: { locale: Locale; paths: LocalePaths; children: ReactNode; subscribe?: boolean }) {
  return (
    <>
      <SiteHeader locale={locale} paths={paths} />
      <main id="content" className="site-main" tabIndex={-1}>
        {children}
      </main>
      {subscribe && <SubscribeForm locale={locale} returnTo={paths[locale] ?? `/${locale}`} place="footer" />}
    </>
  );
}
