// Webhook events on both databases: the deliveries are written by the publishing
// transaction itself (a rolled-back change leaves none), one per hook that subscribed to
// the event and the language; a republish without changes tells nobody; a source update
// makes the other language translation.outdated once, when it falls behind; the scheduler
// adds post.scheduled_published; an import tells nobody.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Post } from '@/core/content/types';
import { renderDocument } from '@/core/markdown/render-document';
import type { WebhookEvent, WebhookPayload } from '@/core/webhooks/events';
import { webhookInput } from '@/core/webhooks/webhook-inputs';
import { migrateToLatest } from '@/db/migrate';
import { createContentRepository, type ContentRepository } from '@/db/repositories/content-repository';
import { goLive } from '@/db/repositories/live-translation';
import { createPublishingRepository, type PublishingRepository } from '@/db/repositories/publishing-repository';
import { createStudioRepository, type StudioRepository } from '@/db/repositories/studio-repository';
import { createWebhookRepository, type WebhookRepository } from '@/db/repositories/webhooks';
import type { Locale } from '@/core/locales';
import { siteUrl } from '@/core/config/site-url';
import { makePost, unique } from './helpers/factories';
import { testTargets, type TestDatabase } from './helpers/test-databases';

for (const target of testTargets) {
  describe.skipIf(target.skip)(`webhook events (${target.name})`, () => {
    let t: TestDatabase;
    let content: ContentRepository;
    let studio: StudioRepository;
    let publishing: PublishingRepository;
    let hooks: WebhookRepository;
    beforeAll(async () => {
      t = await target.open();
      await migrateToLatest(t.db);
      content = createContentRepository(t.db, renderDocument);
      studio = createStudioRepository(t.db, renderDocument);
      publishing = createPublishingRepository(t.db, renderDocument);
      hooks = createWebhookRepository(t.db);
    });
    afterAll(() => t?.close());
    beforeEach(async () => {
      await t.db.deleteFrom('webhook_deliveries').execute();
      await t.db.deleteFrom('webhooks').execute();
    });

    const addHook = async (events: WebhookEvent[], locales: Locale[] = ['zh', 'en']) =>
      (await hooks.create(webhookInput.parse({ url: 'https://hooks.example.com/duet', events, locales, allowPrivateNetwork: false, active: true }), null)).webhook;

    /** Every delivery, as [hook, event, locale] in a stable order, with its parsed body. */
    async function deliveries(postId?: number) {
      const rows = await t.db.selectFrom('webhook_deliveries').selectAll().$if(postId !== undefined, (q) => q.where('post_id', '=', postId!)).execute();
      const list = rows.map((r) => ({ hook: r.webhook_id, event: r.event, locale: r.locale, status: r.status, payload: JSON.parse(r.payload) as WebhookPayload, id: r.id }));
      return list.sort((a, b) => `${a.hook}${a.event}${a.locale}`.localeCompare(`${b.hook}${b.event}${b.locale}`));
    }
    const summary = async (postId?: number) => (await deliveries(postId)).map(({ hook, event, locale }) => [hook, event, locale]);

    async function editAndPublish(post: Post, locale: Locale, title: string) {
      const draft = (await studio.getStudioPost(post.id))!.translations[locale]!;
      await studio.saveDraft(post.id, locale, { fields: { slug: draft.slug, title, body: `${title} body` }, expectedRevisionId: draft.revisionId, userId: null });
      await publishing.publish(post.id, locale, null);
    }

    it('writes nothing on a site without webhooks', async () => {
      const post = await makePost(content);
      await editAndPublish(post, 'en', 'Changed');
      expect(await summary()).toEqual([]);
    });

    it('tells each hook only the events and languages it chose, with a small public body', async () => {
      const enPublished = await addHook(['post.published'], ['en']);
      const everything = await addHook(['post.published', 'post.updated', 'post.unpublished', 'translation.outdated', 'post.scheduled_published'], ['zh']);
      const post = await makePost(content);
      expect(await summary(post.id)).toEqual([
        [enPublished.id, 'post.published', 'en'],
        [everything.id, 'post.published', 'zh'],
      ]);
      const [delivery] = await deliveries(post.id);
      const slug = post.translations.en!.slug;
      const site = siteUrl().origin;
      expect(delivery!.payload).toEqual({
        id: delivery!.id,
        event: 'post.published',
        createdAt: expect.any(String),
        site: { url: site },
        post: {
          id: post.id,
          kind: 'post',
          locale: 'en',
          live: true,
          slug,
          title: post.translations.en!.title,
          url: `${site}/en/posts/${slug}`,
          sourceLocale: 'zh',
          otherLocale: { locale: 'zh', url: `${site}/zh/posts/${post.translations.zh!.slug}` },
        },
      });
      expect(delivery!.status).toBe('pending');
      expect(JSON.stringify(delivery!.payload)).not.toContain('Body text');
    });

    it('says updated only when a live text changed, and unpublished with the address it had', async () => {
      const hook = await addHook(['post.updated', 'post.unpublished'], ['en']);
      const post = await makePost(content);
      await publishing.publish(post.id, 'en', null);
      expect(await summary(post.id)).toEqual([]);
      await editAndPublish(post, 'en', 'A new English title');
      expect(await summary(post.id)).toEqual([[hook.id, 'post.updated', 'en']]);
      expect((await deliveries(post.id))[0]!.payload.post!.title).toBe('A new English title');

      await publishing.unpublish(post.id, 'en');
      const unpublished = (await deliveries(post.id)).find((d) => d.event === 'post.unpublished')!;
      expect(unpublished.payload.post).toMatchObject({ live: false, slug: post.translations.en!.slug, title: 'A new English title', url: `${siteUrl().origin}/en/posts/${post.translations.en!.slug}` });
      await publishing.unpublish(post.id, 'en');
      expect(await summary(post.id)).toHaveLength(2);
    });

    it('flags the translation outdated once, when a source update puts it behind, live or draft', async () => {
      const hook = await addHook(['translation.outdated'], ['en']);
      const post = await makePost(content);
      await editAndPublish(post, 'zh', '新的标题');
      await editAndPublish(post, 'zh', '又一个标题');
      const outdated = await deliveries(post.id);
      expect(outdated.map((d) => [d.hook, d.event, d.locale])).toEqual([[hook.id, 'translation.outdated', 'en']]);
      expect(outdated[0]!.payload.post).toMatchObject({ locale: 'en', live: true, otherLocale: { locale: 'zh' } });

      const draftOnly = await makePost(content, {
        translations: {
          zh: { slug: unique('zh'), title: '源', body: '源文', state: 'published' },
          en: { slug: unique('en'), title: 'Draft', body: 'Draft words', state: 'draft' },
        },
      });
      await editAndPublish(draftOnly, 'zh', '更新的源');
      const [draft] = await deliveries(draftOnly.id);
      expect(draft!.payload.post).toMatchObject({ locale: 'en', live: false, slug: null, title: null, url: null });
    });

    it('adds post.scheduled_published when the scheduler publishes', async () => {
      const hook = await addHook(['post.published', 'post.scheduled_published'], ['en']);
      const post = await makePost(content, {
        translations: {
          zh: { slug: unique('zh'), title: '源', body: '源文', state: 'published' },
          en: { slug: unique('en'), title: 'Later', body: 'Later words', state: 'draft' },
        },
      });
      const at = new Date(Date.now() + 3600_000);
      await publishing.schedule(post.id, 'en', at);
      expect(await summary(post.id)).toEqual([]);
      await publishing.publishDue(new Date(at.getTime() + 1000));
      expect(await summary(post.id)).toEqual([
        [hook.id, 'post.published', 'en'],
        [hook.id, 'post.scheduled_published', 'en'],
      ]);
    });

    it('writes deliveries with the change or not at all, and none for an import or a hook turned off', async () => {
      const hook = await addHook(['post.published', 'post.updated'], ['zh', 'en']);
      const post = await makePost(content, { translations: { zh: { slug: unique('zh'), title: '草稿', body: '正文', state: 'draft' } } });
      const translationId = (await studio.getStudioPost(post.id))!.translations.zh!.id;
      await expect(
        t.db.transaction().execute(async (trx) => {
          await goLive(trx, translationId, { nowIso: new Date().toISOString() });
          throw new Error('the publish failed after going live');
        }),
      ).rejects.toThrow('failed after');
      expect(await summary(post.id)).toEqual([]);

      const imported = await makePost(content, { isImported: true });
      expect(await summary(imported.id)).toEqual([]);

      await hooks.update(hook.id, webhookInput.parse({ url: hook.url, events: hook.events, locales: hook.locales, allowPrivateNetwork: false, active: false }));
      await publishing.publish(post.id, 'zh', null);
      expect(await summary(post.id)).toEqual([]);
    });
  });
}
