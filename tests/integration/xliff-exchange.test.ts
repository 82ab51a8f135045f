// XLIFF in and out on both databases: export → import → export gives the same file (in
// 2.1 with a paragraph's sentences as segments); an
// import makes drafts (a translator's go to review), never live text; a file made from a
// source that changed since is refused for that text with the reason, merged where every
// block is unchanged; a malformed file writes nothing.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { renderDocument } from '@/core/markdown/render-document';
import type { Actor } from '@/core/auth/permissions';
import type { Locale } from '@/core/locales';
import { migrateToLatest } from '@/db/migrate';
import { createContentRepository, type ContentRepository } from '@/db/repositories/content-repository';
import { createStudioRepository, type StudioRepository } from '@/db/repositories/studio-repository';
import { createAccount } from '@/server/auth/accounts';
import { exportTmx, exportXliff, importXliff } from '@/server/translation/xliff-exchange';
import { makePost, unique } from './helpers/factories';
import { testTargets, type TestDatabase } from './helpers/test-databases';

const zhBody = '## 第一节\n\n这是**重要**的一段，含[链接](https://example.com/x)。它有两句！\n\n```sh\nnpm run duet\n```\n\n- 甲项\n- 乙项';
const enBody = '## Section one\n\nThis is an **important** paragraph, with a [link](https://example.com/x). It has two sentences!\n\n```sh\nnpm run duet\n```\n\n- Item A\n- Item B';

