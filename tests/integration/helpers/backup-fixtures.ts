// What the backup suite needs around the code under test: an empty restore target on
// either database, every table's rows and every media file's bytes for comparing a site
// with its restored copy, and a way to change one byte of one entry of an archive.
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, readdirSync, rmSync, statSync } from 'node:fs';
import { open } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { sql, type Kysely } from 'kysely';
import pg from 'pg';
import yauzl from 'yauzl';
import type { CliIo } from '@/cli/run-cli';
import { createDatabase } from '@/db/client';
import type { Database } from '@/db/schema';
import type { TestTarget } from './test-databases';

/** An empty DATA_DIR and database: the site to back up, or where to restore it. */
export interface EmptySite {
  dataDir: string;
  /** Its DATABASE_URL: a new database on PostgreSQL, '' for SQLite. */
  url: string;
  /** The database; opened on first use (for SQLite, after a restore made the file). */
  db(): Kysely<Database>;
  close(): Promise<void>;
}

export async function openEmptySite(target: TestTarget): Promise<EmptySite> {
  if (target.name === 'postgres') return openEmptyPostgres(process.env.TEST_DATABASE_URL!);
  // Not target.open(): opening a SQLite database creates its file, and a restore wants an empty folder.
  const dataDir = mkdtempSync(join(tmpdir(), 'duet-backup-site-'));
  let db: Kysely<Database> | undefined;
  return {
    dataDir,
    url: '',
    db: () => (db ??= createDatabase({ url: '', dataDir })),
    async close() {
      await db?.destroy();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** Every table's rows as sorted JSON lines, by table name (Kysely's lock table left out). */
export async function readAllTables(db: Kysely<Database>, kind: TestTarget['name']): Promise<Record<string, string[]>> {
  const names =
    kind === 'sqlite'
      ? await sql<{ name: string }>`select name from sqlite_master where type = 'table' order by name`.execute(db)
      : await sql<{ name: string }>`select table_name as name from information_schema.tables
          where table_schema = current_schema() and table_type = 'BASE TABLE' order by table_name`.execute(db);
  const tables: Record<string, string[]> = {};
  for (const { name } of names.rows) {
    if (name === 'kysely_migration_lock') continue;
    // A PostgreSQL restore runs the migrations again: their names match, not their times.
    const columns = name === 'kysely_migration' ? sql`name` : sql`*`;
    const { rows } = await sql<Record<string, unknown>>`select ${columns} from ${sql.id(name)}`.execute(db);
    tables[name] = rows.map((row) => JSON.stringify(row)).sort();
  }
  return tables;
}

/** Every file under DATA_DIR/media (partial uploads in .tmp left out), with its bytes. */
export function readMediaTree(dataDir: string): Map<string, Buffer> {
  const root = join(dataDir, 'media');
  const files = new Map<string, Buffer>();
  const walk = (dir: string) => {
    for (const name of readdirSync(dir)) {
      const path = join(dir, name);
      if (statSync(path).isDirectory()) {
        if (name !== '.tmp') walk(path);
      } else files.set(relative(root, path), readFileSync(path));
    }
  };
  walk(root);
  return files;
}

/** Flips one byte in the middle of an entry's stored data, leaving the ZIP's structure intact. */
export async function flipByteInEntry(file: string, entryPath: string): Promise<void> {
  const zip = await yauzl.openPromise(file, { lazyEntries: true });
  let offset = -1;
  for await (const entry of zip.eachEntry()) {
    if (entry.fileName !== entryPath) continue;
    const { fileDataStart } = await zip.readLocalFileHeaderPromise(entry, { minimal: true });
    offset = fileDataStart + Math.floor(entry.compressedSize / 2);
  }
  zip.close();
  if (offset < 0) throw new Error(`No entry ${entryPath} in ${file}`);
  const handle = await open(file, 'r+');
  const byte = Buffer.alloc(1);
  await handle.read(byte, 0, 1, offset);
  byte[0] = byte[0]! ^ 0xff;
  await handle.write(byte, 0, 1, offset);
  await handle.close();
}

export function captureIo(env: CliIo['env']): CliIo & { out: () => string; err: () => string } {
  let out = '';
  let err = '';
  return {
    env,
    stdout: { write: (chunk: string) => ((out += chunk), true) },
    stderr: { write: (chunk: string) => ((err += chunk), true) },
    out: () => out,
    err: () => err,
  };
}

/**
 * A new database rather than target.open()'s new schema: Duet's migrations (and Kysely's
 * Migrator) look tables up across all schemas of a database, so beside another suite's
 * migrated schema they skip work and fail, and a restore refuses such a database.
 */
async function openEmptyPostgres(adminUrl: string): Promise<EmptySite> {
  const name = `duet_backup_${randomBytes(6).toString('hex')}`;
  const admin = async (statement: string) => {
    const client = new pg.Client({ connectionString: adminUrl });
    await client.connect();
    try {
      await client.query(statement);
    } finally {
      await client.end();
    }
  };
  await admin(`create database ${name}`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const dataDir = mkdtempSync(join(tmpdir(), 'duet-backup-site-'));
  const db = createDatabase({ url: url.toString(), dataDir });
  return {
    dataDir,
    url: url.toString(),
    db: () => db,
    async close() {
      await db.destroy();
      await dropWhenClosed(admin, name);
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/**
 * Not `with (force)`: a pool's closing connections would be killed mid-goodbye and report
 * it as an uncaught error. Their sessions end a moment after destroy() resolves.
 */
async function dropWhenClosed(admin: (statement: string) => Promise<void>, name: string): Promise<void> {
  for (let attempt = 0; ; attempt++) {
    try {
      return await admin(`drop database if exists ${name}`);
    } catch (error) {
      if (attempt >= 50 || (error as { code?: string }).code !== '55006') throw error;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
}
