// The fediverse's records on both databases: a follower who follows again is one row, a
// block removes the blocked actor's or instance's followers and hides their replies, the
// same Like twice counts once and its Undo takes it back, and the settings read back as saved.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrateToLatest } from '@/db/migrate';
import { createFediverseRepository, type NewFollower } from '@/db/repositories/fediverse';
import { createFediverseSettings } from '@/db/repositories/fediverse-settings';
import { unique } from './helpers/factories';
import { testTargets, type TestDatabase } from './helpers/test-databases';

const follower = (host: string, name: string): NewFollower => ({
  locale: 'zh',
  actorUri: `https://${host}/users/${name}`,
  inboxUrl: `https://${host}/users/${name}/inbox`,
  sharedInboxUrl: `https://${host}/inbox`,
  handle: `@${name}@${host}`,
  name,
  iconUrl: null,
  instanceHost: host,
  state: 'accepted',
  followActivityUri: `https://${host}/follows/${name}`,
});

for (const target of testTargets) {
  describe.skipIf(target.skip)(`fediverse records (${target.name})`, () => {
    let t: TestDatabase;
    beforeAll(async () => {
      t = await target.open();
      await migrateToLatest(t.db);
    }, 60_000);
    afterAll(async () => t?.close());

    it('keeps one row per follower and language, and removes it on Undo', async () => {
      const repo = createFediverseRepository(t.db);
      const host = `${unique('h')}.example`;
      await repo.upsertFollower(follower(host, 'alice'));
      await repo.upsertFollower({ ...follower(host, 'alice'), name: 'Alice A.' });
      await repo.upsertFollower({ ...follower(host, 'alice'), locale: 'en' });
      const zh = await repo.listFollowers('zh');
      expect(zh.filter((f) => f.instanceHost === host).map((f) => f.name)).toEqual(['Alice A.']);
      expect(await repo.removeFollower('zh', `https://${host}/users/alice`)).toBe(true);
      expect(await repo.findFollower('zh', `https://${host}/users/alice`)).toBeNull();
      expect(await repo.findFollower('en', `https://${host}/users/alice`)).not.toBeNull();
    });

    it('blocks an instance: its followers go and its replies are hidden', async () => {
      const repo = createFediverseRepository(t.db);
      const host = `${unique('blocked')}.example`;
      await repo.upsertFollower(follower(host, 'bob'));
      const reply = await repo.saveReply({
        postId: 1, locale: 'zh', objectUri: `https://${host}/notes/1`, activityUri: null, actorUri: `https://${host}/users/bob`,
        actorHandle: `@bob@${host}`, actorName: 'Bob', actorUrl: null, actorIconUrl: null, instanceHost: host,
        contentHtml: '<p>你好</p>', url: null, inReplyTo: 'https://duet.example/zh/posts/x', publishedAt: new Date().toISOString(), state: 'approved',
      });
      await repo.addBlock('instance', host.toUpperCase(), null);
      expect(await repo.findFollower('zh', `https://${host}/users/bob`)).toBeNull();
      expect((await repo.findReplyByObject(reply.objectUri))?.state).toBe('hidden');
      expect((await repo.listBlocks()).some((b) => b.kind === 'instance' && b.value === host)).toBe(true);
    });

    it('counts a Like once and forgets it on Undo', async () => {
      const repo = createFediverseRepository(t.db);
      const postId = 900_000 + Math.floor(Math.random() * 10_000);
      const like = { postId, locale: 'en' as const, kind: 'like' as const, actorUri: 'https://a.example/u/c', activityUri: `https://a.example/likes/${unique('l')}` };
      await repo.addReaction(like);
      await repo.addReaction(like);
      await repo.addReaction({ ...like, kind: 'announce', activityUri: `${like.activityUri}-boost` });
      expect(await repo.reactionCounts(postId, 'en')).toEqual({ likes: 1, announces: 1 });
      expect(await repo.reactionCounts(postId, 'zh')).toEqual({ likes: 0, announces: 0 });
      await repo.removeReaction(like.activityUri, like.actorUri);
      expect(await repo.reactionCounts(postId, 'en')).toEqual({ likes: 0, announces: 1 });
    });

    it('reads the settings back as saved, and the defaults before', async () => {
      const settings = createFediverseSettings(t.db);
      const before = await settings.getSettings();
      expect(before.followPolicy === 'auto' || before.followPolicy === 'held').toBe(true);
      await settings.saveSettings({ handles: { zh: 'zhongwen', en: 'english' }, followPolicy: 'held', repliesPolicy: 'auto' });
      expect(await settings.getSettings()).toEqual({ handles: { zh: 'zhongwen', en: 'english' }, followPolicy: 'held', repliesPolicy: 'auto' });
      await settings.saveSettings(before);
    });
  });
}
