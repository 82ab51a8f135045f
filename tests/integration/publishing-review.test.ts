// What the reviewer saw is what is published, on both databases: a review request follows
// the draft as it is saved; an approval whose request moved between the reviewer's read
// and the write publishes nothing (409 with both states); two reviewers approving at once
// publish once; a text showing images from other sites is refused on every path to readers,
// and a translation brought up to date stops being outdated once it is published.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { renderDocument } from '@/core/markdown/render-document';
import { migrateToLatest } from '@/db/migrate';
import { createContentRepository, type ContentRepository } from '@/db/repositories/content-repository';
import { createPublishingRepository, type PublishingRepository } from '@/db/repositories/publishing-repository';
import { createStudioRepository, type StudioRepository } from '@/db/repositories/studio-repository';
import { createAccount } from '@/server/auth/accounts';
import type { Locale } from '@/core/locales';
import { makePost, unique } from './helpers/factories';
import { testTargets, type TestDatabase } from './helpers/test-databases';

const site = 'https://duet.example.com';

for (const target of testTargets) {
  describe.skipIf(target.skip)(`review and publishing guards (${target.name})`, () => {
    let t: TestDatabase;
    let content: ContentRepository;
    let studio: StudioRepository;
    let publishing: PublishingRepository;
    let editor: string;
    let translator: string;
    beforeAll(async () => {
      t = await target.open();
      await migrateToLatest(t.db);
      content = createContentRepository(t.db, renderDocument);
      studio = createStudioRepository(t.db, renderDocument);
      publishing = createPublishingRepository(t.db, renderDocument, { siteOrigin: site });
      editor = (await createAccount(t.db, { name: 'Editor', email: `${unique('e')}@example.com`, password: 'long enough pw', role: 'editor' })).id;
      translator = (await createAccount(t.db, { name: 'Translator', email: `${unique('t')}@example.com`, password: 'long enough pw', role: 'translator' })).id;
    });
    afterAll(() => t?.close());

    const draftOf = async (postId: number, locale: Locale) => (await studio.getStudioPost(postId))!.translations[locale]!;
    async function save(postId: number, locale: Locale, body: string, title = 'A title') {
      const draft = await draftOf(postId, locale);
      return studio.saveDraft(postId, locale, { fields: { slug: draft.slug, title, body }, expectedRevisionId: draft.revisionId, userId: translator });
    }
    const liveTitle = async (postId: number, locale: Locale) => (await content.findPostBySlug(locale, (await draftOf(postId, locale)).slug))?.post.translations[locale]?.title ?? null;

    it('publishes nothing when the request moves between the reviewer\'s read and the write', async () => {
      const post = await makePost(content);
      const submitted = await save(post.id, 'en', 'The submitted text', 'Submitted');
      await publishing.submitForReview(post.id, 'en', translator, '');
      await save(post.id, 'en', 'A later draft', 'Later');
      // A request made before requests followed the draft still names the revision submitted:
      // approving it renders that revision before the approval's transaction, and the
      // translator saves in exactly that window.
      const translationId = (await draftOf(post.id, 'en')).id;
      await t.db.updateTable('review_requests').set({ revision_id: submitted.revisionId }).where('translation_id', '=', translationId).where('state', '=', 'pending').execute();
      let fixed: { revisionId: number } | undefined;
      const racing = createPublishingRepository(t.db, async (input: Parameters<typeof renderDocument>[0]) => {
        fixed = await save(post.id, 'en', 'The fixed text', 'Fixed');
        return renderDocument(input);
      }, { siteOrigin: site });
      const refused = await racing.approveReview(post.id, 'en', editor, submitted.revisionId).catch((error: unknown) => error);
      expect(refused).toMatchObject({
        code: 'CONFLICT',
        reason: 'review-changed',
        details: { shown: { revisionId: submitted.revisionId }, current: { state: 'pending', revisionId: fixed!.revisionId } },
      });
      expect(await liveTitle(post.id, 'en')).toBe(post.translations.en!.title);
      // Shown the fixed text, the reviewer approves exactly that.
      const approved = await publishing.approveReview(post.id, 'en', editor, fixed!.revisionId);
      expect(approved.post.languages.en!.live!.revisionId).toBe(fixed!.revisionId);
      expect(await liveTitle(post.id, 'en')).toBe('Fixed');
    });

    it('publishes once when two reviewers approve at the same moment', async () => {
      const post = await makePost(content);
      const submitted = await save(post.id, 'en', 'Ready', 'Ready');
      await publishing.submitForReview(post.id, 'en', translator, '');
      const outcomes = await Promise.allSettled([0, 1, 2].map(() => publishing.approveReview(post.id, 'en', editor, submitted.revisionId)));
      const fulfilled = outcomes.filter((o) => o.status === 'fulfilled');
      expect(fulfilled).toHaveLength(1);
      for (const o of outcomes) if (o.status === 'rejected') expect(o.reason).toMatchObject({ code: 'CONFLICT' });
      expect(await liveTitle(post.id, 'en')).toBe('Ready');
      const requests = await t.db.selectFrom('review_requests as r').innerJoin('post_translations as p', 'p.id', 'r.translation_id').select('r.state').where('p.post_id', '=', post.id).execute();
      expect(requests).toEqual([{ state: 'approved' }]);
    });

    it('refuses images from other sites on publish, schedule and submit, and takes the library\'s', async () => {
      const post = await makePost(content);
      const pasted = 'Before\n\n![A chart](https://lh7-rt.googleusercontent.com/docsz/AD_4nX.png)\n\nAfter';
      await save(post.id, 'en', pasted);
      const refusal = { code: 'CONFLICT', reason: 'foreign-images', fields: { body: ['Not in the media library: https://lh7-rt.googleusercontent.com/docsz/AD_4nX.png'] } };
      await expect(publishing.publish(post.id, 'en', editor)).rejects.toMatchObject(refusal);
      await expect(publishing.schedule(post.id, 'en', new Date(Date.now() + 3_600_000))).rejects.toMatchObject(refusal);
      await expect(publishing.submitForReview(post.id, 'en', translator, '')).rejects.toMatchObject(refusal);
      expect(await liveTitle(post.id, 'en')).toBe(post.translations.en!.title);
      expect((await studio.getStudioPost(post.id))!.languages.en!.review).toBeNull();
      await save(post.id, 'en', 'Before\n\n![A chart](/images/chart.0123456789.webp)\n\n![Ours too](https://duet.example.com/images/b.png)\n\nAfter');
      await publishing.publish(post.id, 'en', editor);
      expect(await liveTitle(post.id, 'en')).toBe('A title');
    });

    it('clears outdated once a translation made from the live source is published', async () => {
      const post = await makePost(content);
      const zh = await draftOf(post.id, 'zh');
      await studio.saveDraft(post.id, 'zh', { fields: { slug: zh.slug, title: '新的标题', body: '新的正文' }, expectedRevisionId: zh.revisionId, userId: editor });
      const sourceUpdate = await publishing.publish(post.id, 'zh', editor);
      expect(sourceUpdate.events.map((e) => `${e.type}:${e.locale}`)).toEqual(['updated:zh', 'outdated:en']);
      expect(sourceUpdate.post.editorial.en).toBe('outdated');
      const stale = await draftOf(post.id, 'en');
      // The translator's tab was opened before the update: it saves with the old base.
      const caughtUp = await studio.saveDraft(post.id, 'en', { fields: { slug: stale.slug, title: 'New title', body: 'New body' }, expectedRevisionId: stale.revisionId, basedOnRevisionId: stale.basedOnRevisionId, userId: translator });
      expect((await studio.getStudioPost(post.id))!.editorial.en).toBe('outdated');
      const marked = await studio.markUpToDate(post.id, 'en', { expectedRevisionId: caughtUp.revisionId, userId: translator });
      expect(marked.basedOnRevisionId).toBe(sourceUpdate.post.languages.zh!.live!.revisionId);
      const published = await publishing.publish(post.id, 'en', editor);
      expect(published.post.editorial).toEqual({ zh: 'published', en: 'published' });
      expect((await content.findPostBySlug('en', marked.slug))!.post.translations.en!.basedOnRevisionId).toBe(marked.basedOnRevisionId);
    });
  });
}
