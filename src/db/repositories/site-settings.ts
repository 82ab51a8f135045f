// The site's settings rows: one row per (language, key) for what is said in a language,
// and rows under the language '*' for what holds in every language (the look, the time
// zone, what a newsletter send gives members without their language). Lists are stored as
// JSON text; a look that is unset has no row.
import type { Kysely } from 'kysely';
import type { Media } from '@/core/content/types';
import { emptyLanguageSettings, emptyLook, parseLinks, type LanguageSettings, type SiteLook } from '@/core/site/site-identity';
import type { SiteSettingsInput } from '@/core/studio/inputs';
import { locales, type Locale } from '@/core/locales';
import { parseNewsletterFallback, type NewsletterFallback } from '@/core/newsletters/send-request';
import { defaultHantVariant, isHantVariant, type HantVariant } from '@/core/script/hant-paths';
import { inTransaction } from '../transaction';
import type { Database } from '../schema';
import { loadMediaByIds } from './load-posts';

/** The key under which site-wide settings are stored. */
export const everyLanguage = '*';

const lookKeys = { accent: 'accent', logoMediaId: 'logoMediaId', darkLogoMediaId: 'darkLogoMediaId', iconMediaId: 'iconMediaId' } as const satisfies Record<keyof SiteLook, string>;

/** A stored image as the look needs it: what it is, its size, and its content hash. */
export interface StoredImage {
  id: number;
  kind: string;
  path: string;
  mime: string;
  width: number | null;
  height: number | null;
  sha256: string;
}

/** Everything the pages show about the site, read at once. */
export interface IdentityRows {
  languages: Record<Locale, LanguageSettings>;
  look: SiteLook;
  logo: Media | null;
  darkLogo: Media | null;
  icon: StoredImage | null;
  /** The zone the site's dates are told in (an IANA name). */
  timeZone: string;
}

const timeZoneKey = 'timeZone';
/** The site's time zone from its row; the server's own until an owner picks one. */
const siteZone = (value: string | undefined) => value ?? Intl.DateTimeFormat().resolvedOptions().timeZone;

function toLanguageSettings(rows: Array<{ key: string; value: string }>): LanguageSettings {
  const get = (key: string) => rows.find((r) => r.key === key)?.value;
  return {
    title: get('title') ?? emptyLanguageSettings.title,
    description: get('description') ?? emptyLanguageSettings.description,
    navigation: parseLinks(get('navigation')),
    socialLinks: parseLinks(get('socialLinks')),
    podcastEmail: get('podcastEmail') ?? emptyLanguageSettings.podcastEmail,
  };
}

function toLook(rows: Array<{ key: string; value: string }>): SiteLook {
  const get = (key: string) => rows.find((r) => r.key === key)?.value;
  const id = (key: string) => {
    const value = Number(get(key));
    return Number.isInteger(value) && value > 0 ? value : null;
  };
  return {
    accent: get(lookKeys.accent) ?? emptyLook.accent,
    logoMediaId: id(lookKeys.logoMediaId),
    darkLogoMediaId: id(lookKeys.darkLogoMediaId),
    iconMediaId: id(lookKeys.iconMediaId),
  };
}

