// Delivery to the fediverse on both databases: publishing events become activities for the
// language's followers (Update, Delete, Create; nothing for a draft save or for the other
// language), two instances on one database deliver each activity once, a receiver that
// answers 503 gets the activity again when it comes back, and a claimed queue message whose
// worker died comes back once its lease lapses.
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { Create, Note, PUBLIC_COLLECTION } from '@fedify/vocab';
import type { Post } from '@/core/content/types';
import type { Locale } from '@/core/locales';
import { renderDocument } from '@/core/markdown/render-document';
import { migrateToLatest } from '@/db/migrate';
import { createContentRepository } from '@/db/repositories/content-repository';
import { createFediverseRepository } from '@/db/repositories/fediverse';
import { createFediverseQueue } from '@/db/repositories/fediverse-queue';
import { createPublishingRepository } from '@/db/repositories/publishing-repository';
import { createStudioRepository } from '@/db/repositories/studio-repository';
import { forgetActorKeys } from '@/server/fediverse/actor-keys';
import { createDuetFederation, type DuetFederation } from '@/server/fediverse/federation';
import { sendOutbox } from '@/server/fediverse/send-outbox';
import { makePost } from './helpers/factories';
import { startPeer, type Peer } from './helpers/fediverse-peer';
import { testTargets, type TestDatabase } from './helpers/test-databases';

vi.mock('next/cache', async () => (await import('./helpers/next-doubles')).nextCacheDouble);

const origin = 'https://duet.example';
const waitLong = { timeout: 25_000, interval: 100 };

