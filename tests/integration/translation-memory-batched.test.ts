// The batched memory writer holds exactly what the per-unit build held, on both databases:
// the demo articles published (each pair once, and one pair twice, so posts share units)
// fill the memory through the publishing transaction with the blocks the renderer cut;
// the per-unit reference (helpers/per-unit-memory.ts) and `rebuild` then build it again
// from the live texts, and all three hold the same units, keys and links.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrateToLatest } from '@/db/migrate';
import { createContentRepository } from '@/db/repositories/content-repository';
import { createTranslationMemory } from '@/db/repositories/translation-memory';
import { renderDocument } from '@/core/markdown/render-document';
import { deleteAllLinks } from './helpers/memory-links';
import { demoPairs } from './helpers/demo-pairs';
import { memoryContents, refreshPostMemoryPerUnit } from './helpers/per-unit-memory';
import { unique } from './helpers/factories';
import { testTargets, type TestDatabase } from './helpers/test-databases';

const pairs = demoPairs;

for (const target of testTargets) {
  describe.skipIf(target.skip)(`translation memory, batched and per unit (${target.name})`, () => {
    let t: TestDatabase;
    beforeAll(async () => {
      t = await target.open();
      await migrateToLatest(t.db);
    });
    afterAll(() => t?.close());

    const empty = async () => {
      await deleteAllLinks(t.db);
      await t.db.deleteFrom('translation_memory_units').execute();
    };
    it('holds the same units, keys and links as the per-unit build, after publishing and after a rebuild', async () => {
      const content = createContentRepository(t.db, renderDocument);
      for (const [i, pair] of [...pairs, pairs[0]!].entries()) {
        await content.createPost({
          status: 'published',
          sourceLocale: i % 3 === 0 ? 'en' : 'zh',
          translations: {
            zh: { slug: unique('zh'), title: `第 ${i} 篇`, body: pair.zh, state: 'published' },
            en: { slug: unique('en'), title: `Number ${i}`, body: pair.en, state: 'published' },
          },
        });
      }
      const published = await memoryContents(t.db);
      expect(published.units.length).toBeGreaterThan(100);
      expect(published.links.length).toBeGreaterThan(published.units.length);

      await empty();
      const posts = await t.db.selectFrom('posts').select('id').orderBy('id').execute();
      for (const { id } of posts) await refreshPostMemoryPerUnit(t.db, id);
      const perUnit = await memoryContents(t.db);
      expect(published).toEqual(perUnit);

      await empty();
      expect(await createTranslationMemory(t.db).rebuild()).toBe(posts.length);
      expect(await memoryContents(t.db)).toEqual(perUnit);
      // Some 2,000 per-unit round trips on a shared machine: not a bound on anything.
    }, 300_000);
  });
}