export function createSiteSettings(db: Kysely<Database>) {
  async function upsert(locale: string, entries: Array<[string, string | null]>): Promise<void> {
    await inTransaction(db, async (trx) => {
      for (const [key, value] of entries) {
        if (value === null) {
          await trx.deleteFrom('settings').where('locale', '=', locale).where('key', '=', key).execute();
          continue;
        }
        await trx
          .insertInto('settings')
          .values({ locale, key, value })
          .onConflict((oc) => oc.columns(['locale', 'key']).doUpdateSet({ value }))
          .execute();
      }
    });
  }

  async function findImage(id: number): Promise<StoredImage | undefined> {
    const row = await db.selectFrom('media').select(['id', 'kind', 'path', 'mime', 'width', 'height', 'sha256']).where('id', '=', id).executeTakeFirst();
    return row;
  }

  return {
    findImage,

    /** The site's time zone; the server's own until an owner picks one. */
    async getTimeZone(): Promise<string> {
      const row = await db.selectFrom('settings').select('value').where('locale', '=', everyLanguage).where('key', '=', timeZoneKey).executeTakeFirst();
      return siteZone(row?.value);
    },

    saveTimeZone: (timeZone: string) =>
      inTransaction(db, async (trx) => {
        await trx
          .insertInto('settings')
          .values({ locale: everyLanguage, key: timeZoneKey, value: timeZone })
          .onConflict((oc) => oc.columns(['locale', 'key']).doUpdateSet({ value: timeZone }))
          .execute();
      }),

    /** What members whose language has no live translation get from a send (db/newsletters/expand-sends.ts). */
    async getNewsletterFallback(): Promise<NewsletterFallback> {
      const row = await db.selectFrom('settings').select('value').where('locale', '=', everyLanguage).where('key', '=', 'newsletterFallback').executeTakeFirst();
      return parseNewsletterFallback(row?.value);
    },

    saveNewsletterFallback: (fallback: NewsletterFallback) => upsert(everyLanguage, [['newsletterFallback', fallback]]),

    /** The phrasing of the Traditional-script pages: Taiwan's until an owner picks Hong Kong's. */
    async getHantVariant(): Promise<HantVariant> {
      const row = await db.selectFrom('settings').select('value').where('locale', '=', everyLanguage).where('key', '=', 'hantVariant').executeTakeFirst();
      return isHantVariant(row?.value) ? row.value : defaultHantVariant;
    },

    saveHantVariant: (variant: HantVariant) => upsert(everyLanguage, [['hantVariant', variant]]),

    async getLanguage(locale: Locale): Promise<LanguageSettings> {
      return toLanguageSettings(await db.selectFrom('settings').select(['key', 'value']).where('locale', '=', locale).execute());
    },

    saveLanguage: (input: SiteSettingsInput) =>
      upsert(input.locale, [
        ['title', input.title],
        ['description', input.description],
        ['navigation', JSON.stringify(input.navigation)],
        ['socialLinks', JSON.stringify(input.socialLinks)],
        ['podcastEmail', input.podcastEmail],
      ]),

    async getLook(): Promise<SiteLook> {
      return toLook(await db.selectFrom('settings').select(['key', 'value']).where('locale', '=', everyLanguage).execute());
    },

    saveLook: (look: SiteLook) =>
      upsert(everyLanguage, [
        [lookKeys.accent, look.accent],
        [lookKeys.logoMediaId, look.logoMediaId === null ? null : String(look.logoMediaId)],
        [lookKeys.darkLogoMediaId, look.darkLogoMediaId === null ? null : String(look.darkLogoMediaId)],
        [lookKeys.iconMediaId, look.iconMediaId === null ? null : String(look.iconMediaId)],
      ]),

    /** Everything the reader's pages show about the site (its time zone too), in one query and two lookups of images. */
    async readIdentity(): Promise<IdentityRows> {
      const rows = await db.selectFrom('settings').select(['locale', 'key', 'value']).execute();
      const timeZone = siteZone(rows.find((r) => r.locale === everyLanguage && r.key === timeZoneKey)?.value);
      const languages = Object.fromEntries(locales.map((l) => [l, toLanguageSettings(rows.filter((r) => r.locale === l))])) as Record<Locale, LanguageSettings>;
      const look = toLook(rows.filter((r) => r.locale === everyLanguage));
      const logoIds = [look.logoMediaId, look.darkLogoMediaId].filter((id): id is number => id !== null);
      const [logos, icon] = await Promise.all([
        logoIds.length === 0 ? new Map<number, Media>() : loadMediaByIds(db, logoIds),
        look.iconMediaId === null ? undefined : findImage(look.iconMediaId),
      ]);
      const image = (id: number | null) => {
        const found = id === null ? undefined : logos.get(id);
        return found?.kind === 'image' ? found : null;
      };
      // A dark-mode logo stands in for the logo in the dark only: without a logo it has nothing to replace.
      const logo = image(look.logoMediaId);
      return { languages, look, logo, darkLogo: logo ? image(look.darkLogoMediaId) : null, icon: icon?.kind === 'image' ? icon : null, timeZone };
    },
  };
}

export type SiteSettingsRepository = ReturnType<typeof createSiteSettings>;
