// The document of every localized page: <html lang> with the owner's accent colours,
// fonts (the Latin faces' CSS here, the Chinese display face asked for by the page's own
// characters), the site's name and icons in the metadata and the footer. Pages render their
// own header (SiteFrame). No messages go to the browser from here: the error boundary
// carries its own (i18n/error-messages.ts).
// The Latin faces of @fontsource-variable, their latin files split into a small core and
// the rest (scripts/latin-fonts.mjs writes this on install).
import '@/generated/latin-fonts/fonts.css';
import '../globals.css';
import '../prose-blocks.css';
import type { Metadata, Viewport } from 'next';
import { getTranslations, setRequestLocale } from 'next-intl/server';
import { preload } from 'react-dom';
import latinCoreFonts from '@/generated/latin-fonts/preload.json';
import { DisplayFontLoader } from '@/components/site/display-font-loader';
import { displayFontScript } from '@/components/site/display-font-script';
import { SiteFooter } from '@/components/site/site-footer';
import { isLocale, localeOrDefault } from '@/core/locales';
import { feedLinks } from '@/server/feeds/feed-links';
import { accentStyle, getSiteIdentity } from '@/server/site/site-identity';
import { siteUrl } from '@/core/config/site-url';

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
  const site = await getSiteIdentity(locale);
  const { favicon, icon192, apple } = site.icons;
  return {
    metadataBase: siteUrl(),
    // No title here: each page sets its whole title (see server/page-title.ts), so an
    // error view's own <title> is the only one.
    description: site.description,
    applicationName: site.name,
    openGraph: { siteName: site.name, locale: locale === 'zh' ? 'zh_CN' : 'en_US', type: 'website' },
    icons: {
      icon: [favicon, icon192].map((icon) => ({ url: icon.path, type: icon.type, sizes: icon.sizes })),
      apple: [{ url: apple.path, type: apple.type, sizes: apple.sizes }],
    },
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
  // The three Latin core files every page draws with, asked for from the <head> so they
  // arrive early, but at low priority: text paints at once in the metric-matched fallback
  // faces (globals.css) and never waits for them, nor do the page's CSS and scripts.
  for (const href of latinCoreFonts) preload(href, { as: 'font', type: 'font/woff2', crossOrigin: 'anonymous', fetchPriority: 'low' });
  const [t, site] = await Promise.all([getTranslations({ locale, namespace: 'a11y' }), getSiteIdentity(locale)]);
  return (
    <html lang={locale} style={accentStyle(site.accent)}>
      <body>
        <a className="skip-link" href="#content">
          {t('skipToContent')}
        </a>
        {children}
        <SiteFooter site={site} />
        {/* The Chinese display face, cut to this page's headings (server/fonts/display-font.ts). */}
        <script dangerouslySetInnerHTML={{ __html: displayFontScript }} />
        <DisplayFontLoader />
      </body>
    </html>
  );
}
