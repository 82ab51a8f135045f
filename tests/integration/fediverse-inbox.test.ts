// The federation's inbox and actors on both databases, driven by a peer on loopback that
// signs its activities as a fediverse server does: WebFinger and the actor, a follow that is
// accepted (the Accept reaches the peer) and undone, likes and boosts counted and uncounted,
// a reply kept held with its HTML sanitized, blocked actors and instances refused, a bad
// signature refused (401) and an oversized body refused (413) before it is read.
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { migrateToLatest } from '@/db/migrate';
import { createContentRepository } from '@/db/repositories/content-repository';
import { renderDocument } from '@/core/markdown/render-document';
import { createFediverseRepository } from '@/db/repositories/fediverse';
import { createDuetFederation, type DuetFederation } from '@/server/fediverse/federation';
import { forgetActorKeys } from '@/server/fediverse/actor-keys';
import { handleFederationRequest } from '@/server/fediverse/handle-request';
import { respondWithPageObject } from '@/server/fediverse/page-object';
import { makePost } from './helpers/factories';
import { startPeer, type Peer } from './helpers/fediverse-peer';
import { testTargets, type TestDatabase } from './helpers/test-databases';

vi.mock('next/cache', async () => (await import('./helpers/next-doubles')).nextCacheDouble);

const origin = 'https://duet.example';

