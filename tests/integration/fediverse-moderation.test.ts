// The Studio's moderation queries on both databases: followers counted and listed per
// language and state by keyset pages of 25, a held follow request accepted or rejected
// once, the replies' queue newest first with the article each answers, approving a reply
// shows it under that article in its language only, blocking hides an actor's or an
// instance's replies and ends its follows (naming the pages that change), and unblocking.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrateToLatest } from '@/db/migrate';
import type { Post } from '@/core/content/types';
import type { Locale } from '@/core/locales';
import { renderDocument } from '@/core/markdown/render-document';
import { createContentRepository } from '@/db/repositories/content-repository';
import { createFediverseModeration } from '@/db/repositories/fediverse-moderation';
import { createFediverseRepository, type NewFollower } from '@/db/repositories/fediverse';
import { makePost, unique } from './helpers/factories';
import { testTargets, type TestDatabase } from './helpers/test-databases';

const follower = (host: string, name: string, locale: Locale = 'zh', state: 'accepted' | 'pending' = 'accepted'): NewFollower => ({
  locale,
  actorUri: `https://${host}/users/${name}`,
  inboxUrl: `https://${host}/users/${name}/inbox`,
  sharedInboxUrl: null,
  handle: `@${name}@${host}`,
  name: `Name ${name}`,
  iconUrl: null,
  instanceHost: host,
  state,
  followActivityUri: `https://${host}/follows/${name}`,
});

