// Search past its cap, on both databases (with the cap made small): the count stops and
// says so, the pages end at the cap and show the newest matches first, and below the cap
// the answer is the full ranking's. SQLite's plan keeps the scan that stops early: matches
// read newest first from the index with no sort, visibility looked up by key for each.
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrateToLatest } from '@/db/migrate';
import { createContentRepository, type ContentRepository } from '@/db/repositories/content-repository';
import { searchCap, sqliteNewestQuery } from '@/db/repositories/search-ranking';
import { createSearchRepository, toFtsQuery } from '@/db/repositories/search-repository';
import { tokenizeQuery } from '@/core/search/tokenize';
import { makePost, unique } from './helpers/factories';
import { testTargets, type TestDatabase } from './helpers/test-databases';
import { renderDocument } from '@/core/markdown/render-document';

const day = 24 * 3600 * 1000;

/** A made-up Latin word no other test will touch: consonants only. */
function word(): string {
  const letters = 'bcdfghjkmnpqrtvwxz';
  return `zq${Array.from({ length: 6 }, () => letters[Math.floor(Math.random() * letters.length)]).join('')}`;
}

for (const target of testTargets) {
  describe.skipIf(target.skip)(`search past its cap (${target.name})`, () => {
    let t: TestDatabase;
    let repo: ContentRepository;
    const marker = word();
    /** Post ids in the order they were written, each with its English title. */
    const posts: Record<string, number> = {};

    beforeAll(async () => {
      t = await target.open();
      await migrateToLatest(t.db);
      repo = createContentRepository(t.db, renderDocument);
      // Written oldest first; "title" posts hold the word in their title, the others in their body.
      const writes: Array<[string, boolean]> = [['oldTitle', true], ['body1', false], ['body2', false], ['newTitle', true], ['body3', false], ['body4', false]];
      for (const [name, inTitle] of writes) {
        const post = await makePost(repo, {
          publishedAt: new Date(Date.now() - day),
          translations: {
            zh: { slug: unique('zh-cap'), title: inTitle ? `关于 ${marker}` : '别的标题', body: inTitle ? '别的内容。' : `正文提到 ${marker}。`, state: 'published' },
            en: { slug: unique('cap'), title: inTitle ? `About ${marker}` : `Another title ${name}`, body: inTitle ? 'Other things.' : `The body says ${marker}.`, state: 'published' },
          },
        });
        posts[name] = post.id;
      }
    }, 60_000);
    afterAll(async () => {
      await t?.close();
    });

    const idsOf = (items: Array<{ postId: number }>) => items.map((h) => Object.entries(posts).find(([, id]) => id === h.postId)?.[0]);

    it('counts up to the cap and says there are more; shows the newest matches first', async () => {
      const search = createSearchRepository(t.db, { cap: 3 });
      const first = await search.search({ query: marker, locale: 'en', page: 1, pageSize: 2 });
      expect(first).toMatchObject({ total: 3, isTotalCapped: true });
      expect(idsOf(first.items)).toEqual(['body4', 'body3']);
      const second = await search.search({ query: marker, locale: 'en', page: 2, pageSize: 2 });
      expect(second).toMatchObject({ total: 3, isTotalCapped: true });
      expect(idsOf(second.items)).toEqual(['newTitle']);
      // Past the cap there is no page to reach.
      expect((await search.search({ query: marker, locale: 'en', page: 3, pageSize: 2 })).items).toEqual([]);
    });

    it('fills the pages from the preferred language alone once it passes the cap', async () => {
      const search = createSearchRepository(t.db, { cap: 3 });
      const result = await search.search({ query: marker, locale: 'all', preferLocale: 'zh', page: 1, pageSize: 10 });
      expect(result).toMatchObject({ total: 3, isTotalCapped: true });
      expect(result.items.map((h) => h.locale)).toEqual(['zh', 'zh', 'zh']);
      expect(idsOf(result.items)).toEqual(['body4', 'body3', 'newTitle']);
    });

    it('gives the full ranking and the exact count below the cap', async () => {
      for (const cap of [6, searchCap]) {
        const result = await createSearchRepository(t.db, { cap }).search({ query: marker, locale: 'en', page: 1, pageSize: 10 });
        expect(result).toMatchObject({ total: 6, isTotalCapped: false });
        expect(idsOf(result.items)).toEqual(['newTitle', 'oldTitle', 'body4', 'body3', 'body2', 'body1']);
      }
      const both = await createSearchRepository(t.db).search({ query: marker, locale: 'all', preferLocale: 'en', page: 1, pageSize: 20 });
      expect(both).toMatchObject({ total: 12, isTotalCapped: false });
      expect(both.items.map((h) => h.locale)).toEqual([...Array(6).fill('en'), ...Array(6).fill('zh')]);
    });

    it.skipIf(target.name === 'postgres')('keeps the SQLite plan that stops early', async () => {
      const slice = { cap: searchCap, locale: 'en' as const, tagId: undefined, nowIso: new Date().toISOString(), limit: 10, offset: 0 };
      const { rows } = await sql<{ detail: string }>`explain query plan ${sqliteNewestQuery(slice, toFtsQuery(tokenizeQuery(marker), 'all'))}`.execute(t.db);
      const plan = rows.map((r) => r.detail);
      expect(plan.filter((d) => d.startsWith('SCAN'))).toEqual([expect.stringMatching(/^SCAN search_fts VIRTUAL TABLE/)]);
      // Sorting would mean reading every match before the limit.
      expect(plan.some((d) => d.includes('TEMP B-TREE'))).toBe(false);
      expect(plan).toContain('SEARCH p USING INTEGER PRIMARY KEY (rowid=?)');
    });
  });
}
