// Drafts and publishing on both databases: a save never changes what readers get (the
// article, lists and feeds, the sitemap, search), Update publishes exactly the draft,
// Discard brings the live text back, a scheduled update publishes the revision pinned when
// it was scheduled, review requests publish exactly what was submitted, and however many
// schedulers race, each due text is published once.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrateToLatest } from '@/db/migrate';
import { createContentRepository, type ContentRepository } from '@/db/repositories/content-repository';
import { createStudioRepository, type StudioRepository } from '@/db/repositories/studio-repository';
import { createPublishingRepository, type PublishingRepository } from '@/db/repositories/publishing-repository';
import { createSearchRepository } from '@/db/repositories/search-repository';
import { createAccount } from '@/server/auth/accounts';
import { renderDocument } from '@/core/markdown/render-document';
import type { Locale } from '@/core/locales';
import type { Post } from '@/core/content/types';
import { makePost, unique } from './helpers/factories';
import { testTargets, type TestDatabase } from './helpers/test-databases';

/** A made-up word no other text contains (letters only, so the tokenizer keeps it whole). */
const word = () => `zq${Array.from({ length: 10 }, () => String.fromCharCode(97 + Math.floor(Math.random() * 26))).join('')}`;

for (const target of testTargets) {
  describe.skipIf(target.skip)(`publishing (${target.name})`, () => {
    let t: TestDatabase;
    let content: ContentRepository;
    let studio: StudioRepository;
    let publishing: PublishingRepository;
    let userId: string;
    beforeAll(async () => {
      t = await target.open();
      await migrateToLatest(t.db);
      content = createContentRepository(t.db, renderDocument);
      studio = createStudioRepository(t.db, renderDocument);
      publishing = createPublishingRepository(t.db, renderDocument);
      userId = (await createAccount(t.db, { name: 'Editor', email: `${unique('e')}@example.com`, password: 'long enough pw', role: 'editor' })).id;
    });
    afterAll(() => t?.close());

    /** Everything a reader can get of a post: both articles with their HTML, lists, sitemap, search. */
    async function publicView(post: Post, words: string[]) {
      const search = createSearchRepository(t.db);
      const article = async (locale: Locale) => {
        const found = await content.findPostBySlug(locale, post.translations[locale]!.slug);
        if (!found) return null;
        // The post row's own counters move with every save; no reader page shows them.
        const { version: _v, updatedAt: _u, ...rest } = found.post;
        void _v;
        void _u;
        return rest;
      };
      const ids = Object.values(post.translations).map((x) => x!.id);
      const listed = async (locale: Locale) =>
        (await content.listPosts({ locale, page: 1, pageSize: 100 })).items.filter((p) => p.id === post.id).map((p) => p.translations[locale]);
      return JSON.parse(JSON.stringify({
        zh: await article('zh'),
        en: await article('en'),
        renderings: [...(await content.getRenderings(ids)).entries()],
        lists: [await listed('zh'), await listed('en')],
        sitemap: (await content.listSitemapEntries()).filter((e) => JSON.stringify(e).includes(post.translations.en!.slug)),
        search: await Promise.all(words.map(async (w) => (await search.search({ query: w, page: 1, pageSize: 10 })).items)),
      })) as unknown;
    }

    async function draftOf(postId: number, locale: Locale) {
      return (await studio.getStudioPost(postId))!.translations[locale]!;
    }

    it('changes nothing readers get on a save, and publishes exactly the draft on Update', async () => {
      const [old, fresh] = [word(), word()];
      const post = await makePost(content, { translations: { zh: { slug: unique('zh'), title: '旧标题', body: `旧的正文 ${old}`, state: 'published' }, en: { slug: unique('en'), title: 'Old title', body: `Old body ${old}`, state: 'published' } } });
      const before = await publicView(post, [old, fresh]);
      const draft = await draftOf(post.id, 'en');
      const saved = await studio.saveDraft(post.id, 'en', { fields: { slug: unique('moved'), title: 'New title', body: `New **body** ${fresh}` }, expectedRevisionId: draft.revisionId, userId });
      expect(await publicView(post, [old, fresh])).toEqual(before);
      expect((await studio.getStudioPost(post.id))!.editorial.en).toBe('changes');

      const { events } = await publishing.publish(post.id, 'en', userId);
      expect(events).toEqual([{ type: 'updated', postId: post.id, locale: 'en', revisionId: saved.revisionId, by: 'person' }]);
      expect(await content.findPostBySlug('en', post.translations.en!.slug)).toBeNull();
      const live = (await content.findPostBySlug('en', saved.slug))!.post.translations.en!;
      expect(live).toMatchObject({ title: 'New title', body: `New **body** ${fresh}`, revisionId: saved.revisionId });
      const [rendering] = [...(await content.getRenderings([live.id])).values()];
      expect(rendering!.html).toContain('<strong>body</strong>');
      const search = createSearchRepository(t.db);
      expect((await search.search({ query: fresh, locale: 'en', page: 1, pageSize: 10 })).total).toBe(1);
      expect((await search.search({ query: old, locale: 'en', page: 1, pageSize: 10 })).total).toBe(0);
      expect((await studio.getStudioPost(post.id))!.editorial.en).toBe('published');
    });

    it('keeps a published text\'s address when a new title is saved with the slug left to follow it', async () => {
      const post = await makePost(content);
      const en = post.translations.en!;
      const draft = await draftOf(post.id, 'en');
      const saved = await studio.saveDraft(post.id, 'en', { fields: { slug: '', title: 'A retitled essay', body: en.body }, expectedRevisionId: draft.revisionId, userId });
      expect(saved.slug).toBe(en.slug);
      await publishing.publish(post.id, 'en', userId);
      expect((await content.findPostBySlug('en', en.slug))!.post.translations.en!.title).toBe('A retitled essay');
      // Never published: the address still follows the title.
      const id = await studio.createDraftPost({ sourceLocale: 'en', title: 'First title', userId, authorId: null });
      const fresh = await draftOf(id, 'en');
      const renamed = await studio.saveDraft(id, 'en', { fields: { slug: '', title: 'Second title', body: 'x' }, expectedRevisionId: fresh.revisionId, userId });
      expect(renamed.slug).toMatch(/^second-title/);
    });

    it('discards a draft back to the live text, keeping what was discarded in the history', async () => {
      const post = await makePost(content);
      const en = post.translations.en!;
      const before = await publicView(post, []);
      const draft = await draftOf(post.id, 'en');
      await studio.saveDraft(post.id, 'en', { fields: { slug: en.slug, title: 'Half-done rewrite', body: 'Not ready' }, expectedRevisionId: draft.revisionId, userId });
      const { events, post: after } = await publishing.discardChanges(post.id, 'en', userId);
      expect(events).toEqual([{ type: 'discarded', postId: post.id, locale: 'en' }]);
      expect(after.editorial.en).toBe('published');
      expect(after.translations.en).toMatchObject({ title: en.title, body: en.body });
      expect(await publicView(post, [])).toEqual(before);
      expect(after.translations.en!.revisionId).toBe(en.revisionId);
      expect((await studio.listRevisions(post.id, 'en')).map((r) => r.title).slice(0, 2)).toEqual(['Half-done rewrite', en.title]);
      // Nothing published: nothing to go back to.
      const { id } = await studio.createDraftPost({ sourceLocale: 'en', title: 'Never published', userId, authorId: null }).then((id) => ({ id }));
      await expect(publishing.discardChanges(id, 'en', userId)).rejects.toMatchObject({ code: 'CONFLICT', reason: 'not-published' });
    });

    it('publishes on time the revision scheduled, not edits made after scheduling', async () => {
      const post = await makePost(content);
      const en = post.translations.en!;
      const first = await studio.saveDraft(post.id, 'en', { fields: { slug: en.slug, title: 'Scheduled update', body: 'For Monday' }, expectedRevisionId: (await draftOf(post.id, 'en')).revisionId, userId });
      const at = new Date(Date.now() + 3_600_000);
      await publishing.schedule(post.id, 'en', at);
      await studio.saveDraft(post.id, 'en', { fields: { slug: en.slug, title: 'Later idea', body: 'Not for Monday' }, expectedRevisionId: first.revisionId, userId });
      expect((await publishing.publishDue(new Date(at.getTime() - 60_000)))).not.toContain(post.id);
      expect((await content.findPostBySlug('en', en.slug))!.post.translations.en!.title).toBe(en.title);
      expect(await publishing.publishDue(new Date(at.getTime() + 1000))).toContain(post.id);
      const live = (await content.findPostBySlug('en', en.slug, { now: new Date(at.getTime() + 1000) }))!.post.translations.en!;
      expect(live).toMatchObject({ title: 'Scheduled update', body: 'For Monday', revisionId: first.revisionId });
      expect((await studio.getStudioPost(post.id))!.editorial.en).toBe('changes');
    });

    it('keeps a review request on the draft as it is saved, approves only what the reviewer saw, and returns a request with its note', async () => {
      const { id } = await studio.createDraftPost({ sourceLocale: 'zh', title: '审阅', userId, authorId: null }).then((id) => ({ id }));
      const zh = await draftOf(id, 'zh');
      const submitted = await studio.saveDraft(id, 'zh', { fields: { slug: zh.slug, title: '提交的版本', body: '请审阅' }, expectedRevisionId: zh.revisionId, userId });
      await publishing.submitForReview(id, 'zh', userId, '请看一下');
      expect((await studio.getStudioPost(id))!.editorial.zh).toBe('review');
      expect(await publishing.countPendingReviews()).toBeGreaterThanOrEqual(1);
      // A fix after submitting moves the request: the reviewer is shown what changed since.
      const fixed = await studio.saveDraft(id, 'zh', { fields: { slug: zh.slug, title: '之后的修改', body: '改好了' }, expectedRevisionId: submitted.revisionId, userId });
      const review = (await studio.getStudioPost(id))!.languages.zh!.review!;
      expect(review).toMatchObject({ state: 'pending', revisionId: fixed.revisionId, submittedRevisionId: submitted.revisionId, changedAt: expect.any(String) });
      // A reviewer who opened the request before the fix approves nothing: 409 with both states.
      await expect(publishing.approveReview(id, 'zh', userId, submitted.revisionId)).rejects.toMatchObject({
        code: 'CONFLICT',
        reason: 'review-changed',
        details: { shown: { revisionId: submitted.revisionId }, current: { state: 'pending', revisionId: fixed.revisionId, submittedRevisionId: submitted.revisionId } },
      });
      expect(await content.findPostBySlug('zh', zh.slug)).toBeNull();

      const returned = await publishing.returnReview(id, 'zh', userId, '第二段要改');
      expect(returned.post.editorial.zh).toBe('draft');
      expect(returned.post.languages.zh!.review).toMatchObject({ state: 'returned', decisionNote: '第二段要改' });
      expect(returned.events).toEqual([{ type: 'review-returned', postId: id, locale: 'zh' }]);
      await expect(publishing.approveReview(id, 'zh', userId, fixed.revisionId)).rejects.toMatchObject({ code: 'CONFLICT', reason: 'no-review', details: { current: { state: 'returned' } } });

      await publishing.submitForReview(id, 'zh', userId, '');
      const current = await draftOf(id, 'zh');
      const approved = await publishing.approveReview(id, 'zh', userId, current.revisionId);
      expect(approved.events).toEqual([
        { type: 'published', postId: id, locale: 'zh', revisionId: current.revisionId, by: 'person' },
        { type: 'review-approved', postId: id, locale: 'zh', revisionId: current.revisionId },
      ]);
      expect((await content.findPostBySlug('zh', zh.slug))!.post.translations.zh).toMatchObject({ title: '之后的修改', revisionId: current.revisionId });
      expect(approved.post.editorial.zh).toBe('published');
      expect(approved.post.languages.zh!.review!.state).toBe('approved');
    });

    it('passes over a scheduled text that fails, keeping it scheduled, and still publishes the others', async () => {
      const at = new Date(Date.now() - 1000);
      const made: { id: number; revisionId: number }[] = [];
      for (const body of ['Goes out first', 'Breaks the renderer', 'Goes out too']) {
        const id = await studio.createDraftPost({ sourceLocale: 'en', title: unique('Batch'), userId, authorId: null });
        const draft = await draftOf(id, 'en');
        const pinned = await studio.saveDraft(id, 'en', { fields: { slug: draft.slug, title: body, body }, expectedRevisionId: draft.revisionId, userId });
        await publishing.schedule(id, 'en', at);
        // Edited after scheduling: the pinned revision is rendered when it goes out.
        await studio.saveDraft(id, 'en', { fields: { slug: draft.slug, title: 'Later', body: 'Later' }, expectedRevisionId: pinned.revisionId, userId });
        made.push({ id, revisionId: pinned.revisionId });
      }
      const breaking = createPublishingRepository(t.db, async (input) => {
        if (input.markdown === 'Breaks the renderer') throw new Error('renderer down');
        return renderDocument(input);
      });
      const failures: unknown[] = [];
      const published = await breaking.publishDue(new Date(), (failure) => failures.push(failure));
      expect(published.sort((a, b) => a - b)).toEqual([made[0]!.id, made[2]!.id]);
      expect(failures).toMatchObject([{ postId: made[1]!.id, error: { message: 'renderer down' } }]);
      const stuck = await studio.getStudioPost(made[1]!.id);
      expect(stuck!.editorial.en).not.toBe('published');
      expect(await publishing.nextDue()).toEqual(at);
      // What the scheduler asks to set its timer: nothing after now, so it does not spin on this one.
      expect(await publishing.nextDue(new Date())).toBeNull();
      // Thrown when no one asked to hear of failures; published once the renderer works.
      await expect(breaking.publishDue()).rejects.toThrow('renderer down');
      expect(await publishing.publishDue()).toEqual([made[1]!.id]);
      expect((await content.findPostBySlug('en', stuck!.translations.en!.slug))!.post.translations.en).toMatchObject({ title: 'Breaks the renderer', revisionId: made[1]!.revisionId });
      expect(await publishing.nextDue()).toBeNull();
    });

    it('publishes each due text once however many schedulers race', async () => {
      const at = new Date(Date.now() - 1000);
      const ids: number[] = [];
      for (let i = 0; i < 6; i++) {
        const id = await studio.createDraftPost({ sourceLocale: 'en', title: `Race ${i}`, userId, authorId: null });
        await publishing.schedule(id, 'en', at);
        ids.push(id);
      }
      const runs = await Promise.all([0, 1, 2, 3].map(() => publishing.publishDue()));
      const published = runs.flat().filter((id) => ids.includes(id));
      expect(published.sort((a, b) => a - b)).toEqual(ids);
      for (const id of ids) expect((await studio.getStudioPost(id))!.editorial.en).toBe('published');
      expect(await publishing.publishDue()).toEqual([]);
    });
  });
}
