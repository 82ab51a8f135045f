// The site as readers and feed readers see it in one language: the owner's name and
// description (Duet's own words where the owner set none), links, accent colours, logo,
// the files of its icon, and the time zone its dates are told in. Read from the settings
// under the content tag, so saving the settings (revalidateContent) refreshes every page,
// feed and manifest that shows them; read once per request however many parts ask.
import { unstable_cache } from 'next/cache';
import { cache, type CSSProperties } from 'react';
import { getTranslations } from 'next-intl/server';
import type { Media } from '@/core/content/types';
import { accentPalette, type AccentPalette } from '@/core/site/accent-colour';
import { defaultIconFiles, ownerIconFiles, type SiteIconFiles } from '@/core/site/site-icons';
import type { SiteLink } from '@/core/site/site-identity';
import { getDatabase } from '@/db/client';
import { ensureDatabase } from '@/server/ensure-database';
import { createSiteSettings, type IdentityRows } from '@/db/repositories/site-settings';
import { otherLocale, type Locale } from '@/core/locales';
import { contentTag } from '@/server/content';
import { iconSetKey } from './render-site-icons';

export interface SiteIdentity {
  locale: Locale;
  /** Header, home headline, tab titles, footer, feeds, link previews, the installed app. */
  name: string;
  /** Under the name on the home page; feeds and search engines. */
  description: string;
  navigation: SiteLink[];
  socialLinks: SiteLink[];
  /** The podcast's contact for directories (itunes:owner); null when none was given. */
  podcastEmail: string | null;
  accent: AccentPalette;
  logo: Media | null;
  /** The logo for readers in dark mode, when the owner chose one. */
  darkLogo: Media | null;
  icons: SiteIconFiles;
  /** The zone of the dates readers see (the Studio's Settings › Time zone). */
  timeZone: string;
}

// The key names the rows' shape: an entry cached before the time zone joined them is not read.
const readIdentityRows = cache(
  (): Promise<IdentityRows> =>
    unstable_cache(
      async () => {
        await ensureDatabase();
        return createSiteSettings(getDatabase()).readIdentity();
      },
      ['duet', 'site-identity', 'with-time-zone'],
      { tags: [contentTag] },
    )(),
);

/** The site's time zone, for reader-facing dates and next-intl's formatting. */
export async function getSiteTimeZone(): Promise<string> {
  return (await readIdentityRows()).timeZone;
}

export async function getSiteIdentity(locale: Locale): Promise<SiteIdentity> {
  const [rows, t] = await Promise.all([readIdentityRows(), getTranslations({ locale, namespace: 'site' })]);
  const own = rows.languages[locale];
  const other = rows.languages[otherLocale(locale)];
  return {
    locale,
    // A name is the same brand in either language; a description is not, so it falls back
    // to Duet's own words in this language rather than to the other language's text.
    name: own.title || other.title || t('name'),
    description: own.description || t('description'),
    navigation: own.navigation,
    socialLinks: own.socialLinks,
    podcastEmail: own.podcastEmail || other.podcastEmail || null,
    accent: accentPalette(rows.look.accent),
    logo: rows.logo,
    darkLogo: rows.darkLogo,
    icons: rows.icon ? ownerIconFiles(iconSetKey(rows.icon.sha256)) : defaultIconFiles,
    timeZone: rows.timeZone,
  };
}

/** The accent as CSS custom properties on <html>: globals.css picks the one for the scheme. */
export function accentStyle(accent: AccentPalette): CSSProperties {
  return {
    '--site-accent': accent.light,
    '--site-accent-ink': accent.lightInk,
    '--site-accent-dark': accent.dark,
    '--site-accent-dark-ink': accent.darkInk,
  } as CSSProperties;
}
