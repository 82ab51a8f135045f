// The Studio's posts list on both databases, read from its summary table: every status a
// language can reach shows in the list and its filters as soon as it changes (the
// database marks the post stale, the list refreshes it), an author sees only their own
// posts, a list page costs the same number of queries at 10 posts as at 200, on
// SQLite its queries read no text table in full and sort through an index, on
// PostgreSQL the planner knows what a bulk fill put in the list, and after an upgrade
// (every post stale) a request refreshes one batch and says how far the list is.
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrateToLatest } from '@/db/migrate';
import * as studioListMigration from '@/db/migrations/2026-12-30T0001-studio-list';
import { createPublishingRepository, type PublishingRepository } from '@/db/repositories/publishing-repository';
import { createStudioRepository, type StudioRepository } from '@/db/repositories/studio-repository';
import { bulkRefresh, drainStudioList, refreshBatch } from '@/db/repositories/studio-list-refresh';
import { createAccount } from '@/server/auth/accounts';
import { renderDocument } from '@/core/markdown/render-document';
import { unique } from './helpers/factories';
import { recordQueries, sqlitePlan } from './helpers/query-recorder';
import { testTargets, type TestDatabase } from './helpers/test-databases';

for (const target of testTargets) {
  describe.skipIf(target.skip)(`studio posts list (${target.name})`, () => {
    let t: TestDatabase;
    let studio: StudioRepository;
    let publishing: PublishingRepository;
    let userId: string;
    let otherId: string;
    beforeAll(async () => {
      t = await target.open();
      await migrateToLatest(t.db);
      studio = createStudioRepository(t.db, renderDocument);
      publishing = createPublishingRepository(t.db, renderDocument);
      userId = (await createAccount(t.db, { name: 'Writer', email: `${unique('w')}@example.com`, password: 'long enough pw', role: 'author' })).id;
      otherId = (await createAccount(t.db, { name: 'Other', email: `${unique('o')}@example.com`, password: 'long enough pw', role: 'author' })).id;
    });
    afterAll(() => t?.close());

    const statusOf = async (id: number, marker: string) => (await studio.listStudioPosts({ q: marker, page: 1, pageSize: 5 })).items.find((p) => p.id === id)?.status;
    const idsWith = async (options: { translation?: 'outdated' | 'missing' | 'changes' | 'review'; status?: 'review' | 'published' | 'scheduled'; q: string }) =>
      (await studio.listStudioPosts({ ...options, page: 1, pageSize: 50 })).items.map((p) => p.id);

    it('follows each change of a language into the list and its filters', async () => {
      const marker = unique('follow');
      const id = await studio.createDraftPost({ sourceLocale: 'zh', title: `源 ${marker}`, userId, authorId: null });
      expect(await statusOf(id, marker)).toEqual({ zh: 'draft', en: 'missing' });
      expect(await idsWith({ translation: 'missing', q: marker })).toEqual([id]);

      const en = await studio.saveDraft(id, 'en', { fields: { slug: unique('en'), title: `Copy ${marker}`, body: 'A' }, expectedRevisionId: null, userId });
      await publishing.publish(id, 'zh', userId);
      await publishing.publish(id, 'en', userId);
      expect(await statusOf(id, marker)).toEqual({ zh: 'published', en: 'published' });
      expect(await idsWith({ status: 'published', q: marker })).toEqual([id]);

      // The source moves on for readers: the translation is behind.
      const zh = (await studio.getStudioPost(id))!.translations.zh!;
      await studio.saveDraft(id, 'zh', { fields: { slug: zh.slug, title: `改 ${marker}`, body: '新' }, expectedRevisionId: zh.revisionId, userId });
      await publishing.publish(id, 'zh', userId);
      expect(await idsWith({ translation: 'outdated', q: marker })).toEqual([id]);

      await studio.markUpToDate(id, 'en', { expectedRevisionId: en.revisionId, userId });
      expect(await idsWith({ translation: 'outdated', q: marker })).toEqual([]);
      expect(await idsWith({ translation: 'changes', q: marker })).toEqual([id]);

      await publishing.submitForReview(id, 'en', userId, 'please');
      expect(await idsWith({ status: 'review', q: marker })).toEqual([id]);

      await publishing.returnReview(id, 'en', userId, 'not yet');
      expect(await idsWith({ status: 'review', q: marker })).toEqual([]);
      await publishing.schedule(id, 'en', new Date(Date.now() + 86_400_000));
      expect(await idsWith({ status: 'scheduled', q: marker })).toEqual([id]);

      await studio.deletePost(id);
      expect((await studio.listStudioPosts({ q: marker, page: 1, pageSize: 5 })).total).toBe(0);
    });

    it('shows an author only the posts they own, newest change first, counted before paging', async () => {
      const marker = unique('own');
      const mine = [];
      for (let i = 0; i < 3; i += 1) mine.push(await studio.createDraftPost({ sourceLocale: 'en', title: `Mine ${i} ${marker}`, userId, authorId: null }));
      await studio.createDraftPost({ sourceLocale: 'en', title: `Theirs ${marker}`, userId: otherId, authorId: null });
      const first = await studio.listStudioPosts({ q: marker, ownerUserId: userId, page: 1, pageSize: 2 });
      const second = await studio.listStudioPosts({ q: marker, ownerUserId: userId, page: 2, pageSize: 2 });
      expect(first.total).toBe(3);
      expect([...first.items, ...second.items].map((p) => p.id).sort()).toEqual([...mine].sort());
      expect((await studio.listStudioPosts({ q: marker, page: 1, pageSize: 10 })).total).toBe(4);
    });
  });

  describe.skipIf(target.skip)(`studio posts list on an existing site (${target.name})`, () => {
    it('is filled by the migration for the posts a site already has, and again when it runs again', async () => {
      const t = await target.open();
      try {
        await migrateToLatest(t.db);
        const userId = (await createAccount(t.db, { name: 'Writer', email: `${unique('w')}@example.com`, password: 'long enough pw', role: 'author' })).id;
        const studio = createStudioRepository(t.db, renderDocument);
        const ids = [];
        for (let i = 0; i < 3; i += 1) ids.push(await studio.createDraftPost({ sourceLocale: 'zh', title: `旧 ${i}`, userId, authorId: null }));
        // A site from before the list had its table: no rows, no marks.
        await t.db.deleteFrom('studio_posts').execute();
        await t.db.deleteFrom('studio_posts_stale').execute();
        expect((await studio.listStudioPosts({ page: 1, pageSize: 10 })).total).toBe(0);
        for (let run = 0; run < 2; run += 1) {
          await studioListMigration.up(t.db as never);
          const list = await studio.listStudioPosts({ page: 1, pageSize: 10 });
          expect(list.items.map((p) => p.id)).toEqual([...ids].reverse());
          expect(list.items.map((p) => p.status)).toEqual(ids.map(() => ({ zh: 'draft', en: 'missing' })));
        }
      } finally {
        await t.close();
      }
    });
  });

  describe.skipIf(target.skip)(`studio posts list after an upgrade (${target.name})`, () => {
    it('refreshes one batch in the request, says how many posts are ready, and is complete after the drain', async () => {
      const t = await target.open();
      try {
        await migrateToLatest(t.db);
        // A site whose every post is stale, as the studio-list migration leaves an upgraded one.
        const size = refreshBatch * 2 + 37;
        const now = new Date().toISOString();
        for (let from = 0; from < size; from += 200) {
          const rows = Array.from({ length: Math.min(200, size - from) }, () => ({ kind: 'post', status: 'draft', featured: 0, source_locale: 'zh', version: 1, created_at: now, updated_at: now }));
          await t.db.insertInto('posts').values(rows).execute();
        }
        const rowsReady = async () => Number((await t.db.selectFrom('studio_posts').select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).n);
        const studio = createStudioRepository(t.db, renderDocument);

        const first = await studio.listStudioPosts({ page: 1, pageSize: 25 });
        expect(await rowsReady()).toBe(refreshBatch);
        expect(first.preparing).toEqual({ ready: refreshBatch, posts: size });
        expect(first.total).toBe(refreshBatch);
        expect(first.items).toHaveLength(25);

        // While a drain works, a request refreshes nothing itself and still says so.
        const during = await studio.listStudioPosts({ page: 1, pageSize: 25 }, 0);
        expect(await rowsReady()).toBe(refreshBatch);
        expect(during.preparing).toEqual({ ready: refreshBatch, posts: size });

        expect(await drainStudioList(t.db)).toBe(size - refreshBatch);
        const after = await studio.listStudioPosts({ translation: 'missing', page: 1, pageSize: 25 });
        expect(after.preparing).toBeNull();
        expect(after.total).toBe(size);

        // An ordinary change afterwards is in the very next list, with no notice.
        const id = after.items[0]!.id;
        await t.db.updateTable('posts').set({ source_locale: 'en' }).where('id', '=', id).execute();
        const changed = await studio.listStudioPosts({ page: 1, pageSize: 25 });
        expect(changed.preparing).toBeNull();
        expect(changed.items.find((p) => p.id === id)?.sourceLocale).toBe('en');
      } finally {
        await t.close();
      }
    }, 60_000);
  });

  describe.skipIf(target.skip)(`studio posts list cost (${target.name})`, () => {
    /** The queries of a first page, a filtered page and a later page, on a fresh site of `size` posts. */
    async function listQueries(size: number) {
      const t = await target.open();
      try {
        await migrateToLatest(t.db);
        const userId = (await createAccount(t.db, { name: 'Writer', email: `${unique('w')}@example.com`, password: 'long enough pw', role: 'author' })).id;
        const studio = createStudioRepository(t.db, renderDocument);
        for (let i = 0; i < size; i += 1) await studio.createDraftPost({ sourceLocale: i % 2 ? 'en' : 'zh', title: `Post ${i}`, userId, authorId: null });
        await studio.listStudioPosts({ page: 1, pageSize: 25 });
        const { db, queries } = recordQueries(t.db);
        const counted = createStudioRepository(db, renderDocument);
        const pages = [
          await counted.listStudioPosts({ page: 1, pageSize: 25 }),
          await counted.listStudioPosts({ translation: 'missing', page: 1, pageSize: 25 }),
          await counted.listStudioPosts({ page: 2, pageSize: 5 }),
        ];
        const plans: string[] = [];
        if (target.name === 'sqlite') {
          for (const query of queries) plans.push(await sqlitePlan(t.db, query));
        }
        return { count: queries.length, pages, plans };
      } finally {
        await t.close();
      }
    }

    it('runs the same number of queries for 10 posts as for 200', async () => {
      const small = await listQueries(10);
      const large = await listQueries(200);
      expect(small.pages.map((p) => [p.total, p.items.length])).toEqual([
        [10, 10],
        [10, 10],
        [10, 5],
      ]);
      expect(large.pages.map((p) => [p.total, p.items.length])).toEqual([
        [200, 25],
        [200, 25],
        [200, 5],
      ]);
      expect(small.count).toBeGreaterThan(0);
      expect(large.count).toBe(small.count);
      if (target.name === 'sqlite') {
        const plans = large.plans.join('\n');
        // No text table read in full: the list reads its summary, the page's texts by post.
        expect(plans).not.toMatch(/SCAN (post_translations|live_translations)\b/);
        // The default order comes from an index, not a sort of every post.
        const defaultPage = large.plans.find((p) => p.includes('from "studio_posts"') && p.includes('order by') && !p.includes('"translation_status" ='));
        expect(defaultPage).toBeDefined();
        expect(defaultPage).not.toContain('TEMP B-TREE');
        expect(defaultPage).toContain('studio_posts_updated_idx');
      }
    }, 120_000);
  });

  describe.skipIf(target.skip || target.name !== 'postgres')(`studio posts list after a bulk fill (${target.name})`, () => {
    it('tells the planner how many rows a filter matches, so a page walks the filter’s index instead of sorting them all', async () => {
      const t = await target.open();
      try {
        await migrateToLatest(t.db);
        // A site upgraded or imported in bulk: many posts marked stale at once, none in the list yet.
        await sql`insert into posts (kind, status, source_locale, created_at, updated_at)
          select 'post', 'draft', 'zh', to_char(now(), 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'), to_char(now(), 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') from generate_series(1, ${bulkRefresh})`.execute(t.db);
        expect(await drainStudioList(t.db)).toBe(bulkRefresh);
        const list = await createStudioRepository(t.db, renderDocument).listStudioPosts({ translation: 'missing', page: 1, pageSize: 25 });
        expect(list.total).toBe(bulkRefresh);
        const plan = await sql<{ 'QUERY PLAN': Array<{ Plan: { 'Plan Rows': number } }> }>`explain (format json) select post_id from studio_posts where translation_status = 'missing'`.execute(t.db);
        // Without statistics PostgreSQL guesses 0.5 % of the rows for an equality.
        expect(plan.rows[0]!['QUERY PLAN'][0]!.Plan['Plan Rows']).toBeGreaterThan(bulkRefresh / 2);
      } finally {
        await t.close();
      }
    }, 60_000);
  });
}
