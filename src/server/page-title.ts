// A page's document title: its own title, then the site's name (the owner's, from the
// settings; Duet's own words until one is set).
import type { Locale } from '@/core/locales';
import { getSiteIdentity } from './site/site-identity';

export async function pageTitle(locale: Locale, title: string): Promise<{ absolute: string }> {
  const site = await getSiteIdentity(locale);
  return { absolute: `${title} · ${site.name}` };
}