for (const target of testTargets) {
  describe.skipIf(target.skip)(`XLIFF exchange (${target.name})`, () => {
    let t: TestDatabase;
    let content: ContentRepository;
    let studio: StudioRepository;
    let translator: Actor;
    let editor: Actor;
    beforeAll(async () => {
      t = await target.open();
      await migrateToLatest(t.db);
      content = createContentRepository(t.db, renderDocument);
      studio = createStudioRepository(t.db, renderDocument);
      translator = { id: (await createAccount(t.db, { name: 'T', email: `${unique('t')}@example.com`, password: 'long enough pw', role: 'translator' })).id, role: 'translator' };
      editor = { id: (await createAccount(t.db, { name: 'E', email: `${unique('e')}@example.com`, password: 'long enough pw', role: 'editor' })).id, role: 'editor' };
    });
    afterAll(() => t?.close());

    const pair = () =>
      makePost(content, {
        translations: {
          zh: { slug: unique('zh'), title: '双语文章', excerpt: '', body: zhBody, state: 'published' },
          en: { slug: unique('en'), title: 'A bilingual post', excerpt: 'Kept.', body: enBody, state: 'published' },
        },
      });
    const draftOf = async (postId: number, locale: Locale) => (await studio.getStudioPost(postId))!.translations[locale];

    for (const format of ['xliff2', 'xliff12'] as const) {
      it(`gives the same file after export → import → export (${format})`, async () => {
        const post = await pair();
        const first = await exportXliff(t.db, editor, { to: 'en', format, postIds: [post.id] });
        expect(first.count).toBe(1);
        // 2.1 cuts the paragraph into its two sentences; 1.2 keeps a block per unit.
        expect(first.xliff.includes('<target xml:space="preserve">It has two sentences!</target>')).toBe(format === 'xliff2');
        const outcomes = await importXliff(t.db, renderDocument, editor, first.xliff);
        expect(outcomes).toEqual([{ postId: post.id, locale: 'en', outcome: 'saved', merged: false, submittedForReview: false }]);
        const second = await exportXliff(t.db, editor, { to: 'en', format, postIds: [post.id] });
        expect(second.xliff).toBe(first.xliff);
        expect((await draftOf(post.id, 'en'))!.body).toBe(enBody);
        expect((await draftOf(post.id, 'en'))!.excerpt).toBe('Kept.');
      });
    }

    it('makes a translator\'s import a draft waiting for review, never live', async () => {
      const post = await pair();
      const xml = (await exportXliff(t.db, translator, { to: 'en', format: 'xliff2', postIds: [post.id] })).xliff.replace('>Item B<', '>Item B, revised<');
      const outcomes = await importXliff(t.db, renderDocument, translator, xml);
      expect(outcomes[0]).toMatchObject({ outcome: 'saved', submittedForReview: true });
      const studioPost = (await studio.getStudioPost(post.id))!;
      expect(studioPost.translations.en!.body).toContain('- Item B, revised');
      expect(studioPost.languages.en!.review?.state).toBe('pending');
      const live = await content.findPostBySlug('en', studioPost.translations.en!.slug);
      expect(live?.post.translations.en?.body).toBe(enBody);
    });

    it('refuses a text whose source changed since the export, and merges where every block is unchanged', async () => {
      const changed = await pair();
      const retitled = await pair();
      const xml = (await exportXliff(t.db, editor, { to: 'en', format: 'xliff2', postIds: [changed.id, retitled.id] })).xliff.replaceAll('>Item A<', '>First item<');
      const zhChanged = (await draftOf(changed.id, 'zh'))!;
      await studio.saveDraft(changed.id, 'zh', { fields: { slug: zhChanged.slug, title: zhChanged.title, body: zhBody.replace('甲项', '丙项') }, expectedRevisionId: zhChanged.revisionId, userId: editor.id });
      const zhRetitled = (await draftOf(retitled.id, 'zh'))!;
      await studio.saveDraft(retitled.id, 'zh', { fields: { slug: zhRetitled.slug, title: '新的标题', body: zhBody }, expectedRevisionId: zhRetitled.revisionId, userId: editor.id });
      const outcomes = await importXliff(t.db, renderDocument, editor, xml);
      expect(outcomes).toEqual([
        { postId: changed.id, locale: 'en', outcome: 'refused', reason: expect.stringMatching(/^the source changed since the export: 1 block\(s\) are new or changed/) },
        { postId: retitled.id, locale: 'en', outcome: 'saved', merged: true, submittedForReview: false },
      ]);
      expect((await draftOf(changed.id, 'en'))!.body).toBe(enBody);
      expect((await draftOf(retitled.id, 'en'))!.body).toContain('- First item');
    });

    it('writes nothing from a malformed file and names the line', async () => {
      const post = await pair();
      const xml = (await exportXliff(t.db, editor, { to: 'en', format: 'xliff2', postIds: [post.id] })).xliff.replace('>Item A<', '>Item A &<');
      const before = (await draftOf(post.id, 'en'))!.revisionId;
      await expect(importXliff(t.db, renderDocument, editor, xml)).rejects.toMatchObject({ code: 'VALIDATION', message: expect.stringMatching(/\(line \d+\): not well-formed XML/) });
      expect((await draftOf(post.id, 'en'))!.revisionId).toBe(before);
    });

    it('exports missing translations and the memory of published pairs', async () => {
      const post = await pair();
      const missing = await makePost(content, { translations: { zh: { slug: unique('zh'), title: '只有中文', excerpt: '', body: zhBody, state: 'published' } } });
      const { xliff } = await exportXliff(t.db, null, { to: 'en', format: 'xliff2', states: ['missing'] });
      expect(xliff).toContain(`<file id="post-${missing.id}"`);
      expect(xliff).not.toContain(`<file id="post-${post.id}"`);
      const { tmx } = await exportTmx(t.db, 'en');
      expect(tmx).toContain(`<tu tuid="p${post.id}-title">`);
      expect(tmx).toContain('<seg>这是<ph x="1" type="x-markdown"/>重要<ph x="2" type="x-markdown"/>的一段，含<ph x="3" type="x-markdown"/>链接<ph x="4" type="x-markdown"/>。它有两句！</seg>');
      expect(tmx).not.toContain(`p${missing.id}-`);
    });
  });
}
