// The translation memory's links narrowed to (post, unit) (2027-01-09T0002-memory-links-
// narrow), on both databases: a site in the layout before (each link with its block and
// sentence, a post repeating a sentence linked to its unit more than once) is converted in
// place to exactly the links publishing writes now, one a post and unit; suggestions and
// their origins stay the same; a deleted post or unit still takes its links, and a second
// link of one post and unit is refused; SQLite's table
// is its primary key's B-tree; running the migration again changes nothing. The migration
// after it (2027-01-09T0003-memory-unit-columns) drops the units' two unread columns, kind
// and updated_at, on the same round trip: the memory and its suggestions are the same
// without them. On PostgreSQL the round trip ends with the links as one array a post
// (2027-01-11T0001-memory-post-units): the same links, read through unnest.
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isPostgres } from '@/db/dialect';
import { migrateToLatest } from '@/db/migrate';
import { migrations } from '@/db/migrations';
import { columnsOf } from '@/db/migrations/columns-of';
import { forgetQuery, postgresOriginsQuery } from '@/db/repositories/memory-links';
import { createStudioRepository } from '@/db/repositories/studio-repository';
import { createTranslationMemory } from '@/db/repositories/translation-memory';
import { demoPairs, publishPair } from './helpers/demo-pairs';
import { allLinks, linksAreArrays } from './helpers/memory-links';
import { memoryContents } from './helpers/per-unit-memory';
import { testTargets, type TestDatabase } from './helpers/test-databases';

const name = '2027-01-09T0002-memory-links-narrow';
/** This migration and those after it, undone and applied again. */
const fromHere = Object.keys(migrations).slice(Object.keys(migrations).indexOf(name));

