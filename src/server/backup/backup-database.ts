// The database's part of a backup, taken first (before the media, so a file uploaded
// during the backup is at worst an extra file, never a row without its file):
//  - SQLite: one consistent copy of duet.db (VACUUM INTO), as database/duet.db;
//  - PostgreSQL: each of Duet's tables as database/<table>.jsonl, one JSON array of text
//    values per row, all read from one snapshot.
import { createReadStream, existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import type { UntypedDb } from '@/db/client';
import { dumpPostgres, type DumpedRow } from '@/db/backup/dump-postgres';
import { readSqliteMigrations, snapshotSqlite, sqliteFileName } from '@/db/backup/sqlite-snapshot';
import type { ArchiveWriter, WrittenEntry } from './archive-writer';
import { sqliteEntryPath, tableEntryPath, type BackupManifest } from './backup-manifest';
import { BackupRefusedError } from './backup-refused-error';

export interface DatabasePart {
  database: BackupManifest['database'];
  entries: WrittenEntry[];
  /** Rows written (PostgreSQL only: a SQLite file is not counted row by row). */
  rows?: number;
}

/** Copies the SQLite file through a temporary folder beside the archive (`workDir`). */
export async function addSqliteDatabase(writer: ArchiveWriter, dataDir: string, workDir: string): Promise<DatabasePart> {
  const source = join(dataDir, sqliteFileName);
  if (!existsSync(source)) throw new BackupRefusedError('no-database', `There is no database at ${source}: is DATA_DIR right, or is DATABASE_URL missing?`);
  const temp = await mkdtemp(join(workDir, '.duet-backup-'));
  try {
    const snapshot = join(temp, sqliteFileName);
    snapshotSqlite(source, snapshot);
    const migrations = readSqliteMigrations(snapshot);
    if (migrations.length === 0) throw new BackupRefusedError('no-database', `The database at ${source} was never set up (no migrations); there is nothing to back up.`);
    const entry = await writer.add(sqliteEntryPath, createReadStream(snapshot), { compress: true });
    return { database: { kind: 'sqlite', migrations }, entries: [entry] };
  } finally {
    await rm(temp, { recursive: true, force: true });
  }
}

export async function addPostgresDatabase(writer: ArchiveWriter, db: UntypedDb): Promise<DatabasePart> {
  const entries: WrittenEntry[] = [];
  const dump = await dumpPostgres(db, async (table, rows) => {
    entries.push(await writer.add(tableEntryPath(table.name), Readable.from(toJsonLines(rows)), { compress: true }));
  });
  if (dump.migrations.length === 0) throw new BackupRefusedError('no-database', 'The PostgreSQL database was never set up (no migrations); there is nothing to back up.');
  const rows = dump.tables.reduce((sum, table) => sum + table.rows, 0);
  return { database: { kind: 'postgres', migrations: dump.migrations, tables: dump.tables }, entries, rows };
}

/** Rows as JSON lines, handed on in chunks of about 64 KiB rather than a write per row. */
async function* toJsonLines(rows: AsyncIterable<DumpedRow>): AsyncGenerator<Buffer> {
  let chunk = '';
  for await (const row of rows) {
    // JSON escapes newlines inside strings, so each row is exactly one line.
    chunk += `${JSON.stringify(row)}\n`;
    if (chunk.length >= 64 * 1024) {
      yield Buffer.from(chunk);
      chunk = '';
    }
  }
  if (chunk) yield Buffer.from(chunk);
}
