// What the owner says about the site: per language its name, description and links, and
// for every language its look (accent colour, logo, icon). Stored as settings rows; the
// reading side (server/site/site-identity.ts) fills the gaps with Duet's defaults.

export interface SiteLink {
  label: string;
  href: string;
}

/** One language's settings as stored; an empty string is a value never set. */
export interface LanguageSettings {
  title: string;
  description: string;
  /** Extra header links (a path on the site or a web address). */
  navigation: SiteLink[];
  /** The owner's profiles elsewhere (web addresses), shown in the footer. */
  socialLinks: SiteLink[];
  /** Where podcast directories write about the podcast of this language. */
  podcastEmail: string;
}

export interface SiteLook {
  /** `#rrggbb`, checked for contrast when saved; null for Duet's own. */
  accent: string | null;
  logoMediaId: number | null;
  /** Shown instead of the logo when the reader's system is in dark mode; none: the logo. */
  darkLogoMediaId: number | null;
  iconMediaId: number | null;
}

export const emptyLanguageSettings: LanguageSettings = { title: '', description: '', navigation: [], socialLinks: [], podcastEmail: '' };

export const emptyLook: SiteLook = { accent: null, logoMediaId: null, darkLogoMediaId: null, iconMediaId: null };

/** A stored list of links, keeping only well-formed entries (the value is JSON text). */
export function parseLinks(value: string | undefined): SiteLink[] {
  if (!value) return [];
  try {
    const parsed = JSON.parse(value) as unknown;
    return Array.isArray(parsed) ? parsed.filter((l): l is SiteLink => typeof l?.label === 'string' && typeof l?.href === 'string') : [];
  } catch {
    return [];
  }
}
