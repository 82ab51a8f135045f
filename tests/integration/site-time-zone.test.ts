// The readers' dates are told in the site's time zone, on both databases: a post published
// at 2026-12-31T20:00Z reads 1 January 2027 in Asia/Shanghai and 31 December 2026 in
// America/New_York. The zone is read with the rest of the site's identity (one cached
// read), and saving it in the Studio's Settings drops that cache, so pages show the new
// zone at once. The archive files posts by the years of the same clock.
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { renderDocument } from '@/core/markdown/render-document';
import type { Db } from '@/db/client';
import { migrateToLatest } from '@/db/migrate';
import { createContentRepository } from '@/db/repositories/content-repository';
import { createSiteSettings } from '@/db/repositories/site-settings';
import { clearCacheDouble } from './helpers/next-doubles';
import { makePost } from './helpers/factories';
import { testTargets, type TestDatabase } from './helpers/test-databases';

vi.mock('next/cache', async () => (await import('./helpers/next-doubles')).nextCacheDouble);
vi.mock('next-intl/server', async () => (await import('./helpers/next-doubles')).nextIntlDouble);
// The database under test is migrated here; the server's first-request preparation (and its demo seed) stays out.
vi.mock('@/server/ensure-database', () => ({ ensureDatabase: async () => undefined }));
// The session is not what is tested: the form is submitted by an owner.
vi.mock('@/server/studio/action-helpers', async (importOriginal) => ({
  ...(await importOriginal<typeof import('@/server/studio/action-helpers')>()),
  allowedActor: async () => ({ id: 'owner', role: 'owner', authorId: null, name: 'Owner', email: 'owner@example.com' }),
}));

const { formatDate } = await import('@/server/post-view');
const { getSiteTimeZone } = await import('@/server/site/site-identity');
const { saveTimeZoneAction } = await import('@/server/studio/actions/settings-actions');

/** getDatabase() answers with the database under test (the action and the cached read ask it). */
function useAsSiteDatabase(db: Db): void {
  (globalThis as Record<symbol, unknown>)[Symbol.for('duet.database')] = db;
}

function zoneForm(timeZone: string): FormData {
  const form = new FormData();
  form.set('locale', 'en');
  form.set('timeZone', timeZone);
  return form;
}

for (const target of testTargets) {
  describe.skipIf(target.skip)(`the site's time zone on readers' pages (${target.name})`, () => {
    let t: TestDatabase;
    beforeAll(async () => {
      t = await target.open();
      await migrateToLatest(t.db);
      useAsSiteDatabase(t.db);
      clearCacheDouble();
    });
    afterAll(async () => {
      useAsSiteDatabase(undefined as unknown as Db);
      await t?.close();
    });

    it('dates a post published at 2026-12-31T20:00Z by the zone saved in Settings, at once', async () => {
      const post = await makePost(createContentRepository(t.db, renderDocument), { publishedAt: '2026-12-31T20:00:00.000Z' });
      const shown = async () => {
        const zone = await getSiteTimeZone();
        return { zone, zh: formatDate(post.publishedAt, 'zh', zone), en: formatDate(post.publishedAt, 'en', zone) };
      };

      expect(await saveTimeZoneAction({ status: 'idle' }, zoneForm('Asia/Shanghai'))).toMatchObject({ status: 'done' });
      expect(await shown()).toEqual({ zone: 'Asia/Shanghai', zh: '2027年1月1日', en: '1 January 2027' });

      // The read is cached: a zone written behind the Settings form's back is not seen…
      await createSiteSettings(t.db).saveTimeZone('Europe/London');
      expect((await shown()).zone).toBe('Asia/Shanghai');

      // …while saving it in Settings refreshes every reader's page.
      expect(await saveTimeZoneAction({ status: 'idle' }, zoneForm('America/New_York'))).toMatchObject({ status: 'done' });
      expect(await shown()).toEqual({ zone: 'America/New_York', zh: '2026年12月31日', en: '31 December 2026' });
    });

    it('files the archive by the years of the same clock', async () => {
      const repo = createContentRepository(t.db, renderDocument);
      // With the first test's post at 2026-12-31T20:00Z: 2026-01-01 01:00 in Shanghai, and mid-2026.
      await makePost(repo, { publishedAt: '2025-12-31T17:00:00.000Z' });
      await makePost(repo, { publishedAt: '2026-06-01T00:00:00.000Z' });
      // A reader in mid-2027, when all three are out.
      const now = new Date('2027-06-01T00:00:00.000Z');
      expect(await repo.listArchiveYears(now, 'Asia/Shanghai')).toEqual([{ year: 2027, count: 1 }, { year: 2026, count: 2 }]);
      expect(await repo.listArchiveYears(now, 'America/New_York')).toEqual([{ year: 2026, count: 2 }, { year: 2025, count: 1 }]);
      expect(await repo.listArchiveYears(now)).toEqual([{ year: 2026, count: 2 }, { year: 2025, count: 1 }]);
      const year = async (y: number, timeZone: string) =>
        (await repo.listPosts({ locale: 'en', page: 1, pageSize: 10, year: y, timeZone, now })).items.map((p) => p.publishedAt).sort();
      expect(await year(2027, 'Asia/Shanghai')).toEqual(['2026-12-31T20:00:00.000Z']);
      expect(await year(2026, 'Asia/Shanghai')).toEqual(['2025-12-31T17:00:00.000Z', '2026-06-01T00:00:00.000Z']);
      expect(await year(2026, 'America/New_York')).toEqual(['2026-06-01T00:00:00.000Z', '2026-12-31T20:00:00.000Z']);
    });

    it('refuses a zone that is not one, naming the field, and keeps the one saved', async () => {
      const state = await saveTimeZoneAction({ status: 'idle' }, zoneForm('Mars/Olympus_Mons'));
      expect(state.status).toBe('error');
      expect(state.fields?.timeZone?.length).toBeGreaterThan(0);
      expect(await getSiteTimeZone()).toBe('America/New_York');
    });
  });
}
