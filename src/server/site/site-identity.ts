// The site as readers and feed readers see it in one language: the owner's name and
// description (Duet's own words where the owner set none), links, accent colours, logo
// and the files of its icon. Read from the settings under the content tag, so saving the
// settings (revalidateContent) refreshes every page, feed and manifest that shows them.
import { unstable_cache } from 'next/cache';
import type { CSSProperties } from 'react';
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
}

const readIdentityRows = (): Promise<IdentityRows> =>
  unstable_cache(
    async () => {
      await ensureDatabase();
      return createSiteSettings(getDatabase()).readIdentity();
    },
    ['duet', 'site-identity'],
    { tags: [contentTag] },
  )();

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
