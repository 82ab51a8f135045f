// The database client and server-start preparation: dialect choice, SQLite settings,
// the process-wide instance, and ensureDatabase's single shared run.
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'kysely';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { closeDatabase, createDatabase, getDatabase, isPostgresUrl } from '@/db/client';
import { ensureDatabase } from '@/server/ensure-database';
import { createContentRepository } from '@/db/repositories/content-repository';
import { testTargets, type TestDatabase } from './helpers/test-databases';

describe('createDatabase (SQLite)', () => {
  const root = mkdtempSync(join(tmpdir(), 'duet-client-'));
  afterAll(() => rmSync(root, { recursive: true, force: true }));

  it('creates DATA_DIR and opens duet.db with durable, concurrent-friendly settings', async () => {
    const dataDir = join(root, 'nested', 'data');
    const db = createDatabase({ url: '', dataDir });
    try {
      const pragma = async (name: string) => Object.values((await sql.raw(`pragma ${name}`).execute(db)).rows[0] as object)[0];
      expect(await pragma('journal_mode')).toBe('wal');
      expect(await pragma('synchronous')).toBe(2); // FULL
      expect(await pragma('foreign_keys')).toBe(1);
      expect(await pragma('busy_timeout')).toBe(5000);
      expect(existsSync(join(dataDir, 'duet.db'))).toBe(true);
    } finally {
      await db.destroy();
    }
  });

  it('recognises PostgreSQL URLs by scheme only', () => {
    expect(isPostgresUrl('postgres://u@h/db')).toBe(true);
    expect(isPostgresUrl('postgresql://u@h/db')).toBe(true);
    expect(isPostgresUrl('sqlite://x')).toBe(false);
    expect(isPostgresUrl('')).toBe(false);
    expect(isPostgresUrl(undefined)).toBe(false);
  });
});

describe('getDatabase', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'duet-singleton-'));
  afterEach(async () => {
    await closeDatabase();
    vi.unstubAllEnvs();
  });
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  it('hands out one instance per process until closed', async () => {
    vi.stubEnv('DATABASE_URL', '');
    vi.stubEnv('DATA_DIR', dataDir);
    const first = getDatabase();
    expect(getDatabase()).toBe(first);
    await closeDatabase();
    const second = getDatabase();
    expect(second).not.toBe(first);
    await expect(sql`select 1`.execute(second)).resolves.toBeTruthy();
  });
});

for (const target of testTargets) {
  describe.skipIf(target.skip)(`ensureDatabase (${target.name})`, () => {
    let t: TestDatabase;
    beforeAll(async () => {
      t = await target.open();
    });
    afterAll(async () => {
      await closeDatabase();
      vi.unstubAllEnvs();
      await t?.close();
    });

    it('migrates and seeds once, however many callers race for it', async () => {
      vi.stubEnv('DATABASE_URL', t.url);
      vi.stubEnv('DATA_DIR', t.dataDir);
      const calls = [ensureDatabase(), ensureDatabase(), ensureDatabase()];
      expect(new Set(calls).size).toBe(1);
      await Promise.all(calls);
      await ensureDatabase();
      expect(await createContentRepository(t.db).countPosts()).toBe(13);
      expect(existsSync(join(t.dataDir, 'media', 'images'))).toBe(true);
    }, 60_000);
  });
}
