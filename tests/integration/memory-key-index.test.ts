// The translation memory's keys in each database's inverted index (2027-01-08T0001-memory-
// key-index), on both databases: a site whose keys are the table of (key, unit) rows (the
// layout before, made by the migration's `down` from the units' texts; on SQLite a rowid
// table, as a site has it that skipped 2027-01-07's rebuild) is converted in
// place to exactly the index a fresh site's publishing writes, the memory suggests the
// same, the old table is gone, deleting a unit forgets its keys, and running the
// migration again changes nothing.
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { memoryKeyHash } from '@/core/translation/memory-units';
import { renderDocument } from '@/core/markdown/render-document';
import { isPostgres } from '@/db/dialect';
import { migrateToLatest } from '@/db/migrate';
import { migrations } from '@/db/migrations';
import { createContentRepository } from '@/db/repositories/content-repository';
import { createTranslationMemory } from '@/db/repositories/translation-memory';
import { allUnitKeys, commonKeys, rarestKeys, sharingKeysQuery, unitsSharingKeys } from '@/db/repositories/translation-memory-keys';
import { memoryKeyHashes } from '@/core/translation/memory-units';
import { demoPairs } from './helpers/demo-pairs';
import { unlinkUnit } from './helpers/memory-links';
import { memoryContents } from './helpers/per-unit-memory';
import { unique } from './helpers/factories';
import { testTargets, type TestDatabase } from './helpers/test-databases';

const name = '2027-01-08T0001-memory-key-index';
/** This migration and those after it, undone and applied again. */
const fromHere = Object.keys(migrations).slice(Object.keys(migrations).indexOf(name));

