// What the Traditional-script pages need of the site, on both databases: Taiwan's phrasing
// until the owner saves Hong Kong's in Settings (a bad value refused, naming the field), and
// the glossary's do-not-translate names, which the conversion keeps as written.
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Db } from '@/db/client';
import { migrateToLatest } from '@/db/migrate';
import { createGlossaryRepository } from '@/db/repositories/glossary';
import { testTargets, type TestDatabase } from './helpers/test-databases';

vi.mock('next/cache', async () => (await import('./helpers/next-doubles')).nextCacheDouble);
vi.mock('next-intl/server', async () => (await import('./helpers/next-doubles')).nextIntlDouble);
vi.mock('@/server/ensure-database', () => ({ ensureDatabase: async () => undefined }));
// The session is not what is tested: the form is submitted by an owner.
vi.mock('@/server/studio/action-helpers', async (importOriginal) => ({
  ...(await importOriginal<typeof import('@/server/studio/action-helpers')>()),
  allowedActor: async () => ({ id: 'owner', role: 'owner', authorId: null, name: 'Owner', email: 'owner@example.com' }),
}));

const { loadScriptSettings } = await import('@/server/site/script-settings');
const { saveHantVariantAction } = await import('@/server/studio/actions/settings-actions');

function useAsSiteDatabase(db: Db): void {
  (globalThis as Record<symbol, unknown>)[Symbol.for('duet.database')] = db;
}

function variantForm(hantVariant: string): FormData {
  const form = new FormData();
  form.set('locale', 'zh');
  form.set('hantVariant', hantVariant);
  return form;
}

for (const target of testTargets) {
  describe.skipIf(target.skip)(`the Traditional-script settings (${target.name})`, () => {
    let t: TestDatabase;
    beforeAll(async () => {
      t = await target.open();
      await migrateToLatest(t.db);
      useAsSiteDatabase(t.db);
    });
    afterAll(async () => {
      useAsSiteDatabase(undefined as unknown as Db);
      await t?.close();
    });

    it('is Taiwan’s phrasing until the owner saves Hong Kong’s, and refuses anything else', async () => {
      expect((await loadScriptSettings()).variant).toBe('tw');
      expect(await saveHantVariantAction({ status: 'idle' }, variantForm('hk'))).toMatchObject({ status: 'done' });
      expect((await loadScriptSettings()).variant).toBe('hk');
      const refused = await saveHantVariantAction({ status: 'idle' }, variantForm('cn'));
      expect(refused).toMatchObject({ status: 'error', fields: { hantVariant: [expect.any(String)] } });
      expect((await loadScriptSettings()).variant).toBe('hk');
    });

    it('keeps the glossary’s do-not-translate names, and only those', async () => {
      const glossary = createGlossaryRepository(t.db);
      await glossary.add({ zh: '飞书', en: 'Feishu', note: '', doNotTranslate: true, forbidden: [] }, null);
      await glossary.add({ zh: '软件', en: 'software', note: '', doNotTranslate: false, forbidden: [] }, null);
      expect((await loadScriptSettings()).keep).toEqual(['飞书']);
    });
  });
}
