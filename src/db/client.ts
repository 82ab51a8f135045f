// The one query builder. DATABASE_URL picks PostgreSQL (postgres:// or postgresql://);
// otherwise Duet keeps an embedded SQLite file in DATA_DIR, so a fresh install needs
// nothing but Node.js.
import { chmodSync, closeSync, existsSync, mkdirSync, openSync } from 'node:fs';
import { join } from 'node:path';
import SqliteDatabase from 'better-sqlite3';
import { Kysely, type Dialect } from 'kysely';
import pg from 'pg';
import { dataDir as defaultDataDir } from '@/core/config/data-dir';
import { CurrentSchemaPostgresDialect } from './postgres-dialect';
import { cachingStatements, ImmediateSqliteDialect } from './sqlite-dialect';
import type { Database } from './schema';

export interface DatabaseOptions {
  /** Defaults to DATABASE_URL. */
  url?: string;
  /** Where the SQLite file lives; defaults to DATA_DIR, then ./data. */
  dataDir?: string;
}

/**
 * The database handle as the layers above db/ hold it: they pass it to repositories and
 * never build a query on it (eslint keeps kysely out of server/, app/ and components/).
 * A transaction is one too, so a repository given one writes inside it.
 */
export type Db = Kysely<Database>;

/** A handle whose tables are not Duet's schema (yet): a restore's target, a backup's source. */
export type UntypedDb = Kysely<unknown>;

export function isPostgresUrl(url: string | undefined): url is string {
  return url !== undefined && /^postgres(?:ql)?:\/\//i.test(url);
}

export function createDatabase(options: DatabaseOptions = {}): Kysely<Database> {
  const url = options.url ?? process.env.DATABASE_URL;
  const dialect = isPostgresUrl(url) ? createPostgresDialect(url) : createSqliteDialect(options.dataDir ?? defaultDataDir());
  return new Kysely<Database>({ dialect });
}

function createPostgresDialect(connectionString: string): Dialect {
  // A search_path for the connection can ride along in the URL: ?options=-c%20search_path%3Dname
  return new CurrentSchemaPostgresDialect({ pool: new pg.Pool({ connectionString, max: 10 }) });
}

/**
 * The database holds password hashes and sessions: owner-only, like the secrets beside it.
 * SQLite gives its -wal and -shm files the database file's permissions, so they follow.
 */
function openPrivately(file: string): void {
  // turbopackIgnore: a runtime path in DATA_DIR, nothing for the build to trace.
  if (!existsSync(/*turbopackIgnore: true*/ file)) closeSync(openSync(/*turbopackIgnore: true*/ file, 'a', 0o600));
  for (const path of [file, `${file}-wal`, `${file}-shm`]) {
    if (existsSync(/*turbopackIgnore: true*/ path)) chmodSync(/*turbopackIgnore: true*/ path, 0o600);
  }
}

function createSqliteDialect(dir: string): Dialect {
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  const file = join(dir, 'duet.db');
  openPrivately(file);
  const database = new SqliteDatabase(file);
  // WAL lets readers work while a write is in progress; FULL makes a committed write
  // survive power loss; SQLite leaves foreign keys off unless asked; busy_timeout waits
  // for another process's write (the CLI seeding while the server runs) instead of failing.
  database.pragma('journal_mode = WAL');
  database.pragma('synchronous = FULL');
  database.pragma('foreign_keys = ON');
  database.pragma('busy_timeout = 5000');
  // Writing transactions take the lock as they begin, so they wait for it (sqlite-dialect.ts).
  return new ImmediateSqliteDialect({ database: cachingStatements(database) });
}

// Next may evaluate this module more than once (per route bundle, and again on every
// hot reload); keeping the instance on globalThis means one pool or one file handle.
const globalKey = Symbol.for('duet.database');
type GlobalWithDatabase = typeof globalThis & { [globalKey]?: Kysely<Database> };

export function getDatabase(): Kysely<Database> {
  const store = globalThis as GlobalWithDatabase;
  store[globalKey] ??= createDatabase();
  return store[globalKey];
}

export async function closeDatabase(): Promise<void> {
  const store = globalThis as GlobalWithDatabase;
  const db = store[globalKey];
  store[globalKey] = undefined;
  await db?.destroy();
}