for (const target of testTargets) {
  describe.skipIf(target.skip)(`fediverse delivery (${target.name})`, () => {
    let t: TestDatabase;
    let one: DuetFederation;
    let two: DuetFederation;
    let peer: Peer;
    const stop = new AbortController();

    beforeAll(async () => {
      process.env.DUET_FEDERATION_ALLOW_PRIVATE = '1';
      t = await target.open();
      await migrateToLatest(t.db);
      forgetActorKeys();
      // Two instances of the site on one database, each with its own queue listener.
      one = createDuetFederation(t.db, { origin, queue: { pollMs: 50 }, retryInitialMs: 300 });
      two = createDuetFederation(t.db, { origin, queue: { pollMs: 50 }, retryInitialMs: 300 });
      void one.federation.startQueue({ db: t.db }, { signal: stop.signal });
      void two.federation.startQueue({ db: t.db }, { signal: stop.signal });
      peer = await startPeer('reader');
      await createFediverseRepository(t.db).upsertFollower({
        locale: 'zh', actorUri: peer.actorId, inboxUrl: peer.inbox, sharedInboxUrl: `${peer.origin}/inbox`, handle: '@reader@127.0.0.1',
        name: 'Reader', iconUrl: null, instanceHost: '127.0.0.1', state: 'accepted', followActivityUri: null,
      });
    }, 60_000);
    afterAll(async () => {
      stop.abort();
      await peer?.close();
      await t?.close();
    });

    const outboxRows = async () => (await t.db.selectFrom('fediverse_outbox').select('id').execute()).length;
    const about = (postId: number) => peer.received.filter((d) => JSON.stringify(d.body.object ?? '').includes(`/ap/articles/${postId}/`));

    it('sends Update, Delete and Create to the language’s followers, and nothing for a draft or the other language', async () => {
      const studio = createStudioRepository(t.db, renderDocument);
      const publishing = createPublishingRepository(t.db, renderDocument);
      // Made published: its first Create is queued with it.
      const post: Post = await makePost(createContentRepository(t.db, renderDocument));
      const save = async (locale: Locale, title: string) => {
        const draft = (await studio.getStudioPost(post.id))!.translations[locale]!;
        await studio.saveDraft(post.id, locale, { fields: { slug: draft.slug, title, body: `${title}。正文。` }, expectedRevisionId: draft.revisionId, userId: null });
      };
      const before = await outboxRows();
      await save('zh', '只是草稿');
      expect(await outboxRows()).toBe(before);
      await publishing.publish(post.id, 'zh', null);
      await save('en', 'An English edit');
      await publishing.publish(post.id, 'en', null);
      await publishing.unpublish(post.id, 'zh');
      await publishing.publish(post.id, 'zh', null);
      expect(await outboxRows()).toBe(before + 3);
      expect(before).toBeGreaterThan(0);
      await sendOutbox(one);
      await vi.waitFor(() => expect(about(post.id).map((d) => d.body.type)).toEqual(['Create', 'Update', 'Delete', 'Create']), waitLong);
      const [, update, , create] = about(post.id);
      expect(update!.body.object).toMatchObject({ type: 'Article', name: '只是草稿', contentMap: { zh: expect.stringContaining('只是草稿') } });
      expect(create!.body).toMatchObject({ actor: `${origin}/ap/actors/zh`, cc: `${origin}/ap/actors/zh/followers` });
      // Signed (RFC 9421 first, as Fedify knocks) with the zh actor's key.
      expect(String(create!.headers['signature-input'] ?? create!.headers.signature)).toMatch(new RegExp(`keyid="${origin}/ap/actors/zh#`, 'i'));
      expect(about(post.id).every((d) => d.body.actor === `${origin}/ap/actors/zh`)).toBe(true);
    }, 60_000);

    it('delivers each activity once with two instances working one queue', async () => {
      const ctx = one.federation.createContext(new URL(origin), { db: t.db });
      const recipient = { id: new URL(peer.actorId), inboxId: new URL(peer.inbox), endpoints: null };
      const ids = Array.from({ length: 12 }, (_, i) => `${origin}/ap/test-activities/${target.name}-${i}`);
      for (const id of ids) {
        const note = new Note({ id: new URL(`${id}/note`), content: id, to: PUBLIC_COLLECTION });
        await ctx.sendActivity({ identifier: 'zh' }, recipient, new Create({ id: new URL(id), actor: ctx.getActorUri('zh'), object: note, to: PUBLIC_COLLECTION }));
      }
      await vi.waitFor(async () => {
        expect(await createFediverseQueue(t.db).depth()).toEqual({ queued: 0, ready: 0 });
        expect((await t.db.selectFrom('fediverse_queue').select('id').execute()).length).toBe(0);
      }, waitLong);
      const got = peer.attempts.filter((id) => ids.includes(id));
      expect(got.sort()).toEqual([...ids].sort());
    });

    it('delivers again after the receiver answered 503', async () => {
      const ctx = two.federation.createContext(new URL(origin), { db: t.db });
      const id = `${origin}/ap/test-activities/${target.name}-retry`;
      peer.answers.push(503);
      const recipient = { id: new URL(peer.actorId), inboxId: new URL(peer.inbox), endpoints: null };
      await ctx.sendActivity({ identifier: 'zh' }, recipient, new Create({ id: new URL(id), actor: ctx.getActorUri('zh'), object: new Note({ id: new URL(`${id}/note`), content: 'retry' }), to: PUBLIC_COLLECTION }));
      await vi.waitFor(() => expect(peer.received.some((d) => d.body.id === id)).toBe(true), waitLong);
      expect(peer.attempts.filter((a) => a === id)).toHaveLength(2);
    });

    it('gives a message claimed by a worker that died to another once its lease lapses', async () => {
      const queue = createFediverseQueue(t.db);
      const stopped = new Date('2030-01-01T00:00:00.000Z');
      await queue.enqueue([{ probe: target.name }], { delayMs: 0 }, stopped);
      // The listeners of this suite would take it: claim it as a worker that then dies.
      const first = await queue.claim(60_000, new Date(stopped.getTime() + 365 * 86400_000));
      expect(first?.message).toEqual({ probe: target.name });
      expect(await queue.claim(60_000, new Date(stopped.getTime() + 365 * 86400_000 + 1000))).toBeNull();
      const again = await queue.claim(60_000, new Date(stopped.getTime() + 365 * 86400_000 + 61_000));
      expect(again?.id).toBe(first?.id);
      expect(again?.attempts).toBe(2);
      await queue.ack(again!.id, again!.claim);
      await queue.ack(first!.id, first!.claim);
      expect(await t.db.selectFrom('fediverse_queue').select('id').where('id', '=', first!.id).executeTakeFirst()).toBeUndefined();
    });
  });
}