for (const target of testTargets) {
  describe.skipIf(target.skip)(`fediverse inbox (${target.name})`, () => {
    let t: TestDatabase;
    let fed: DuetFederation;
    let peer: Peer;
    const stop = new AbortController();
    let postId: number;
    let zhSlug: string;

    beforeAll(async () => {
      process.env.DUET_FEDERATION_ALLOW_PRIVATE = '1';
      t = await target.open();
      await migrateToLatest(t.db);
      forgetActorKeys();
      fed = createDuetFederation(t.db, { origin, queue: { pollMs: 50 } });
      void fed.federation.startQueue({ db: t.db }, { signal: stop.signal });
      peer = await startPeer();
      const post = await makePost(createContentRepository(t.db, renderDocument));
      postId = post.id;
      zhSlug = post.translations.zh!.slug;
    }, 60_000);
    afterAll(async () => {
      stop.abort();
      await peer?.close();
      await t?.close();
    });

    const get = (path: string, accept = 'application/activity+json') => handleFederationRequest(new Request(`${origin}${path}`, { headers: { accept } }), fed);
    const post = async (path: string, activity: Record<string, unknown>) => handleFederationRequest(await peer.sign(`${origin}${path}`, activity), fed);
    const repo = () => createFediverseRepository(t.db);

    it('finds the Chinese actor by WebFinger, with its handle, name and key', async () => {
      const finger = await get('/.well-known/webfinger?resource=acct:zh@duet.example', 'application/jrd+json');
      expect(finger.status).toBe(200);
      const jrd = (await finger.json()) as { links: Array<{ rel: string; href?: string }> };
      expect(jrd.links.find((l) => l.rel === 'self')?.href).toBe(`${origin}/ap/actors/zh`);
      const actor = (await (await get('/ap/actors/zh')).json()) as Record<string, unknown>;
      expect(actor).toMatchObject({ type: 'Person', preferredUsername: 'zh', inbox: `${origin}/ap/actors/zh/inbox`, name: '双声' });
      expect((actor.publicKey as { publicKeyPem: string }).publicKeyPem).toContain('BEGIN PUBLIC KEY');
      expect((await get('/.well-known/webfinger?resource=acct:nobody@duet.example', 'application/jrd+json')).status).toBe(404);
    });

    it('serves the article by its id in its language, linked to the other language', async () => {
      const article = (await (await get(`/ap/articles/${postId}/zh`)).json()) as Record<string, unknown>;
      expect(article).toMatchObject({ type: 'Article', attributedTo: `${origin}/ap/actors/zh`, contentMap: { zh: expect.stringContaining('正文') } });
      expect(JSON.stringify(article.url)).toContain(`${origin}/en/posts/`);
      const byPage = await respondWithPageObject(['zh', 'posts', encodeURIComponent(zhSlug)], fed);
      expect(byPage.headers.get('vary')).toBe('Accept');
      expect(((await byPage.json()) as { id: string }).id).toBe(`${origin}/ap/articles/${postId}/zh`);
    });

    it('accepts a follow, sends the Accept, and forgets the follower on Undo', async () => {
      const followId = peer.newId('follows');
      const follow = { id: followId, type: 'Follow', actor: peer.actorId, object: `${origin}/ap/actors/zh` };
      expect((await post('/ap/actors/zh/inbox', follow)).status).toBe(202);
      expect((await repo().findFollower('zh', peer.actorId))?.state).toBe('accepted');
      expect((await repo().findFollower('zh', peer.actorId))?.handle).toBe(`@alice@${new URL(peer.origin).host}`);
      await vi.waitFor(() => expect(peer.received.some((d) => d.body.type === 'Accept')).toBe(true), { timeout: 20_000, interval: 100 });
      expect((await post('/ap/inbox', { id: peer.newId('undos'), type: 'Undo', actor: peer.actorId, object: follow })).status).toBe(202);
      expect(await repo().findFollower('zh', peer.actorId)).toBeNull();
    });

    it('counts a like and a boost of the article, and uncounts the undone like', async () => {
      const like = { id: peer.newId('likes'), type: 'Like', actor: peer.actorId, object: `${origin}/ap/articles/${postId}/zh` };
      await post('/ap/inbox', like);
      await post('/ap/inbox', { id: peer.newId('boosts'), type: 'Announce', actor: peer.actorId, object: `${origin}/zh/posts/${encodeURIComponent(zhSlug)}` });
      expect(await repo().reactionCounts(postId, 'zh')).toEqual({ likes: 1, announces: 1 });
      await post('/ap/inbox', { id: peer.newId('undos'), type: 'Undo', actor: peer.actorId, object: like });
      expect(await repo().reactionCounts(postId, 'zh')).toEqual({ likes: 0, announces: 1 });
    });

    it('keeps a reply held with its HTML sanitized, and removes it when its author deletes it', async () => {
      const noteId = peer.newId('notes');
      const note = {
        id: noteId,
        type: 'Note',
        attributedTo: peer.actorId,
        inReplyTo: `${origin}/ap/articles/${postId}/zh`,
        content: '<p onclick="steal()">写得好！<script>alert(1)</script><a href="javascript:alert(2)">看</a></p>',
        published: new Date().toISOString(),
        to: ['https://www.w3.org/ns/activitystreams#Public'],
      };
      expect((await post('/ap/inbox', { id: peer.newId('creates'), type: 'Create', actor: peer.actorId, object: note })).status).toBe(202);
      const reply = await repo().findReplyByObject(noteId);
      expect(reply?.state).toBe('held');
      expect(reply?.contentHtml).toContain('写得好！');
      expect(reply?.contentHtml).not.toMatch(/script|onclick|javascript:/);
      expect(await repo().listApprovedReplies(postId, 'zh')).toEqual([]);
      await post('/ap/inbox', { id: peer.newId('deletes'), type: 'Delete', actor: peer.actorId, object: { id: noteId, type: 'Tombstone' } });
      expect(await repo().findReplyByObject(noteId)).toBeNull();
    });

    it('refuses a forged signature (401), a body changed after signing, and an unsigned post', async () => {
      const like = (locale: string) => ({ id: peer.newId('likes'), type: 'Like', actor: peer.actorId, object: `${origin}/ap/articles/${postId}/${locale}` });
      const signed = await peer.sign(`${origin}/ap/inbox`, like('en'));
      const headers = new Headers(signed.headers);
      headers.set('signature', (headers.get('signature') ?? '').replace(/signature="[^"]+"/, `signature="${Buffer.from('not the signature').toString('base64')}"`));
      expect((await handleFederationRequest(new Request(signed.url, { method: 'POST', headers, body: await signed.text() }), fed)).status).toBe(401);
      const resigned = await peer.sign(`${origin}/ap/inbox`, like('en'));
      const changed = new Request(resigned.url, { method: 'POST', headers: resigned.headers, body: JSON.stringify(like('en')) });
      expect([400, 401]).toContain((await handleFederationRequest(changed, fed)).status);
      const unsigned = new Request(`${origin}/ap/inbox`, { method: 'POST', headers: { 'content-type': 'application/activity+json' }, body: JSON.stringify(like('en')) });
      expect([400, 401]).toContain((await handleFederationRequest(unsigned, fed)).status);
      expect(await repo().reactionCounts(postId, 'en')).toEqual({ likes: 0, announces: 0 });
    });

    it('refuses a body over 256 KB with 413 before reading it', async () => {
      let pulled = 0;
      const body = new ReadableStream<Uint8Array>({
        pull(controller) {
          pulled += 1;
          controller.enqueue(new Uint8Array(64 * 1024));
        },
      });
      const request = new Request(`${origin}/ap/inbox`, { method: 'POST', headers: { 'content-type': 'application/activity+json', 'content-length': String(300 * 1024) }, body, duplex: 'half' } as RequestInit);
      const answer = await handleFederationRequest(request, fed);
      expect(answer.status).toBe(413);
      expect(pulled).toBeLessThanOrEqual(1);
      // No declared length: cut off at the limit.
      const chunked = new Request(`${origin}/ap/inbox`, { method: 'POST', headers: { 'content-type': 'application/activity+json' }, body: new ReadableStream<Uint8Array>({ pull: (c) => c.enqueue(new Uint8Array(64 * 1024)) }), duplex: 'half' } as RequestInit);
      expect((await handleFederationRequest(chunked, fed)).status).toBe(413);
    });

    it('refuses a blocked actor and a blocked instance, and takes their followers off', async () => {
      const follow = { id: peer.newId('follows'), type: 'Follow', actor: peer.actorId, object: `${origin}/ap/actors/en` };
      await post('/ap/inbox', follow);
      expect((await repo().findFollower('en', peer.actorId))?.state).toBe('accepted');
      const block = await repo().addBlock('actor', peer.actorId, null);
      expect(await repo().findFollower('en', peer.actorId)).toBeNull();
      expect((await post('/ap/inbox', { ...follow, id: peer.newId('follows') })).status).toBe(403);
      expect(await repo().findFollower('en', peer.actorId)).toBeNull();
      await repo().removeBlock(block.id);
      const instance = await repo().addBlock('instance', '127.0.0.1', null);
      expect((await post('/ap/inbox', { id: peer.newId('likes'), type: 'Like', actor: peer.actorId, object: `${origin}/ap/articles/${postId}/en` })).status).toBe(403);
      expect(await repo().reactionCounts(postId, 'en')).toEqual({ likes: 0, announces: 0 });
      await repo().removeBlock(instance.id);
    });
  });
}
