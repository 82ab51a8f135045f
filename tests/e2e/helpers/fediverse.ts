// Seeds the fediverse records the browser suite's server would receive from other
// instances (followers, replies, likes) straight through the federation's repository, on
// the server's own database: the federation itself is proven by the client suite.
import { randomBytes } from 'node:crypto';
import { join } from 'node:path';
import type { Locale } from '../../../src/core/locales';
import { createDatabase } from '../../../src/db/client';
import { createContentReader } from '../../../src/db/repositories/content-reader';
import { createFediverseRepository } from '../../../src/db/repositories/fediverse';

export type Seeder = Awaited<ReturnType<typeof openSeeder>>;

export async function openSeeder() {
  const db = createDatabase({ url: process.env.DATABASE_URL ?? '', dataDir: join(process.cwd(), process.env.E2E_DATA_DIR ?? 'data/e2e') });
  const records = createFediverseRepository(db);
  const run = randomBytes(3).toString('hex');
  const host = (name: string) => `${name}-${run}.example`;
  const reactions: Array<{ activityUri: string; actorUri: string }> = [];
  return {
    host,
    /** A demo article by its English slug: its id and both slugs. */
    async article(enSlug: string) {
      const found = await createContentReader(db).findPostBySlug('en', enSlug);
      if (!found) throw new Error(`no demo article ${enSlug}`);
      return { id: found.post.id, zh: found.post.translations.zh!.slug, en: found.post.translations.en!.slug };
    },
    follower(locale: Locale, name: string, instance: string, state: 'accepted' | 'pending' = 'accepted') {
      return records.upsertFollower({
        locale,
        actorUri: `https://${instance}/users/${name}`,
        inboxUrl: `https://${instance}/users/${name}/inbox`,
        sharedInboxUrl: null,
        handle: `@${name}@${instance}`,
        name: name[0]!.toUpperCase() + name.slice(1),
        iconUrl: null,
        instanceHost: instance,
        state,
        followActivityUri: null,
      });
    },
    reply(postId: number, locale: Locale, name: string, instance: string, html: string) {
      const id = randomBytes(4).toString('hex');
      return records.saveReply({
        postId,
        locale,
        objectUri: `https://${instance}/users/${name}/statuses/${id}`,
        activityUri: null,
        actorUri: `https://${instance}/users/${name}`,
        actorHandle: `@${name}@${instance}`,
        actorName: name[0]!.toUpperCase() + name.slice(1),
        actorUrl: `https://${instance}/@${name}`,
        actorIconUrl: null,
        instanceHost: instance,
        contentHtml: html,
        url: `https://${instance}/@${name}/${id}`,
        inReplyTo: `https://duet.example/${locale}/posts/x`,
        publishedAt: new Date().toISOString(),
        state: 'held',
      });
    },
    like(postId: number, locale: Locale, instance: string, kind: 'like' | 'announce' = 'like') {
      const id = randomBytes(4).toString('hex');
      const reaction = { actorUri: `https://${instance}/users/${id}`, activityUri: `https://${instance}/activities/${id}` };
      reactions.push(reaction);
      return records.addReaction({ postId, locale, kind, ...reaction });
    },
    /** Takes back the likes and boosts seeded (an Undo each), so readers' pages are as before. */
    async undoReactions() {
      for (const r of reactions.splice(0)) await records.removeReaction(r.activityUri, r.actorUri);
    },
    /** Hides the approved replies an article has (left by a run that failed half-way). */
    async hideApproved(postId: number) {
      for (const reply of await records.listReplies({ postId, state: 'approved' })) await records.setReplyState(reply.id, 'hidden');
    },
    reactions: (postId: number, locale: Locale) => records.reactionCounts(postId, locale),
    counts: () => records.countFollowers(),
    close: () => db.destroy(),
  };
}
