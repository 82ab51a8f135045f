// The translation memory on both databases: publishing a pair fills it in both directions,
// a lookup finds exact and fuzzy matches with the post they came from, a re-published
// source keeps the earlier translation of its unchanged blocks (the outdated flow), and
// taking a language offline forgets what only that post held.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrateToLatest } from '@/db/migrate';
import { createContentRepository, type ContentRepository } from '@/db/repositories/content-repository';
import { createStudioRepository, type StudioRepository } from '@/db/repositories/studio-repository';
import { createPublishingRepository, type PublishingRepository } from '@/db/repositories/publishing-repository';
import { createTranslationMemory, type TranslationMemory } from '@/db/repositories/translation-memory';
import { createAccount } from '@/server/auth/accounts';
import { renderDocument } from '@/core/markdown/render-document';
import { makePost, unique } from './helpers/factories';
import { testTargets, type TestDatabase } from './helpers/test-databases';

/** A made-up word no other text contains, so each test's segments are its own. */
const word = () => `zq${Array.from({ length: 8 }, () => String.fromCharCode(97 + Math.floor(Math.random() * 26))).join('')}`;

for (const target of testTargets) {
  describe.skipIf(target.skip)(`translation memory (${target.name})`, () => {
    let t: TestDatabase;
    let content: ContentRepository;
    let studio: StudioRepository;
    let publishing: PublishingRepository;
    let memory: TranslationMemory;
    let userId: string;
    beforeAll(async () => {
      t = await target.open();
      await migrateToLatest(t.db);
      content = createContentRepository(t.db, renderDocument);
      studio = createStudioRepository(t.db, renderDocument);
      publishing = createPublishingRepository(t.db, renderDocument);
      memory = createTranslationMemory(t.db);
      userId = (await createAccount(t.db, { name: 'Editor', email: `${unique('e')}@example.com`, password: 'long enough pw', role: 'editor' })).id;
    });
    afterAll(() => t?.close());

    function pair(w: string) {
      const zh = [`## 关于${w}的小记`, `《双声》是一本小小的双语杂志，${w}创办于夏天。编辑部只有两个人。`, `我们相信，两种语言的读者应该读到同一个${w}想法。`].join('\n\n');
      const en = [`## A note on ${w}`, `Duet is a small bilingual magazine, ${w} founded in summer. The editorial team has two people.`, `We believe readers of both languages should read the same ${w} idea.`].join('\n\n');
      return { zh, en };
    }

    it('is filled on publish in both directions, with exact and fuzzy matches and their post', async () => {
      const w = word();
      const { zh, en } = pair(w);
      const post = await makePost(content, { translations: { zh: { slug: unique('zh'), title: `标题 ${w}`, body: zh, state: 'published' }, en: { slug: unique('en'), title: `Title ${w}`, body: en, state: 'published' } } });

      // zh → en, sentence by sentence (both sides split into two sentences).
      const exact = await memory.suggest(`《双声》是一本小小的双语杂志，${w}创办于夏天。`, 'zh', 'en');
      expect(exact[0]).toMatchObject({ percentage: 100, targetText: `Duet is a small bilingual magazine, ${w} founded in summer.`, origin: { postId: post.id, title: `Title ${w}` } });

      // The whole paragraph (the editor's block) as well as each of its sentences.
      const block = await memory.suggest(`《双声》是一本小小的双语杂志，${w}创办于夏天。编辑部只有两个人。`, 'zh', 'en');
      expect(block[0]).toMatchObject({ percentage: 100, targetText: `Duet is a small bilingual magazine, ${w} founded in summer. The editorial team has two people.` });

      const fuzzy = await memory.suggest(`我们相信，两种语言的读者应该读到同一个${w}观点。`, 'zh', 'en');
      expect(fuzzy[0]!.targetText).toBe(`We believe readers of both languages should read the same ${w} idea.`);
      expect(fuzzy[0]!.percentage).toBeGreaterThanOrEqual(70);
      expect(fuzzy[0]!.percentage).toBeLessThan(100);

      // en → zh: the same pair read the other way, words compared.
      const back = await memory.suggest(`We believe readers of both languages should read the same ${w} thought.`, 'en', 'zh');
      expect(back[0]).toMatchObject({ targetText: `我们相信，两种语言的读者应该读到同一个${w}想法。`, origin: { postId: post.id, title: `标题 ${w}` } });
      // One word of twelve changed: 1 − 1/12, rounded down.
      expect(back[0]!.percentage).toBe(91);

      // Unrelated text: nothing offered.
      expect(await memory.suggest('完全不同的一句话，讲的是别的事情。', 'zh', 'en')).toEqual([]);
    });

    it('offers the earlier translation of unchanged blocks when the source is re-published, and forgets a post taken offline', async () => {
      const w = word();
      const { zh, en } = pair(w);
      const post = await makePost(content, { translations: { zh: { slug: unique('zh'), title: `标题 ${w}`, body: zh, state: 'published' }, en: { slug: unique('en'), title: `Title ${w}`, body: en, state: 'published' } } });
      const draft = (await studio.getStudioPost(post.id))!.translations.zh!;
      const changed = zh.replace(`同一个${w}想法`, `同一个${w}想法，而不是它的两个远房亲戚`);
      await studio.saveDraft(post.id, 'zh', { fields: { slug: draft.slug, title: draft.title, body: changed }, expectedRevisionId: draft.revisionId, userId });
      await publishing.publish(post.id, 'zh', userId);

      // The heading did not change: its earlier translation is an exact match.
      expect((await memory.suggest(`## 关于${w}的小记`, 'zh', 'en'))[0]).toMatchObject({ percentage: 100, targetText: `## A note on ${w}` });
      // The changed block is offered its earlier translation as a fuzzy match only.
      const forChanged = await memory.suggest(`我们相信，两种语言的读者应该读到同一个${w}想法，而不是它的两个远房亲戚。`, 'zh', 'en');
      expect(forChanged[0]?.percentage ?? 0).toBeLessThan(100);

      await publishing.unpublish(post.id, 'en');
      expect(await memory.suggest(`## 关于${w}的小记`, 'zh', 'en')).toEqual([]);
    });

    it('keeps a unit two posts share until the last of them goes offline', async () => {
      const w = word();
      const { zh, en } = pair(w);
      const make = () => makePost(content, { translations: { zh: { slug: unique('zh'), title: `标题 ${w}`, body: zh, state: 'published' }, en: { slug: unique('en'), title: `Title ${w}`, body: en, state: 'published' } } });
      const first = await make();
      const second = await make();
      const heading = `## 关于${w}的小记`;
      expect((await memory.suggest(heading, 'zh', 'en'))[0]!.origin!.postId).toBe(second.id);
      await publishing.unpublish(second.id, 'en');
      expect((await memory.suggest(heading, 'zh', 'en'))[0]!.origin!.postId).toBe(first.id);
      await publishing.unpublish(first.id, 'zh');
      expect(await memory.suggest(heading, 'zh', 'en')).toEqual([]);
    });
  });
}
