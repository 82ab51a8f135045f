// The databases every integration suite runs against: SQLite always (a fresh temporary
// DATA_DIR per database), PostgreSQL when TEST_DATABASE_URL is set (a fresh schema per
// database, dropped afterwards), so test files can run in parallel without sharing rows.
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Kysely } from 'kysely';
import pg from 'pg';
import { createDatabase } from '@/db/client';
import type { Database } from '@/db/schema';

export interface TestDatabase {
  db: Kysely<Database>;
  /** A fresh directory, used as DATA_DIR (media copies, the SQLite file). */
  dataDir: string;
  /** The DATABASE_URL that reaches this database; empty for SQLite. */
  url: string;
  close(): Promise<void>;
}

export interface TestTarget {
  name: 'sqlite' | 'postgres';
  /** True when the database is not available here; suites use describe.skipIf. */
  skip: boolean;
  /** `prefix` (PostgreSQL) starts the schema's name, for a test that needs schemas in a known order. */
  open(options?: { prefix?: string }): Promise<TestDatabase>;
}

const postgresUrl = process.env.TEST_DATABASE_URL;
if (!postgresUrl) console.warn('PostgreSQL suite SKIPPED: TEST_DATABASE_URL not set');

function makeDataDir(): string {
  return mkdtempSync(join(tmpdir(), 'duet-test-'));
}

const sqlite: TestTarget = {
  name: 'sqlite',
  skip: false,
  async open() {
    const dataDir = makeDataDir();
    // url '' rather than undefined: a DATABASE_URL in the developer's shell must not win.
    const db = createDatabase({ url: '', dataDir });
    return {
      db,
      dataDir,
      url: '',
      async close() {
        await db.destroy();
        rmSync(dataDir, { recursive: true, force: true });
      },
    };
  },
};

const postgres: TestTarget = {
  name: 'postgres',
  skip: !postgresUrl,
  async open({ prefix = 't' } = {}) {
    const schema = `${prefix}_${randomBytes(6).toString('hex')}`;
    const admin = new pg.Client({ connectionString: postgresUrl });
    await admin.connect();
    await admin.query(`create schema ${schema}`);
    await admin.end();

    const url = new URL(postgresUrl!);
    url.searchParams.set('options', `-c search_path=${schema}`);
    const dataDir = makeDataDir();
    const db = createDatabase({ url: url.toString(), dataDir });
    return {
      db,
      dataDir,
      url: url.toString(),
      async close() {
        await db.destroy();
        const cleanup = new pg.Client({ connectionString: postgresUrl });
        await cleanup.connect();
        await cleanup.query(`drop schema if exists ${schema} cascade`);
        await cleanup.end();
        rmSync(dataDir, { recursive: true, force: true });
      },
    };
  },
};

export const testTargets: TestTarget[] = [sqlite, postgres];
