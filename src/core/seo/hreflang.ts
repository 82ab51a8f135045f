// The hreflang set of a page: one entry per language that has the page and, when every
// language has it, `x-default` naming the default language's version. Pages' <link
// rel=alternate> tags and the sitemap's xhtml:link both come from here, so a crawler
// reads the same set in both places. x-default is the default language's own URL, not the
// unprefixed path: that one answers a redirect, and hreflang must name pages that answer 200.
import { defaultLocale, locales, type Locale } from '@/core/locales';

export const xDefault = 'x-default';

/** Paths or URLs by language, in the order of `locales`, plus x-default when none is missing. */
export function hreflangAlternates(byLocale: Partial<Record<Locale, string>>): Record<string, string> {
  const alternates: Record<string, string> = {};
  for (const locale of locales) {
    const target = byLocale[locale];
    if (target) alternates[locale] = target;
  }
  if (locales.every((locale) => byLocale[locale])) alternates[xDefault] = byLocale[defaultLocale]!;
  return alternates;
}
