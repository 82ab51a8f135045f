// The translation memory's keys as one B-tree on SQLite (2027-01-07T0001-memory-keys-
// clustered): a site whose keys are a rowid table (the layout before, with its automatic
// index of the primary key) is converted in place to a WITHOUT ROWID table holding the same
// keys, the memory suggests the same, the unit index is there again, deleting a unit still
// takes its keys, and running the migration again changes nothing.
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrateToLatest } from '@/db/migrate';
import { migrations } from '@/db/migrations';
import { createContentRepository } from '@/db/repositories/content-repository';
import { createTranslationMemory } from '@/db/repositories/translation-memory';
import { renderDocument } from '@/core/markdown/render-document';
import { demoPairs } from './helpers/demo-pairs';
import { memoryContents } from './helpers/per-unit-memory';
import { unique } from './helpers/factories';
import { testTargets, type TestDatabase } from './helpers/test-databases';

const name = '2027-01-07T0001-memory-keys-clustered';
const pairs = demoPairs.slice(0, 3);

const sqlite = testTargets.find((target) => target.name === 'sqlite')!;

describe('translation memory keys in one B-tree (sqlite)', () => {
  let t: TestDatabase;
  const tableSql = async () => (await sql<{ sql: string }>`select sql from sqlite_master where type = 'table' and name = 'translation_memory_keys'`.execute(t.db)).rows[0]!.sql;
  const indexes = async () =>
    (await sql<{ name: string }>`select name from sqlite_master where type = 'index' and tbl_name = 'translation_memory_keys' order by name`.execute(t.db)).rows.map((r) => r.name);

  beforeAll(async () => {
    t = await sqlite.open();
    await migrateToLatest(t.db);
    const content = createContentRepository(t.db, renderDocument);
    for (const [i, pair] of pairs.entries()) {
      await content.createPost({
        status: 'published',
        sourceLocale: 'zh',
        translations: {
          zh: { slug: unique('zh'), title: `第 ${i} 篇`, body: pair.zh, state: 'published' },
          en: { slug: unique('en'), title: `Number ${i}`, body: pair.en, state: 'published' },
        },
      });
    }
    // The layout before: the keys a rowid table again, as the translation memory's migration made it.
    await sql`create table keys_before as select key, unit_id from translation_memory_keys`.execute(t.db);
    await sql`drop table translation_memory_keys`.execute(t.db);
    await migrations['2026-12-30T0003-translation-memory']!.up(t.db);
    await sql`insert into translation_memory_keys (key, unit_id) select key, unit_id from keys_before`.execute(t.db);
    await sql`drop table keys_before`.execute(t.db);
    await sql`delete from kysely_migration where name = ${name}`.execute(t.db);
  }, 120_000);
  afterAll(() => t?.close());

  it('converts the keys in place: the same keys and suggestions, stored once', async () => {
    expect(await tableSql()).not.toMatch(/without rowid/i);
    expect(await indexes()).toEqual(['sqlite_autoindex_translation_memory_keys_1', 'translation_memory_keys_unit_idx']);
    const memory = createTranslationMemory(t.db);
    const sources = (await t.db.selectFrom('translation_memory_units').select('source_text').where('from_locale', '=', 'zh').orderBy('id').limit(5).execute()).map((r) => r.source_text);
    const suggest = () => Promise.all(sources.map((s) => memory.suggest(`${s}了`, 'zh', 'en')));
    const before = { contents: await memoryContents(t.db), suggestions: await suggest() };
    expect(before.contents.keys.length).toBeGreaterThan(1_000);
    expect(before.suggestions.flat().length).toBeGreaterThan(0);

    expect((await migrateToLatest(t.db)).applied).toEqual([name]);
    expect(await tableSql()).toMatch(/without rowid/i);
    expect(await indexes()).toEqual(['translation_memory_keys_unit_idx']);
    expect(await memoryContents(t.db)).toEqual(before.contents);
    expect(await suggest()).toEqual(before.suggestions);

    // Again: nothing moves.
    await migrations[name]!.up(t.db);
    expect(await memoryContents(t.db)).toEqual(before.contents);

    // A unit deleted takes its keys with it (the foreign key kept its cascade).
    const unit = (await t.db.selectFrom('translation_memory_keys').select('unit_id').limit(1).executeTakeFirstOrThrow()).unit_id;
    await t.db.deleteFrom('translation_memory_links').where('unit_id', '=', unit).execute();
    await t.db.deleteFrom('translation_memory_units').where('id', '=', unit).execute();
    expect(await t.db.selectFrom('translation_memory_keys').select('key').where('unit_id', '=', unit).execute()).toEqual([]);
  });
});
