// The sitemap index's count of tag and author pages, on both databases: a tag or author
// counts only with a visible article (published, its date passed, a live text; a page is
// not an article), the same answer the count of distinct ids over every visible text gave
// and the one the sitemap's own listing gives. On SQLite, each tag and author is asked
// through its link index, and a post looked up by id: no walk of every visible post,
// which cost 1.0 s at 100,000 posts on PostgreSQL each time the index was rebuilt.
// And the files themselves: split into an index and children, every page is listed once,
// in the same order as in one urlset.
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrateToLatest } from '@/db/migrate';
import { createContentRepository, type ContentRepository } from '@/db/repositories/content-repository';
import { renderDocument } from '@/core/markdown/render-document';
import { buildSitemapFile, sitemapChildCount } from '@/server/sitemap/stream-sitemap';
import { makeAuthor, makePost, makeTag } from './helpers/factories';
import { recordQueries, sqlitePlan } from './helpers/query-recorder';
import { testTargets, type TestDatabase } from './helpers/test-databases';

for (const target of testTargets) {
  describe.skipIf(target.skip)(`sitemap listings count (${target.name})`, () => {
    let t: TestDatabase;
    let repo: ContentRepository;
    const day = 24 * 3600 * 1000;
    beforeAll(async () => {
      t = await target.open();
      await migrateToLatest(t.db);
      repo = createContentRepository(t.db, renderDocument);
      const [seen, both, draftOnly, scheduledOnly, pageOnly, unused, noLiveOnly] = await Promise.all([1, 2, 3, 4, 5, 6, 7].map(() => makeTag(repo)));
      const [writer, drafter, scheduler, pager, idle, noLive] = await Promise.all([1, 2, 3, 4, 5, 6].map(() => makeAuthor(repo)));
      void unused;
      void idle;
      await makePost(repo, { tagIds: [seen!.id, both!.id], authorIds: [writer!.id] });
      await makePost(repo, { tagIds: [seen!.id], authorIds: [writer!.id] });
      await makePost(repo, { status: 'draft', tagIds: [both!.id, draftOnly!.id], authorIds: [drafter!.id] });
      await makePost(repo, { publishedAt: new Date(Date.now() + 30 * day), tagIds: [scheduledOnly!.id], authorIds: [scheduler!.id] });
      await makePost(repo, { kind: 'page', tagIds: [pageOnly!.id], authorIds: [pager!.id] });
      // Published, but with no text live (both taken offline by hand): nothing to read.
      const bare = await makePost(repo, { tagIds: [noLiveOnly!.id], authorIds: [noLive!.id] });
      await t.db.deleteFrom('live_translations').where('post_id', '=', bare.id).execute();
    });
    afterAll(() => t?.close());

    it('counts the tags and authors with a visible article, as the distinct count over the live texts did', async () => {
      const counts = await repo.countSitemapListings();
      expect(counts).toEqual({ tags: 2, authors: 1 });
      const now = new Date().toISOString();
      const reference = await sql<{ tags: number | string; authors: number | string }>`
        select (select count(distinct pt.tag_id) from posts p join live_translations l on l.post_id = p.id join post_tags pt on pt.post_id = p.id
                where p.status = 'published' and p.published_at <= ${now} and p.kind = 'post') as tags,
               (select count(distinct pa.author_id) from posts p join live_translations l on l.post_id = p.id join post_authors pa on pa.post_id = p.id
                where p.status = 'published' and p.published_at <= ${now} and p.kind = 'post') as authors`.execute(t.db);
      expect({ tags: Number(reference.rows[0]!.tags), authors: Number(reference.rows[0]!.authors) }).toEqual(counts);
      expect(await repo.listSitemapTags()).toHaveLength(counts.tags);
      expect(await repo.listSitemapAuthors()).toHaveLength(counts.authors);
      // The scheduled post's tag and author count once its date has passed.
      expect(await repo.countSitemapListings(new Date(Date.now() + 31 * day))).toEqual({ tags: 3, authors: 2 });
    });

    it.skipIf(target.name !== 'sqlite')('asks each tag and author through its index, reading no link or live text table in full', async () => {
      const { db, queries } = recordQueries(t.db);
      await createContentRepository(db).countSitemapListings();
      const plans = [];
      for (const query of queries) plans.push(await sqlitePlan(t.db, query));
      const plan = plans.join('\n');
      // Driven by the tags and the authors, each asking its link index for its posts…
      expect(plan).toMatch(/SEARCH post_tags \S* ?USING COVERING INDEX post_tags_tag_idx \(tag_id=\?\)/);
      expect(plan).toMatch(/SEARCH post_authors \S* ?USING COVERING INDEX post_authors_author_idx \(author_id=\?\)/);
      // …and a post only by its id: never a walk of the visible posts (once, or for each tag).
      expect(plan).toMatch(/SEARCH posts (EXISTS )?USING INTEGER PRIMARY KEY/);
      expect(plan).not.toMatch(/(SCAN|SEARCH) posts (?!(EXISTS )?USING INTEGER PRIMARY KEY)/);
      expect(plan).not.toMatch(/SCAN (post_tags|post_authors|live_translations)\b/);
    });

    it.skipIf(target.name !== 'postgres')('is asked of each tag and author on PostgreSQL, not turned into a join over every visible post', async () => {
      const { db, queries } = recordQueries(t.db);
      await createContentRepository(db).countSitemapListings();
      expect(queries).toHaveLength(2);
      for (const query of queries) {
        const plan = await sql<{ 'QUERY PLAN': string }>`explain ${sql.raw(query.sql.replace(/\$(\d+)/g, (_, n: string) => `'${String(query.parameters[Number(n) - 1])}'`))}`.execute(t.db);
        // An exists was pulled up into a semi join that hashed every visible post (3.2 s at 100,000 posts).
        expect(plan.rows.map((r) => r['QUERY PLAN']).join('\n')).toMatch(/SubPlan/);
      }
    });

    it('splits a larger site into an index of children that list every page once, in order', async () => {
      // More posts than one child holds, with a hidden one (a draft) among them.
      for (let n = 0; n < 6; n++) await makePost(repo, n === 2 ? { status: 'draft' } : {});
      const locs = (xml: string | null) => [...(xml ?? '').matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]!);
      const whole = await buildSitemapFile(repo, 'index', 1_000);
      expect(whole).toContain('<urlset');
      const perFile = 4;
      const index = await buildSitemapFile(repo, 'index', perFile);
      expect(index).toContain('<sitemapindex');
      const children = locs(index);
      expect(children.length).toBeGreaterThanOrEqual(4);
      const listed: string[] = [];
      for (const [n, url] of children.entries()) {
        expect(new URL(url).pathname).toBe(`/sitemaps/${n}.xml`);
        listed.push(...locs(await buildSitemapFile(repo, n, perFile)));
      }
      expect(listed).toEqual(locs(whole));
      expect(new Set(listed).size).toBe(listed.length);
      expect(await buildSitemapFile(repo, children.length, perFile)).toBeNull();
      // The count a child's number is checked against before its file is looked up.
      expect(await sitemapChildCount(repo, perFile)).toBe(children.length);
      expect(await sitemapChildCount(repo, 1_000)).toBe(0);
    });
  });
}
