// The document of every localized page: <html lang>, fonts, the footer, and the
// client messages the error boundary needs. Pages render their own header (SiteFrame).
import '@fontsource-variable/inter/index.css';
import '@fontsource-variable/source-serif-4/index.css';
import '@fontsource-variable/jetbrains-mono/index.css';
import '@fontsource-variable/noto-serif-sc/index.css';
import '@fontsource-variable/noto-sans-sc/index.css';
import '../globals.css';
import type { Metadata, Viewport } from 'next';
import { NextIntlClientProvider } from 'next-intl';
import { getMessages, getTranslations, setRequestLocale } from 'next-intl/server';
import { SiteFooter } from '@/components/site/site-footer';
import { isLocale, localeOrDefault } from '@/i18n/routing';
import { feedLinks } from '@/server/feeds/feed-links';
import { siteUrl } from '@/server/site-url';

// Nothing is prerendered at build time (the content lives in the database the server
// opens at start): each page renders on its first request and is then served from the
// cache until content it shows changes (server/revalidate.ts).
//
// Shared caches (a CDN, a proxy) are told to keep a page for a minute: this lifetime is
// what Next sends as s-maxage. Pages are also made again in the background at most once a
// minute while read, a cheap render from cached data.
export const revalidate = 60;

export function generateStaticParams() {
  return [];
}

export async function generateMetadata({ params }: LayoutProps<'/[locale]'>): Promise<Metadata> {
  const { locale } = await params;
  if (!isLocale(locale)) return {};
  const t = await getTranslations({ locale, namespace: 'site' });
  return {
    metadataBase: siteUrl(),
    // No title here: each page sets its whole title (see server/page-title.ts), so an
    // error view's own <title> is the only one.
    description: t('description'),
    applicationName: t('name'),
    openGraph: { siteName: t('name'), locale: locale === 'zh' ? 'zh_CN' : 'en_US', type: 'website' },
    // The language's feeds. A page with its own `alternates` replaces this whole key and
    // passes feedLinks(locale) along itself (see server/feeds/feed-links.ts).
    alternates: { types: await feedLinks(locale) },
  };
}

export const viewport: Viewport = {
  themeColor: [
    { media: '(prefers-color-scheme: light)', color: '#fbf8f3' },
    { media: '(prefers-color-scheme: dark)', color: '#15171c' },
  ],
  colorScheme: 'light dark',
};

export default async function LocaleLayout({ children, params }: LayoutProps<'/[locale]'>) {
  // A first segment that is no locale (e.g. /images/missing.webp) only reaches here on
  // its way to a 404, which then speaks the default language. Throwing notFound() from
  // the layout itself would leave no layout to render that 404 in.
  const locale = localeOrDefault((await params).locale);
  setRequestLocale(locale);
  const [messages, t] = await Promise.all([getMessages({ locale }), getTranslations({ locale, namespace: 'a11y' })]);
  return (
    <html lang={locale}>
      <body>
        <a className="skip-link" href="#content">
          {t('skipToContent')}
        </a>
        <NextIntlClientProvider locale={locale} messages={{ errors: messages.errors }}>
          {children}
        </NextIntlClientProvider>
        <SiteFooter locale={locale} />
      </body>
    </html>
  );
}
