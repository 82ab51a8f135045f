// The fediverse's settings (#29), stored as rows of the site's `settings`: each
// language's handle under that language, the follow and replies policies under '*'.
import type { Kysely } from 'kysely';
import { locales } from '@/core/locales';
import { parseFediverseSettings, type FediverseSettings } from '@/core/fediverse/settings';
import type { Database } from '../schema';
import { inTransaction } from '../transaction';
import { everyLanguage } from './site-settings';

const settingKeys = { handle: 'fediverseHandle', followPolicy: 'fediverseFollowPolicy', repliesPolicy: 'fediverseRepliesPolicy' } as const;

export function createFediverseSettings(db: Kysely<Database>) {
  return {
    async getSettings(): Promise<FediverseSettings> {
      const rows = await db.selectFrom('settings').select(['locale', 'key', 'value']).where('key', 'in', Object.values(settingKeys)).execute();
      const get = (locale: string, key: string) => rows.find((r) => r.locale === locale && r.key === key)?.value;
      return parseFediverseSettings({
        handles: Object.fromEntries(locales.map((l) => [l, get(l, settingKeys.handle)])),
        followPolicy: get(everyLanguage, settingKeys.followPolicy),
        repliesPolicy: get(everyLanguage, settingKeys.repliesPolicy),
      });
    },

    saveSettings: (settings: FediverseSettings) =>
      inTransaction(db, async (trx) => {
        const rows = [
          ...locales.map((l) => ({ locale: l as string, key: settingKeys.handle as string, value: settings.handles[l] })),
          { locale: everyLanguage, key: settingKeys.followPolicy, value: settings.followPolicy },
          { locale: everyLanguage, key: settingKeys.repliesPolicy, value: settings.repliesPolicy },
        ];
        for (const row of rows) {
          await trx.insertInto('settings').values(row).onConflict((oc) => oc.columns(['locale', 'key']).doUpdateSet({ value: row.value })).execute();
        }
      }),

  };
}