for (const target of testTargets) {
  describe.skipIf(target.skip)(`fediverse moderation (${target.name})`, () => {
    let t: TestDatabase;
    let post: Post;
    let n = 0;
    beforeAll(async () => {
      t = await target.open();
      await migrateToLatest(t.db);
      post = await makePost(createContentRepository(t.db, renderDocument));
    }, 60_000);
    afterAll(async () => t?.close());

    const reply = (host: string, name: string, locale: Locale, minutesAgo: number) => {
      n += 1;
      return createFediverseRepository(t.db).saveReply({
        postId: post.id,
        locale,
        objectUri: `https://${host}/notes/${n}`,
        activityUri: null,
        actorUri: `https://${host}/users/${name}`,
        actorHandle: `@${name}@${host}`,
        actorName: name,
        actorUrl: `https://${host}/@${name}`,
        actorIconUrl: null,
        instanceHost: host,
        contentHtml: `<p>reply ${n}</p>`,
        url: `https://${host}/@${name}/${n}`,
        inReplyTo: `https://duet.example/${locale}/posts/x`,
        publishedAt: new Date(Date.now() - minutesAgo * 60_000).toISOString(),
        state: 'held',
      });
    };

    it('counts followers per language and lists them 25 a page, newest first', async () => {
      const records = createFediverseRepository(t.db);
      const mod = createFediverseModeration(t.db);
      const host = `${unique('many')}.example`;
      for (let i = 0; i < 27; i += 1) await records.upsertFollower(follower(host, `f${String(i).padStart(2, '0')}`));
      await records.upsertFollower(follower(host, 'waiting', 'zh', 'pending'));
      await records.upsertFollower(follower(host, 'reader', 'en'));
      expect(await mod.followerCounts()).toEqual({ zh: { accepted: 27, pending: 1 }, en: { accepted: 1, pending: 0 } });

      const first = await mod.listFollowers({ locale: 'zh', state: 'accepted' });
      expect(first.items).toHaveLength(25);
      expect(first.items[0]!.handle).toBe(`@f26@${host}`);
      expect(first.items[0]).toMatchObject({ name: 'Name f26', instanceHost: host, locale: 'zh', state: 'accepted' });
      const second = await mod.listFollowers({ locale: 'zh', state: 'accepted', before: first.next! });
      expect(second.items.map((f) => f.handle)).toEqual([`@f01@${host}`, `@f00@${host}`]);
      expect(second.next).toBeNull();
      expect((await mod.listFollowers({ locale: 'zh', state: 'pending' })).items.map((f) => f.handle)).toEqual([`@waiting@${host}`]);
      expect((await mod.listFollowers({ locale: 'en', state: 'accepted' })).items.map((f) => f.handle)).toEqual([`@reader@${host}`]);
    });

    it('accepts or rejects a waiting follow request once', async () => {
      const records = createFediverseRepository(t.db);
      const mod = createFediverseModeration(t.db);
      const host = `${unique('requests')}.example`;
      const yes = await records.upsertFollower(follower(host, 'yes', 'en', 'pending'));
      const no = await records.upsertFollower(follower(host, 'no', 'en', 'pending'));
      expect(await mod.decideFollowRequest(yes.id, 'accept')).toEqual({ id: yes.id, locale: 'en', actorUri: yes.actorUri, inboxUrl: yes.inboxUrl, followActivityUri: yes.followActivityUri });
      expect(await mod.decideFollowRequest(no.id, 'reject')).toMatchObject({ id: no.id });
      // Already decided: nothing waits any more.
      expect(await mod.decideFollowRequest(yes.id, 'reject')).toBeNull();
      expect(await mod.decideFollowRequest(no.id, 'accept')).toBeNull();
      expect((await records.findFollower('en', yes.actorUri))?.state).toBe('accepted');
      expect(await records.findFollower('en', no.actorUri)).toBeNull();
    });

    it('queues replies newest first with their article, and shows an approved one under it in its language only', async () => {
      const mod = createFediverseModeration(t.db);
      const host = `${unique('replies')}.example`;
      const older = await reply(host, 'ann', 'zh', 30);
      const newer = await reply(host, 'ben', 'en', 10);
      const queue = await mod.listReplies({ state: 'held' });
      const ours = queue.items.filter((r) => r.instanceHost === host);
      expect(ours.map((r) => r.id)).toEqual([newer.id, older.id]);
      expect(ours[0]).toMatchObject({ articleTitle: post.translations.en!.title, articleSlug: post.translations.en!.slug, articleKind: 'post', contentHtml: newer.contentHtml });
      expect(ours[1]).toMatchObject({ articleTitle: post.translations.zh!.title, locale: 'zh' });

      expect(await mod.setReplyState(older.id, 'approved')).toEqual({ postId: post.id, locale: 'zh', previous: 'held' });
      expect((await mod.approvedReplies(post.id, 'zh')).map((r) => r.id)).toEqual([older.id]);
      expect(await mod.approvedReplies(post.id, 'en')).toEqual([]);
      expect((await mod.listReplies({ state: 'approved' })).items.map((r) => r.id)).toContain(older.id);
      expect((await mod.listReplies({ state: 'held' })).items.map((r) => r.id)).not.toContain(older.id);

      expect(await mod.setReplyState(older.id, 'hidden')).toMatchObject({ previous: 'approved' });
      expect(await mod.approvedReplies(post.id, 'zh')).toEqual([]);
      expect(await mod.setReplyState(987_654, 'approved')).toBeNull();
      const counts = await mod.replyCounts();
      expect(counts.hidden).toBeGreaterThanOrEqual(1);
      expect(counts.held).toBeGreaterThanOrEqual(1);
    });

    it('pages the replies by keyset', async () => {
      const mod = createFediverseModeration(t.db);
      const host = `${unique('paged')}.example`;
      for (let i = 0; i < 26; i += 1) await mod.setReplyState((await reply(host, `p${i}`, 'en', 5)).id, 'hidden');
      const first = await mod.listReplies({ state: 'hidden' });
      expect(first.items).toHaveLength(25);
      const second = await mod.listReplies({ state: 'hidden', before: first.next! });
      expect(new Set([...first.items, ...second.items].map((r) => r.id)).size).toBe(first.items.length + second.items.length);
      expect(second.items.every((r) => r.id < first.next!)).toBe(true);
    });

    it('counts likes and boosts per article and language', async () => {
      const records = createFediverseRepository(t.db);
      const mod = createFediverseModeration(t.db);
      const host = `${unique('react')}.example`;
      for (const [i, kind] of (['like', 'like', 'announce'] as const).entries()) {
        await records.addReaction({ postId: post.id, locale: 'en', kind, actorUri: `https://${host}/users/${i}`, activityUri: `https://${host}/activities/${i}` });
      }
      expect(await mod.reactionCounts(post.id, 'en')).toEqual({ likes: 2, boosts: 1 });
      expect(await mod.reactionCounts(post.id, 'zh')).toEqual({ likes: 0, boosts: 0 });
    });

    it('blocks an actor: its follows end, its replies are hidden, and the pages that showed one are named', async () => {
      const records = createFediverseRepository(t.db);
      const mod = createFediverseModeration(t.db);
      const host = `${unique('rude')}.example`;
      const actorUri = `https://${host}/users/troll`;
      await records.upsertFollower(follower(host, 'troll', 'zh'));
      await records.upsertFollower(follower(host, 'troll', 'en'));
      await records.upsertFollower(follower(host, 'neighbour', 'en'));
      const shown = await reply(host, 'troll', 'en', 3);
      await mod.setReplyState(shown.id, 'approved');
      const waiting = await reply(host, 'troll', 'zh', 2);

      expect(await mod.addBlock({ kind: 'actor', value: actorUri }, null)).toEqual([{ postId: post.id, locale: 'en' }]);
      expect(await records.findFollower('zh', actorUri)).toBeNull();
      expect(await records.findFollower('en', actorUri)).toBeNull();
      expect(await records.findFollower('en', `https://${host}/users/neighbour`)).not.toBeNull();
      expect((await records.findReplyByObject(shown.objectUri))?.state).toBe('hidden');
      expect((await records.findReplyByObject(waiting.objectUri))?.state).toBe('hidden');
      // Twice: one block, nothing more to change.
      expect(await mod.addBlock({ kind: 'actor', value: actorUri }, null)).toEqual([]);

      await mod.addBlock({ kind: 'instance', value: host }, null);
      expect(await records.findFollower('en', `https://${host}/users/neighbour`)).toBeNull();
      const blocks = (await mod.listBlocks()).items.filter((b) => b.value === actorUri || b.value === host);
      expect(blocks.map((b) => [b.kind, b.value])).toEqual([
        ['instance', host],
        ['actor', actorUri],
      ]);
      expect(await mod.removeBlock(blocks[0]!.id)).toBe(true);
      expect(await mod.removeBlock(blocks[0]!.id)).toBe(false);
      expect((await mod.listBlocks()).items.map((b) => b.value)).not.toContain(host);
    });
  });
}
