// The translation memory's unit hashes cut to 22 characters (2027-01-08T0002-short-unit-
// hashes), on both databases: a site whose units carry whole sha-256 hashes (the layout
// before, made by the migration's `down` from the texts) is cut in place to exactly the
// units publishing writes now, an exact match is still found at 100 %, publishing the same
// pair again makes no second unit, and running the migration again changes nothing.
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fullSegmentHash } from '@/core/translation/memory-units';
import { migrateToLatest } from '@/db/migrate';
import { migrations } from '@/db/migrations';
import { createTranslationMemory } from '@/db/repositories/translation-memory';
import { demoPairs, publishPair } from './helpers/demo-pairs';
import { memoryContents } from './helpers/per-unit-memory';
import { testTargets, type TestDatabase } from './helpers/test-databases';

const name = '2027-01-08T0002-short-unit-hashes';
/** This migration and those after it, undone and applied again. */
const fromHere = Object.keys(migrations).slice(Object.keys(migrations).indexOf(name));

for (const target of testTargets) {
  describe.skipIf(target.skip)(`translation memory unit hashes of 22 characters (${target.name})`, () => {
    let t: TestDatabase;
    const publish = (i: number, pair: { zh: string; en: string }) => publishPair(t.db, i, pair);
    const units = () => t.db.selectFrom('translation_memory_units').select(['id', 'source_text', 'target_text', 'source_hash', 'target_hash']).orderBy('id').execute();

    beforeAll(async () => {
      t = await target.open();
      await migrateToLatest(t.db);
      for (const [i, pair] of demoPairs.slice(0, 2).entries()) await publish(i, pair);
    }, 120_000);
    afterAll(() => t?.close());

    it('cuts whole hashes in place to the units publishing writes', async () => {
      const published = await memoryContents(t.db);
      const memory = createTranslationMemory(t.db);
      const source = (await units()).find((unit) => unit.source_text.length > 20)!.source_text;
      const exact = await memory.suggest(source, 'zh', 'en');
      expect(exact[0]?.percentage).toBe(100);
      for (const unit of await units()) expect([unit.source_hash.length, unit.target_hash.length]).toEqual([22, 22]);

      for (const migration of [...fromHere].reverse()) await migrations[migration]!.down!(t.db);
      await sql`delete from kysely_migration where name in (${sql.join(fromHere)})`.execute(t.db);
      for (const unit of await units()) expect([unit.source_hash, unit.target_hash]).toEqual([fullSegmentHash(unit.source_text), fullSegmentHash(unit.target_text)]);

      expect((await migrateToLatest(t.db)).applied).toEqual(fromHere);
      expect(await memoryContents(t.db)).toEqual(published);
      expect(await memory.suggest(source, 'zh', 'en')).toEqual(exact);

      // Again: nothing moves; the same pair published again finds its units.
      await migrations[name]!.up(t.db);
      expect(await memoryContents(t.db)).toEqual(published);
      const count = (await units()).length;
      await publish(9, demoPairs[0]!);
      expect((await units()).length).toBe(count);
    });
  });
}