for (const target of testTargets) {
  describe.skipIf(target.skip)(`translation memory links of a post and a unit (${target.name})`, () => {
    let t: TestDatabase;
    const publish = (i: number, pair: { zh: string; en: string }) => publishPair(t.db, i, pair);
    const links = () => allLinks(t.db);
    // A post repeating a paragraph: its units are the same each time.
    const repeated = { zh: '第一段，说的是书。\n\n第二段。\n\n第一段，说的是书。\n', en: 'The first paragraph, about books.\n\nThe second.\n\nThe first paragraph, about books.\n' };

    beforeAll(async () => {
      t = await target.open();
      await migrateToLatest(t.db);
      for (const [i, pair] of [...demoPairs.slice(0, 2), repeated].entries()) await publish(i, pair);
    }, 120_000);
    afterAll(() => t?.close());

    it('converts the links in place to one a post and unit, suggesting the same', async () => {
      const published = await memoryContents(t.db);
      const written = await links();
      expect(new Set(written.map((l) => `${l.post_id}:${l.unit_id}`)).size).toBe(written.length);
      const memory = createTranslationMemory(t.db);
      const queries = ['第一段，说的是书。', 'The first paragraph, about books.', demoPairs[0]!.zh.split('\n').find((line) => line.length > 20)!];
      const suggest = () => Promise.all(queries.map((query) => memory.suggest(query, /\p{Script=Han}/u.test(query) ? 'zh' : 'en', /\p{Script=Han}/u.test(query) ? 'en' : 'zh')));
      const before = await suggest();
      expect(before.every((found) => found.length > 0 && found[0]!.origin !== null)).toBe(true);

      // The layout before: where in the post each link was, the repeated paragraph's units linked twice.
      for (const migration of [...fromHere].reverse()) await migrations[migration]!.down!(t.db);
      await sql`delete from kysely_migration where name in (${sql.join(fromHere)})`.execute(t.db);
      expect(await columnsOf(t.db as never, 'translation_memory_links')).toEqual(['unit_id', 'post_id', 'block_index', 'sentence_index']);
      await sql`insert into translation_memory_links (unit_id, post_id, block_index, sentence_index) select unit_id, post_id, 2, -1 from translation_memory_links`.execute(t.db);
      expect((await links()).length).toBe(written.length * 2);
      expect(await columnsOf(t.db as never, 'translation_memory_units')).toEqual(expect.arrayContaining(['kind', 'updated_at']));

      expect((await migrateToLatest(t.db)).applied).toEqual(fromHere);
      if (isPostgres(t.db)) {
        expect(await columnsOf(t.db as never, 'translation_memory_links')).toEqual([]);
        expect(await columnsOf(t.db as never, 'translation_memory_post_units')).toEqual(['post_id', 'unit_ids']);
      } else {
        expect(await columnsOf(t.db as never, 'translation_memory_links')).toEqual(['post_id', 'unit_id']);
      }
      expect(await columnsOf(t.db as never, 'translation_memory_units')).not.toEqual(expect.arrayContaining(['kind']));
      expect(await columnsOf(t.db as never, 'translation_memory_units')).not.toEqual(expect.arrayContaining(['updated_at']));
      expect(await links()).toEqual(written);
      expect(await memoryContents(t.db)).toEqual(published);
      expect(await suggest()).toEqual(before);
      if (!isPostgres(t.db)) {
        const { rows } = await sql<{ sql: string }>`select sql from sqlite_master where name = 'translation_memory_links'`.execute(t.db);
        expect(rows[0]!.sql).toMatch(/without rowid\s*$/i);
      }

      // Again: nothing moves.
      for (const migration of fromHere) await migrations[migration]!.up(t.db);
      expect(await links()).toEqual(written);
      expect(await memoryContents(t.db)).toEqual(published);
    });

    it('still drops the links of a deleted post or unit, and refuses a second link of one post and unit', async () => {
      const post = await publish(7, { zh: '只在这一篇里的一句话。', en: 'A sentence only this post holds.' });
      const other = await publish(8, { zh: '另一篇里的另一句话。', en: 'Another sentence of another post.' });
      const held = (await links()).filter((l) => l.post_id === post.id);
      expect(held.length).toBeGreaterThan(0);
      if (await linksAreArrays(t.db)) {
        // One row a post: a second is refused. A unit is deleted only when no post holds it
        // (forgetUnheld), so an array needs no cascade (translation-memory.test.ts: a unit two
        // posts share is kept until the last of them goes offline).
        await expect(sql`insert into translation_memory_post_units (post_id, unit_ids) values (${post.id}, array[${held[0]!.unit_id}::integer])`.execute(t.db)).rejects.toThrow();
        await createStudioRepository(t.db).deletePost(post.id);
        expect((await links()).filter((l) => l.post_id === post.id)).toEqual([]);
        return;
      }
      await expect(t.db.insertInto('translation_memory_links').values(held[0]!).execute()).rejects.toThrow();
      await createStudioRepository(t.db).deletePost(post.id);
      expect((await links()).filter((l) => l.post_id === post.id)).toEqual([]);
      const unit = (await links()).find((l) => l.post_id === other.id)!.unit_id;
      await t.db.deleteFrom('translation_memory_units').where('id', '=', unit).execute();
      expect((await links()).filter((l) => l.unit_id === unit)).toEqual([]);
      expect((await links()).filter((l) => l.post_id === other.id).length).toBeGreaterThan(0);
    });

    it.runIf(target.name === 'postgres')('finds who holds a unit through the GIN index of the arrays, not by walking every post', async () => {
      // The units of the first posts, which 3,000 newer posts (each with 50 units of its own,
      // as on a site of distinct texts) do not hold: walking the posts newest first, testing
      // each array, would read all 3,000 for each. All in a transaction rolled back.
      const ids = [...new Set((await links()).map((l) => l.unit_id))].slice(0, 5);
      expect(ids.length).toBeGreaterThan(0);
      const plans: string[] = [];
      const rollback = new Error('rollback');
      await t.db
        .transaction()
        .execute(async (trx) => {
          await sql`
            with made as (
              insert into posts (kind, status, featured, source_locale, version, created_at, updated_at)
              select 'post', 'draft', 0, 'zh', 1, '2026-01-01', '2026-01-01' from generate_series(1, 3000)
              returning id)
            insert into translation_memory_post_units (post_id, unit_ids)
            select id, array(select 10000000 + id * 50 + k from generate_series(1, 50) as k) from made`.execute(trx);
          await sql`analyze translation_memory_post_units`.execute(trx);
          for (const compiled of [postgresOriginsQuery(ids, 'en').compile(trx), forgetQuery(trx, ids).compile()]) {
            const { rows } = await trx.executeQuery<{ 'QUERY PLAN': string }>({ ...compiled, sql: `explain ${compiled.sql}` });
            plans.push(rows.map((r) => r['QUERY PLAN']).join('\n'));
          }
          throw rollback;
        })
        .catch((error: unknown) => {
          if (error !== rollback) throw error;
        });
      expect(plans).toHaveLength(2);
      for (const plan of plans) {
        expect(plan).toContain('Bitmap Index Scan on translation_memory_post_units_units_idx');
        expect(plan).not.toMatch(/Seq Scan on translation_memory_post_units|Index Scan Backward using translation_memory_post_units_pkey/);
      }
    });
  });
}
