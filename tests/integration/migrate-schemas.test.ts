// Two Duets in two schemas of one PostgreSQL database (as the test suites run, or two
// sites on one server): each migration run builds its own schema's tables, whatever the
// other schema already holds.
import { sql } from 'kysely';
import { afterAll, describe, expect, it } from 'vitest';
import { migrateToLatest } from '@/db/migrate';
import { testTargets, type TestDatabase } from './helpers/test-databases';

const postgres = testTargets.find((t) => t.name === 'postgres')!;

describe.skipIf(postgres.skip)('migrations in two schemas of one PostgreSQL database', () => {
  const opened: TestDatabase[] = [];
  afterAll(async () => {
    for (const t of opened) await t.close();
  });

  // Kysely's introspection lists every schema's tables in name order: the schema migrated
  // first sorts first, so a look that does not stay in its own schema finds its columns.
  it('builds the second schema after the first, and again without changes', async () => {
    const first = await postgres.open({ prefix: 't_a' });
    const second = await postgres.open({ prefix: 't_b' });
    opened.push(first, second);
    const firstApplied = (await migrateToLatest(first.db)).applied;
    expect(firstApplied.length).toBeGreaterThan(0);
    expect((await migrateToLatest(second.db)).applied).toEqual(firstApplied);
    expect((await migrateToLatest(second.db)).applied).toEqual([]);
    for (const t of [first, second]) {
      const { rows } = await sql<{ n: string }>`select count(*) as n from information_schema.columns where table_schema = current_schema() and table_name = 'posts' and column_name = 'owner_user_id'`.execute(t.db);
      expect(Number(rows[0]!.n)).toBe(1);
      expect(await t.db.selectFrom('posts').select('id').execute()).toEqual([]);
    }
  });

  // Kysely's Migrator introspects before every run; its own introspector scans every
  // schema and fails when another schema's columns change under it. Duet's looks at its own.
  it('introspects only its own schema', async () => {
    const [first, second] = opened;
    const names = async (t: TestDatabase) => (await t.db.introspection.getTables({ withInternalKyselyTables: true })).map((table) => `${table.schema}.${table.name}`);
    const mine = await names(first!);
    expect(mine.length).toBeGreaterThan(10);
    expect(mine.every((name) => name.startsWith('t_a_'))).toBe(true);
    expect(mine.some((name) => name.endsWith('.kysely_migration'))).toBe(true);
    expect((await names(second!)).every((name) => name.startsWith('t_b_'))).toBe(true);
    expect((await first!.db.introspection.getTables()).some((table) => table.name === 'kysely_migration')).toBe(false);
  });
});
