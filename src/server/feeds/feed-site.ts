// What every feed of a language says about the site: its language tag, home and pictures.
import type { Locale } from '@/core/locales';
import type { SiteIdentity } from '@/server/site/site-identity';
import { absoluteUrl } from '@/core/config/site-url';

/** BCP 47 tags, as the pages' JSON-LD writes them. */
export function feedLanguage(locale: Locale): string {
  return locale === 'zh' ? 'zh-CN' : 'en';
}

export function feedHomeUrl(locale: Locale): string {
  return absoluteUrl(`/${locale}`);
}

/** The site's icon at 512 pixels, square: the feeds' icon. */
export function feedIconUrl(site: SiteIdentity): string {
  return absoluteUrl(site.icons.icon512.path);
}

/** The podcast's cover: the artwork made from the site's icon (3000 px, RGB, no transparency). */
export function podcastArtworkUrl(site: SiteIdentity): string {
  return absoluteUrl(site.icons.artwork.path);
}
