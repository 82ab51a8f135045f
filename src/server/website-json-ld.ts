// JSON-LD for the home page: the site as a schema.org WebSite with a SearchAction, so a
// search engine can offer a search box that lands on /{locale}/search?q=….
import type { Locale } from '@/core/locales';
import { absoluteUrl } from '@/core/config/site-url';

/** Safe to embed in <script type="application/ld+json">. */
export function websiteJsonLd({ locale, name, description }: { locale: Locale; name: string; description?: string }): string {
  const home = absoluteUrl(`/${locale}`);
  const data = {
    '@context': 'https://schema.org',
    '@type': 'WebSite',
    name,
    ...(description ? { description } : {}),
    url: home,
    inLanguage: locale === 'zh' ? 'zh-CN' : 'en',
    potentialAction: {
      '@type': 'SearchAction',
      target: { '@type': 'EntryPoint', urlTemplate: `${absoluteUrl(`/${locale}/search`)}?q={search_term_string}` },
      'query-input': 'required name=search_term_string',
    },
  };
  return JSON.stringify(data).replace(/</g, '\\u003c');
}
