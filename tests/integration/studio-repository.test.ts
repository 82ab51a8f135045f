// The Studio's writes on both databases: drafts with revisions, a stale save refused with
// the other version, translations flagged outdated when the source moves on, publishing
// per language, schedules published when due, and the posts list's status matrix.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrateToLatest } from '@/db/migrate';
import { createContentRepository } from '@/db/repositories/content-repository';
import { createStudioRepository, RevisionConflictError, type StudioRepository } from '@/db/repositories/studio-repository';
import { createPublishingRepository, type PublishingRepository } from '@/db/repositories/publishing-repository';
import { createSearchRepository } from '@/db/repositories/search-repository';
import { createAccount } from '@/server/auth/accounts';
import { unique } from './helpers/factories';
import { testTargets, type TestDatabase } from './helpers/test-databases';
import { renderDocument } from '@/core/markdown/render-document';

for (const target of testTargets) {
  describe.skipIf(target.skip)(`studio repository (${target.name})`, () => {
    let t: TestDatabase;
    let studio: StudioRepository;
    let publishing: PublishingRepository;
    let userId: string;
    beforeAll(async () => {
      t = await target.open();
      await migrateToLatest(t.db);
      studio = createStudioRepository(t.db, renderDocument);
      publishing = createPublishingRepository(t.db, renderDocument);
      userId = (await createAccount(t.db, { name: 'Writer', email: `${unique('w')}@example.com`, password: 'long enough pw', role: 'author' })).id;
    });
    afterAll(() => t?.close());

    async function newPost() {
      const id = await studio.createDraftPost({ sourceLocale: 'zh', title: '草稿', userId, authorId: null });
      const post = (await studio.getStudioPost(id))!;
      return { id, slug: post.translations.zh!.slug, post };
    }

    it('creates a draft owned by its writer, missing its translation', async () => {
      const { post } = await newPost();
      expect(post.ownerUserId).toBe(userId);
      expect(post.editorial).toEqual({ zh: 'draft', en: 'missing' });
    });

    it('saves a revision per save and refuses a stale one with the other version', async () => {
      const { id, slug, post } = await newPost();
      const base = post.translations.zh!.revisionId;
      const first = await studio.saveDraft(id, 'zh', { fields: { slug, title: '第一版', body: '甲' }, expectedRevisionId: base, userId });
      expect(first.revisionId).not.toBe(base);
      const stale = await studio.saveDraft(id, 'zh', { fields: { slug, title: '另一个人', body: '乙' }, expectedRevisionId: base, userId }).catch((e: unknown) => e);
      expect(stale).toBeInstanceOf(RevisionConflictError);
      expect((stale as RevisionConflictError).current).toMatchObject({ title: '第一版', body: '甲', revisionId: first.revisionId });
      expect((await studio.getStudioPost(id))!.translations.zh!.title).toBe('第一版');
      const revisions = await studio.listRevisions(id, 'zh');
      expect(revisions.map((r) => r.title)).toEqual(['第一版', '草稿']);
      expect(revisions[0]!.authorName).toBe('Writer');
    });

    it('keeps text byte for byte', async () => {
      const { id, slug, post } = await newPost();
      const body = '<script>alert(1)</script>\u200b\u202e 𝕏 👩‍👩‍👧 e\u0301 \t end  ';
      const saved = await studio.saveDraft(id, 'zh', { fields: { slug, title: '"\'<b>', body }, expectedRevisionId: post.translations.zh!.revisionId, userId });
      expect((await studio.getRevision(saved.revisionId))!.body).toBe(body);
    });

    it('flags a translation outdated once the source is republished, until it catches up and is published', async () => {
      const { id, slug, post } = await newPost();
      const en = await studio.saveDraft(id, 'en', { fields: { slug: unique('en'), title: 'Draft', body: 'A' }, expectedRevisionId: null, userId });
      expect(en.basedOnRevisionId).toBe(post.translations.zh!.revisionId);
      await publishing.publish(id, 'zh', userId);
      await publishing.publish(id, 'en', userId);
      expect((await studio.getStudioPost(id))!.editorial).toEqual({ zh: 'published', en: 'published' });
      // A source draft changes nothing readers see, so the translation is not behind yet.
      await studio.saveDraft(id, 'zh', { fields: { slug, title: '改过', body: '新的' }, expectedRevisionId: post.translations.zh!.revisionId, userId });
      expect((await studio.getStudioPost(id))!.editorial).toEqual({ zh: 'changes', en: 'published' });
      await publishing.publish(id, 'zh', userId);
      expect((await studio.getStudioPost(id))!.editorial.en).toBe('outdated');
      const behind = (await studio.getStudioPost(id))!;
      const marked = await studio.markUpToDate(id, 'en', { expectedRevisionId: behind.translations.en!.revisionId, userId });
      // A new revision of the same text, made from the source readers see: a change to publish.
      expect(marked).toMatchObject({ body: 'A', basedOnRevisionId: behind.translations.zh!.revisionId });
      expect(marked.revisionId).toBeGreaterThan(behind.translations.en!.revisionId);
      expect((await studio.getStudioPost(id))!.editorial.en).toBe('changes');
      // An editor tab opened before the mark saves with the old base: the base does not go back.
      const again = await studio.saveDraft(id, 'en', { fields: { slug: marked.slug, title: 'Draft', body: 'A, caught up' }, expectedRevisionId: marked.revisionId, basedOnRevisionId: en.basedOnRevisionId, userId });
      expect(again.basedOnRevisionId).toBe(marked.basedOnRevisionId);
      await publishing.publish(id, 'en', userId);
      expect((await studio.getStudioPost(id))!.editorial.en).toBe('published');
    });

    it('publishes, unpublishes and schedules one language at a time', async () => {
      const { id } = await newPost();
      const reader = createContentRepository(t.db, renderDocument);
      await publishing.publish(id, 'zh', userId);
      const live = (await studio.getStudioPost(id))!;
      expect(live.status).toBe('published');
      expect(await reader.findPostBySlug('zh', live.translations.zh!.slug)).not.toBeNull();
      await publishing.unpublish(id, 'zh');
      expect((await studio.getStudioPost(id))!.editorial.zh).toBe('draft');
      expect(await reader.findPostBySlug('zh', live.translations.zh!.slug)).toBeNull();

      const at = new Date(Date.now() + 60_000);
      await publishing.schedule(id, 'zh', at);
      expect((await studio.getStudioPost(id))!.editorial.zh).toBe('scheduled');
      expect((await publishing.nextDue())!.getTime()).toBeLessThanOrEqual(at.getTime());
      expect(await publishing.publishDue(new Date(at.getTime() - 1000))).not.toContain(id);
      expect(await publishing.publishDue(new Date(at.getTime() + 1000))).toContain(id);
      expect((await studio.getStudioPost(id))!.editorial.zh).toBe('published');
    });

    it('replaces a post\'s shared details, refusing ids of the wrong kind', async () => {
      const { id } = await newPost();
      const content = createContentRepository(t.db, renderDocument);
      const variants = [{ width: 480, height: 270, format: 'avif' as const, path: '/images/c.0123456789ab.w480.avif' }];
      const image = await content.createMedia({ kind: 'image', path: `/images/${unique('c')}.0123456789ab.png`, mime: 'image/png', bytes: 10, sha256: 'a'.repeat(64), width: 10, height: 10, variants });
      const audio = await content.createMedia({ kind: 'audio', path: `/audios/${unique('n')}.0123456789ab.mp3`, mime: 'audio/mpeg', bytes: 10, sha256: 'b'.repeat(64) });
      const tag = await content.createTag({ key: unique('t'), names: { en: { name: 'T', slug: unique('t') } } });
      const base = { postId: id, tagIds: [tag.id], featured: true, narration: { zh: audio.id, en: null }, videoMediaId: null, subtitleMediaIds: {} };
      const updated = (await studio.updatePostMeta(id, { ...base, coverMediaId: image.id }))!;
      expect(updated.cover?.id).toBe(image.id);
      expect(updated.cover?.variants).toEqual(variants);
      expect(updated.tags.map((x) => x.id)).toEqual([tag.id]);
      expect(updated.narration.zh?.id).toBe(audio.id);
      expect(updated.featured).toBe(true);
      const wrong = await studio.updatePostMeta(id, { ...base, coverMediaId: audio.id, tagIds: [999_999] }).catch((e: unknown) => e);
      expect((wrong as { code?: string; fields?: object }).code).toBe('VALIDATION');
      expect(Object.keys((wrong as { fields: object }).fields).sort()).toEqual(['coverMediaId', 'tagIds']);
      expect((await studio.getStudioPost(id))!.cover?.id).toBe(image.id);
    });

    it('deletes a post in both languages, its revisions and its search entries', async () => {
      const word = `zq${unique('x').replace(/[^a-z]/g, '')}`;
      const id = await studio.createDraftPost({ sourceLocale: 'en', title: `Delete ${word}`, userId, authorId: null });
      await publishing.publish(id, 'en', userId);
      const search = createSearchRepository(t.db);
      expect((await search.search({ query: word, locale: 'en', page: 1, pageSize: 10 })).total).toBe(1);
      await studio.deletePost(id);
      expect(await studio.getStudioPost(id)).toBeNull();
      expect((await search.search({ query: word, locale: 'en', page: 1, pageSize: 10 })).total).toBe(0);
      const revisions = await t.db.selectFrom('revisions').innerJoin('post_translations', 'post_translations.id', 'revisions.translation_id').select('revisions.id').where('post_translations.post_id', '=', id).execute();
      expect(revisions).toEqual([]);
      expect(((await studio.deletePost(id).catch((e: unknown) => e)) as { code: string }).code).toBe('NOT_FOUND');
    });

    it('lists posts with their status matrix, filtered and searched', async () => {
      const marker = unique('needle');
      const id = await studio.createDraftPost({ sourceLocale: 'en', title: `About ${marker}`, userId, authorId: null });
      const found = await studio.listStudioPosts({ q: marker.toUpperCase(), page: 1, pageSize: 20 });
      expect(found.items.map((p) => p.id)).toEqual([id]);
      expect(found.items[0]!.status).toEqual({ en: 'draft', zh: 'missing' });
      const missing = await studio.listStudioPosts({ translation: 'missing', page: 1, pageSize: 1000 });
      expect(missing.items.map((p) => p.id)).toContain(id);
      const published = await studio.listStudioPosts({ status: 'published', page: 1, pageSize: 1000 });
      expect(published.items.map((p) => p.id)).not.toContain(id);
      expect((await studio.listStudioPosts({ q: '100%_\\', page: 1, pageSize: 5 })).total).toBe(0);
    });
  });
}
