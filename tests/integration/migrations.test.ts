// Migrations: run twice safely, on SQLite and PostgreSQL.
import { sql, type Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrateToLatest, pendingMigrations } from '@/db/migrate';
import { migrations } from '@/db/migrations';
import { columnsOf } from '@/db/migrations/columns-of';
import { testTargets, type TestDatabase } from './helpers/test-databases';

for (const target of testTargets) {
  describe.skipIf(target.skip)(`migrations (${target.name})`, () => {
    let t: TestDatabase;
    beforeAll(async () => {
      t = await target.open();
    });
    afterAll(async () => {
      await t?.close();
    });

    it('applies every migration once, then reports nothing to do', async () => {
      const names = Object.keys(migrations);
      expect(await pendingMigrations(t.db)).toEqual({ pending: names, total: names.length });
      const first = await migrateToLatest(t.db);
      expect(first.applied).toEqual(names);
      expect(await pendingMigrations(t.db)).toEqual({ pending: [], total: names.length });
      const second = await migrateToLatest(t.db);
      expect(second.applied).toEqual([]);
    });

    it('names what an upgrade will apply (the server says so before it starts)', async () => {
      const last = Object.keys(migrations).slice(-2);
      for (const name of [...last].reverse()) await migrations[name]!.down!(t.db);
      await sql`delete from kysely_migration where name in (${sql.join(last)})`.execute(t.db);
      expect((await pendingMigrations(t.db)).pending).toEqual(last);
      expect((await migrateToLatest(t.db)).applied).toEqual(last);
      expect((await pendingMigrations(t.db)).pending).toEqual([]);
    });

    it('survives a migration body running again over existing tables (an interrupted run)', async () => {
      for (const migration of Object.values(migrations)) await migration.up(t.db);
      const tables = await t.db.introspection.getTables();
      const names = tables.map((table) => table.name);
      expect(names).toEqual(
        expect.arrayContaining(['authors', 'tags', 'media', 'posts', 'post_translations', 'revisions', 'post_media', 'settings']),
      );
    });

    it('can be rolled back and applied again', async () => {
      for (const migration of Object.values(migrations).reverse()) await migration.down?.(t.db);
      // In this schema: other suites' schemas in the same PostgreSQL database have a posts table.
      expect(await columnsOf(t.db as Kysely<unknown>, 'posts')).toEqual([]);
      for (const migration of Object.values(migrations)) await migration.up(t.db);
      const result = await sql<{ n: number }>`select count(*) as n from posts`.execute(t.db);
      expect(Number(result.rows[0]?.n)).toBe(0);
    });
  });
}
