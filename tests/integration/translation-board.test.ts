// The Translations view's rows and counts on both databases: each state worked out by the
// query (missing, draft, in review, outdated, up to date), the last editor of the draft,
// the words left (CJK characters count one each), keyset pages that neither skip nor
// repeat, and counts that agree with the rows.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { renderDocument } from '@/core/markdown/render-document';
import type { Locale } from '@/core/locales';
import { wordsToTranslate, type BoardRow, type BoardCursor } from '@/core/translation/board';
import { migrateToLatest } from '@/db/migrate';
import { createContentRepository, type ContentRepository } from '@/db/repositories/content-repository';
import { createPublishingRepository, type PublishingRepository } from '@/db/repositories/publishing-repository';
import { createStudioRepository, type StudioRepository } from '@/db/repositories/studio-repository';
import { createTranslationBoard } from '@/db/repositories/translation-board';
import { createAccount } from '@/server/auth/accounts';
import { makePost, unique } from './helpers/factories';
import { testTargets, type TestDatabase } from './helpers/test-databases';

for (const target of testTargets) {
  describe.skipIf(target.skip)(`translations view (${target.name})`, () => {
    let t: TestDatabase;
    let content: ContentRepository;
    let studio: StudioRepository;
    let publishing: PublishingRepository;
    let owner: string;
    let translator: string;
    const ids: Record<string, number> = {};
    beforeAll(async () => {
      t = await target.open();
      await migrateToLatest(t.db);
      content = createContentRepository(t.db, renderDocument);
      studio = createStudioRepository(t.db, renderDocument);
      publishing = createPublishingRepository(t.db, renderDocument, { siteOrigin: 'https://duet.example.com' });
      owner = (await createAccount(t.db, { name: 'Owner', email: `${unique('o')}@example.com`, password: 'long enough pw', role: 'editor' })).id;
      translator = (await createAccount(t.db, { name: 'Tina Translator', email: `${unique('t')}@example.com`, password: 'long enough pw', role: 'translator' })).id;
      const save = async (postId: number, locale: Locale, body: string) => {
        const draft = (await studio.getStudioPost(postId))!.translations[locale]!;
        return studio.saveDraft(postId, locale, { fields: { slug: draft.slug, title: draft.title, body }, expectedRevisionId: draft.revisionId, userId: translator });
      };
      const current = await makePost(content);
      const missing = await makePost(content, {
        translations: { zh: { slug: unique('zh'), title: '只有中文', excerpt: '', body: '四个汉字 and three words', state: 'published' } },
      });
      const draft = await makePost(content);
      await save(draft.id, 'en', 'A new English draft.');
      const review = await makePost(content);
      await save(review.id, 'en', 'Ready for review.');
      await publishing.submitForReview(review.id, 'en', translator, '');
      const outdated = await makePost(content);
      await save(outdated.id, 'zh', '新的中文原文。');
      await publishing.publish(outdated.id, 'zh', owner);
      const english = await makePost(content, {
        sourceLocale: 'en',
        translations: { en: { slug: unique('en'), title: 'English only', excerpt: '', body: 'Only English here.', state: 'published' } },
      });
      Object.assign(ids, { current: current.id, missing: missing.id, draft: draft.id, review: review.id, outdated: outdated.id, english: english.id });
      await t.db.updateTable('posts').set({ owner_user_id: owner }).where('id', 'in', Object.values(ids)).execute();
    });
    afterAll(() => t?.close());

    async function allRows(query: { state?: BoardRow['state']; language?: Locale; sort: 'updated' | 'state'; pageSize: number }) {
      const board = createTranslationBoard(t.db);
      const rows: BoardRow[] = [];
      let after: BoardCursor | undefined;
      for (let i = 0; i < 20; i++) {
        const page = await board.page({ ...query, ownerUserId: owner, after });
        rows.push(...page.items);
        if (!page.next) break;
        after = page.next;
      }
      return rows;
    }

    it('works out each state, the editor and the words left', async () => {
      const rows = await allRows({ sort: 'updated', pageSize: 50 });
      const byId = new Map(rows.map((r) => [r.postId, r]));
      expect(byId.get(ids.current!)).toMatchObject({ state: 'current', targetLocale: 'en' });
      expect(byId.get(ids.missing!)).toMatchObject({ state: 'missing', targetLocale: 'en', translationId: null, editorName: null });
      expect(wordsToTranslate(byId.get(ids.missing!)!)).toBe(7);
      expect(wordsToTranslate(byId.get(ids.current!)!)).toBe(0);
      expect(byId.get(ids.draft!)).toMatchObject({ state: 'draft', editorName: 'Tina Translator' });
      expect(byId.get(ids.review!)).toMatchObject({ state: 'review' });
      expect(byId.get(ids.outdated!)).toMatchObject({ state: 'outdated' });
      expect(byId.get(ids.english!)).toMatchObject({ state: 'missing', sourceLocale: 'en', targetLocale: 'zh' });
      expect(rows).toHaveLength(6);
    });

    it('filters by state and language, and counts what it lists', async () => {
      const board = createTranslationBoard(t.db);
      expect(await board.counts({ ownerUserId: owner })).toEqual({ missing: 2, outdated: 1, review: 1, draft: 1, current: 1 });
      expect(await board.counts({ ownerUserId: owner, language: 'zh' })).toEqual({ missing: 1, outdated: 0, review: 0, draft: 0, current: 0 });
      expect((await allRows({ state: 'missing', sort: 'updated', pageSize: 50 })).map((r) => r.postId).sort()).toEqual([ids.missing, ids.english].sort());
      expect((await allRows({ language: 'zh', sort: 'updated', pageSize: 50 })).map((r) => r.postId)).toEqual([ids.english]);
    });

    it('pages by keyset without skipping or repeating, in either order', async () => {
      for (const sort of ['updated', 'state'] as const) {
        const whole = await allRows({ sort, pageSize: 50 });
        const paged = await allRows({ sort, pageSize: 2 });
        expect(paged.map((r) => r.postId)).toEqual(whole.map((r) => r.postId));
      }
      const byState = await allRows({ sort: 'state', pageSize: 2 });
      expect(byState.map((r) => r.state)).toEqual(['missing', 'missing', 'outdated', 'review', 'draft', 'current']);
    });
  });
}