for (const target of testTargets) {
  describe.skipIf(target.skip)(`translation memory keys in an inverted index (${target.name})`, () => {
    let t: TestDatabase;
    const hasOldTable = async () =>
      isPostgres(t.db)
        ? (await sql<{ found: boolean }>`select to_regclass('translation_memory_keys') is not null as found`.execute(t.db)).rows[0]!.found
        : (await sql<{ n: number }>`select count(*) as n from sqlite_master where name = 'translation_memory_keys'`.execute(t.db)).rows[0]!.n > 0;

    beforeAll(async () => {
      t = await target.open();
      await migrateToLatest(t.db);
      const content = createContentRepository(t.db, renderDocument);
      for (const [i, pair] of demoPairs.slice(0, 3).entries()) {
        await content.createPost({
          status: 'published',
          sourceLocale: 'zh',
          translations: {
            zh: { slug: unique('zh'), title: `第 ${i} 篇`, body: pair.zh, state: 'published' },
            en: { slug: unique('en'), title: `Number ${i}`, body: pair.en, state: 'published' },
          },
        });
      }
    }, 120_000);
    afterAll(() => t?.close());

    it('converts the table of keys in place into the index publishing writes', async () => {
      const memory = createTranslationMemory(t.db);
      const sources = (await t.db.selectFrom('translation_memory_units').select('source_text').where('from_locale', '=', 'zh').orderBy('id').limit(6).execute()).map((r) => r.source_text);
      const suggest = () => Promise.all(sources.map((s) => memory.suggest(`${s}了`, 'zh', 'en')));
      const published = { contents: await memoryContents(t.db), suggestions: await suggest() };
      expect(published.contents.keys.length).toBeGreaterThan(1_000);
      expect(published.suggestions.flat().filter((s) => s.percentage < 100).length).toBeGreaterThan(0);

      // The layout before: a row per (key, unit), nothing in the index.
      for (const migration of [...fromHere].reverse()) await migrations[migration]!.down!(t.db);
      await sql`delete from kysely_migration where name in (${sql.join(fromHere)})`.execute(t.db);
      if (!isPostgres(t.db)) {
        // As a site that never ran 2027-01-07's rebuild has it: a rowid table, as the memory's migration made it.
        await sql`create table keys_before as select key, unit_id from translation_memory_keys`.execute(t.db);
        await sql`drop table translation_memory_keys`.execute(t.db);
        await migrations['2026-12-30T0003-translation-memory']!.up(t.db);
        await sql`insert into translation_memory_keys (key, unit_id) select key, unit_id from keys_before`.execute(t.db);
        await sql`drop table keys_before`.execute(t.db);
        const { rows } = await sql<{ sql: string }>`select sql from sqlite_master where name = 'translation_memory_keys'`.execute(t.db);
        expect(rows[0]!.sql).not.toMatch(/without rowid/i);
      }
      expect(await hasOldTable()).toBe(true);
      const oldKeys = await sql<{ key: string; unit_id: number }>`select key, unit_id from translation_memory_keys`.execute(t.db);
      expect(oldKeys.rows.length).toBeGreaterThanOrEqual(published.contents.keys.length);

      expect((await migrateToLatest(t.db)).applied).toEqual(fromHere);
      expect(await hasOldTable()).toBe(false);
      const converted = await allUnitKeys(t.db);
      expect(new Set(converted.map((k) => `${k.unit_id}:${k.hash}`))).toEqual(new Set(oldKeys.rows.map((k) => `${k.unit_id}:${memoryKeyHash(k.key)}`)));
      expect(await memoryContents(t.db)).toEqual(published.contents);
      expect(await suggest()).toEqual(published.suggestions);

      // Again: nothing moves.
      await migrations[name]!.up(t.db);
      expect(await memoryContents(t.db)).toEqual(published.contents);

      // A unit deleted takes its keys with it.
      const unit = converted[0]!.unit_id;
      await unlinkUnit(t.db, unit);
      await t.db.deleteFrom('translation_memory_units').where('id', '=', unit).execute();
      const left = await allUnitKeys(t.db);
      expect(left.filter((k) => k.unit_id === unit)).toEqual([]);
      expect(left.length).toBe(converted.length - converted.filter((k) => k.unit_id === unit).length);
    });

    it.runIf(target.name === 'postgres')('asks the GIN index for the rarest keys only, and finds the same units as asking for all', async () => {
      await sql`analyze translation_memory_units`.execute(t.db);
      // Read again now, as every lookup will for the next minute.
      const frequency = await commonKeys(t.db, 0);
      expect(frequency.size).toBeGreaterThan(10);
      const units = await t.db.selectFrom('translation_memory_units').select(['source_text', 'from_locale', 'to_locale']).orderBy('id').execute();
      let probed = 0;
      let asked = 0;
      for (const unit of units.filter((_, i) => i % 7 === 0)) {
        const hashes = memoryKeyHashes(`${unit.source_text} 了`, unit.from_locale as 'zh' | 'en', unit.to_locale as 'zh' | 'en');
        for (const minShared of [1, Math.max(1, Math.floor(hashes.length * 0.4)), hashes.length]) {
          const probe = rarestKeys(hashes, minShared, frequency);
          expect(probe).toHaveLength(hashes.length - minShared + 1);
          // No key left out is rarer than one asked for.
          const rarity = (hash: number) => frequency.get(hash) ?? 0;
          const left = hashes.filter((hash) => !probe.includes(hash));
          for (const hash of left) expect(rarity(hash)).toBeGreaterThanOrEqual(Math.max(...probe.map(rarity)));
          const all = (await sharingKeysQuery(t.db, hashes, minShared, 40).execute(t.db)).rows;
          expect(await unitsSharingKeys(t.db, hashes, minShared, 40)).toEqual(all);
          probed += probe.length;
          asked += hashes.length;
        }
      }
      // Lookups left the common keys out.
      expect(probed).toBeLessThan(asked);
    });

    it('finds candidates through the index, not by reading every unit', async () => {
      const hashes = memoryKeyHashes('双语出版的杂志，每一篇文章都有中文和英文两个版本。', 'zh', 'en');
      expect(hashes.length).toBeGreaterThan(5);
      const query = sharingKeysQuery(t.db, hashes, 2, 40);
      if (isPostgres(t.db)) {
        // The demo's few hundred units would be read in a sequential scan; the index must still serve the query.
        // The round trip above rebuilt the index over rows its migration had just updated
        // (broken HOT chains): PostgreSQL then marks it `indcheckxmin` and leaves it unused
        // until every transaction older than it has ended, the other test files' included
        // (seen: a sequential scan at a cost of 10^10). So the plan is asked again until then.
        await vi.waitFor(
          async () => {
            const plan = await t.db.transaction().execute(async (trx) => {
              await sql`set local enable_seqscan = off`.execute(trx);
              return (await sql<{ 'QUERY PLAN': string }>`explain ${query}`.execute(trx)).rows.map((r) => r['QUERY PLAN']).join('\n');
            });
            expect(plan).toContain('Bitmap Index Scan on translation_memory_units_keys_idx');
            expect(plan).not.toMatch(/Seq Scan on translation_memory_units/);
          },
          { timeout: 30_000, interval: 250 },
        );
      } else {
        const plan = (await sql<{ detail: string }>`explain query plan ${query}`.execute(t.db)).rows.map((r) => r.detail);
        // Each key's posting list read by MATCH (`:M`), one scan a key; no table of units read.
        const scans = plan.filter((d) => d.startsWith('SCAN translation_memory_key_index'));
        expect(scans).toHaveLength(new Set(hashes).size);
        for (const scan of scans) expect(scan).toMatch(/VIRTUAL TABLE INDEX \d+:M/);
        expect(plan.join('\n')).not.toContain('translation_memory_units');
      }
    }, 60_000);
  });
}
