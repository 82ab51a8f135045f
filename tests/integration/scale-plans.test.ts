// Query plans that keep a large site as quick as a small one, on SQLite: the start-up
// scan for texts rendered by another renderer version reads its index, not every text,
// and the sitemap's slices page by post id and take the newest publication from an
// index. A plan regression (a full scan of a text table) fails here; how fast is the
// benchmarks' business (bench/scale.mjs).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrateToLatest } from '@/db/migrate';
import { createContentRepository } from '@/db/repositories/content-repository';
import { createPublishingRepository } from '@/db/repositories/publishing-repository';
import { createStudioRepository } from '@/db/repositories/studio-repository';
import { renderDocument, renderVersion } from '@/core/markdown/render-document';
import { createAccount } from '@/server/auth/accounts';
import { unique } from './helpers/factories';
import { recordQueries, sqlitePlan } from './helpers/query-recorder';
import { testTargets, type TestDatabase } from './helpers/test-databases';

const sqlite = testTargets.find((target) => target.name === 'sqlite')!;

describe('query plans at scale (sqlite)', () => {
  let t: TestDatabase;
  const published: number[] = [];
  beforeAll(async () => {
    t = await sqlite.open();
    await migrateToLatest(t.db);
    const userId = (await createAccount(t.db, { name: 'Writer', email: `${unique('w')}@example.com`, password: 'long enough pw', role: 'author' })).id;
    const studio = createStudioRepository(t.db, renderDocument);
    const publishing = createPublishingRepository(t.db, renderDocument);
    for (let i = 0; i < 6; i += 1) {
      const id = await studio.createDraftPost({ sourceLocale: 'en', title: `Post ${i}`, userId, authorId: null });
      await publishing.publish(id, 'en', userId);
      published.push(id);
    }
  });
  afterAll(() => t?.close());

  async function plansOf(read: (repo: ReturnType<typeof createContentRepository>) => Promise<unknown>) {
    const { db, queries } = recordQueries(t.db);
    const result = await read(createContentRepository(db));
    const plans = [];
    for (const query of queries) plans.push(await sqlitePlan(t.db, query));
    return { result, plans: plans.join('\n') };
  }

  it('finds stale renderings through the render_version index, reading no text when there are none', async () => {
    for (const table of ['draft', 'live'] as const) {
      const { result, plans } = await plansOf((repo) => repo.listStaleRenderings(table, renderVersion, 0, 50));
      expect(result).toEqual([]);
      // Looked up by id from the index's list, never a walk of the table from `afterId`.
      expect(plans).not.toMatch(/rowid>\?/);
      expect(plans).toMatch(/render_version_idx/);
      expect(plans).not.toMatch(/SCAN (post_translations|live_translations)\b/);
    }
    // A text of another renderer version is still found.
    await t.db.updateTable('live_translations').set({ render_version: renderVersion - 1 }).where('post_id', '=', published[2]!).execute();
    const { result } = await plansOf((repo) => repo.listStaleRenderings('live', renderVersion, 0, 50));
    expect((result as Array<{ postId: number }>).map((r) => r.postId)).toEqual([published[2]]);
  });

  it('pages the sitemap by post id and reads its dates from indexes', async () => {
    const first = await plansOf((repo) => repo.listSitemapEntries({ limit: 3 }));
    const firstIds = (first.result as Array<{ postId: number }>).map((e) => e.postId);
    const next = await plansOf((repo) => repo.listSitemapEntries({ afterId: firstIds.at(-1)!, limit: 3 }));
    const nextIds = (next.result as Array<{ postId: number }>).map((e) => e.postId);
    expect([...firstIds, ...nextIds].filter((id) => published.includes(id))).toEqual(published);
    expect(next.plans).not.toMatch(/SCAN live_translations\b/);
    expect(next.plans).not.toMatch(/OFFSET|offset \?/);

    const count = await plansOf((repo) => repo.countVisiblePosts());
    expect((count.result as { total: number }).total).toBeGreaterThanOrEqual(published.length);
    // The newest publication read from an index, never from the live texts' wide rows.
    expect(count.plans).toMatch(/live_translations USING COVERING INDEX/);
    expect(count.plans).not.toMatch(/(SCAN|SEARCH) live_translations(?! USING COVERING INDEX)/);
  });
});
