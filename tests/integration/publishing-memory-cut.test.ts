// Publishing from the Studio or the scheduler fills the translation memory from texts the
// worker pool cut before the transaction (PublishingDeps.cut): the transaction itself
// parses no Markdown. Without a cutter it parses them there, as imports without blocks do,
// and the memory is the same either way. Both databases.
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { renderDocument } from '@/core/markdown/render-document';
import { migrateToLatest } from '@/db/migrate';
import { createContentRepository } from '@/db/repositories/content-repository';
import { createPublishingRepository } from '@/db/repositories/publishing-repository';
import * as segments from '@/core/translation/segments';
import { unique } from './helpers/factories';
import { memoryContents } from './helpers/per-unit-memory';
import { testTargets, type TestDatabase } from './helpers/test-databases';

const actual = await vi.importActual<typeof segments>('@/core/translation/segments');
vi.mock('@/core/translation/segments', async (importOriginal) => {
  const original = await importOriginal<typeof segments>();
  return { ...original, markdownBlocks: vi.fn(original.markdownBlocks) };
});
const parsedInProcess = vi.mocked(segments.markdownBlocks);

const zh = '第一段写茶。\n\n第二段写水，水要先烧开。\n';
const en = 'The first paragraph is about tea.\n\nThe second is about water, which must boil first.\n';

for (const target of testTargets) {
  describe.skipIf(target.skip)(`publishing cuts the memory's texts before its transaction (${target.name})`, () => {
    let t: TestDatabase;
    beforeAll(async () => {
      t = await target.open();
      await migrateToLatest(t.db);
    });
    afterAll(() => t?.close());

    /** A post live in Chinese with its English draft waiting. */
    async function postWithEnglishDraft(): Promise<number> {
      const post = await createContentRepository(t.db, renderDocument).createPost({
        status: 'published',
        sourceLocale: 'zh',
        translations: {
          zh: { slug: unique('zh'), title: '茶与水', body: zh, state: 'published' },
          en: { slug: unique('en'), title: 'Tea and water', body: en, state: 'draft' },
        },
      });
      return post.id;
    }
    const memoryOf = async () => (await memoryContents(t.db)).units.map((unit) => unit.split('\u0000').slice(0, 4).join('\u0000'));

    it('publishes, unpublishes and schedules with the texts cut outside, and the same memory as parsing inside', async () => {
      const cutTexts: string[] = [];
      const cut = (markdown: string) => {
        cutTexts.push(markdown);
        return Promise.resolve(actual.markdownBlocks(markdown));
      };
      const withCutter = createPublishingRepository(t.db, renderDocument, { cut });
      const first = await postWithEnglishDraft();

      parsedInProcess.mockClear();
      await withCutter.publish(first, 'en', null);
      expect(parsedInProcess).not.toHaveBeenCalled();
      expect(new Set(cutTexts)).toEqual(new Set([zh, en]));
      const memory = await memoryOf();
      expect(memory.length).toBeGreaterThan(0);

      await withCutter.unpublish(first, 'en');
      await withCutter.schedule(first, 'en', new Date(Date.now() + 60_000));
      expect(await withCutter.publishDue(new Date(Date.now() + 120_000))).toEqual([first]);
      expect(parsedInProcess).not.toHaveBeenCalled();
      expect(await memoryOf()).toEqual(memory);

      // The same publication without a cutter parses in the transaction, to the same memory.
      await withCutter.unpublish(first, 'en');
      parsedInProcess.mockClear();
      await createPublishingRepository(t.db, renderDocument).publish(first, 'en', null);
      expect(parsedInProcess).toHaveBeenCalled();
      expect(await memoryOf()).toEqual(memory);
    });

    it('parses in the transaction a text the worker could not cut, and still publishes', async () => {
      const failing = createPublishingRepository(t.db, renderDocument, { cut: () => Promise.reject(new Error('over budget')) });
      const post = await postWithEnglishDraft();
      parsedInProcess.mockClear();
      await failing.publish(post, 'en', null);
      expect(await t.db.selectFrom('live_translations').select('locale').where('post_id', '=', post).orderBy('locale').execute()).toEqual([{ locale: 'en' }, { locale: 'zh' }]);
      expect(parsedInProcess).toHaveBeenCalled();
    });
  });
}
