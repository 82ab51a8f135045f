// A Hugo site's list pages (tests/fixtures/import/hugo-described) imported on both
// databases: a term's and a section's `_index.md` become the descriptions of their tags,
// which the tag's page reads in each language; a description written in Duet is never
// replaced by a later import, and a second run creates nothing.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { renderDocument } from '@/core/markdown/render-document';
import type { Db } from '@/db/client';
import { migrateToLatest } from '@/db/migrate';
import { createContentRepository } from '@/db/repositories/content-repository';
import { openImportSource } from '@/server/import/open-import-source';
import { runImport } from '@/server/import/write-import';
import { testTargets, type TestDatabase } from './helpers/test-databases';

vi.mock('next/cache', async () => (await import('./helpers/next-doubles')).nextCacheDouble);

const folder = join(process.cwd(), 'tests', 'fixtures', 'import', 'hugo-described');

async function importSite(db: Db) {
  const opened = await openImportSource(folder);
  try {
    return await runImport(db, opened.document, { render: renderDocument, dataDir: mkdtempSync(join(tmpdir(), 'duet-described-')), files: opened.files, dryRun: false, identity: opened.identity });
  } finally {
    opened.close();
  }
}

for (const target of testTargets) {
  describe.skipIf(target.skip)(`tag descriptions from a Hugo site's list pages (${target.name})`, () => {
    let t: TestDatabase;
    beforeAll(async () => {
      t = await target.open();
      await migrateToLatest(t.db);
    });
    afterAll(() => t?.close());

    it('describes the tags of a term and of a section in both languages, as the tag page reads them', async () => {
      const report = await importSite(t.db);
      expect(report.counts).toMatchObject({ posts: 2, pairs: 1, created: 2, failed: 0 });
      const repo = createContentRepository(t.db);
      const beds = await repo.findTagBySlug('en', 'garden-beds');
      expect(beds?.names).toEqual({ en: { name: 'Garden Beds', slug: 'garden-beds' }, zh: { name: '菜畦', slug: 'garden-beds' } });
      expect(beds?.descriptions).toEqual({ en: 'Raised beds and what grows in them.\n\nSoil, compost and the odd slug.', zh: '菜畦里种的东西，和种不活的东西。' });
      expect((await repo.findTagBySlug('zh', 'notes'))?.descriptions).toEqual({ en: 'Short notes from the garden, written the evening after.', zh: '园子里的短笔记，当天晚上写下。' });
      expect((await repo.findTagBySlug('en', 'travel'))?.descriptions).toBeUndefined();
    });

    it('creates nothing on a second run and leaves a description written in Duet as it is', async () => {
      const tag = await t.db.selectFrom('tag_texts').select('tag_id').where('slug', '=', 'notes').where('locale', '=', 'en').executeTakeFirstOrThrow();
      await t.db.updateTable('tag_texts').set({ description: 'Our own words.' }).where('tag_id', '=', tag.tag_id).where('locale', '=', 'en').execute();
      const again = await importSite(t.db);
      expect(again.counts).toMatchObject({ created: 0, alreadyImported: 2, failed: 0 });
      expect((await createContentRepository(t.db).findTagBySlug('en', 'notes'))?.descriptions?.en).toBe('Our own words.');
      const count = await t.db.selectFrom('tags').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
      expect(Number(count.n)).toBe(3);
    });
  });
}
