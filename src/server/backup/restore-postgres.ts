// The PostgreSQL side of a restore: the target must hold no rows of Duet's tables and no
// migration past the backup's; then the schema is brought to the backup's migration and
// every table's JSON lines are loaded in one transaction, each entry checked against its
// SHA-256 as it streams, so a mismatch rolls the whole load back.
import { pipeline } from 'node:stream/promises';
import type { Readable } from 'node:stream';
import type { UntypedDb } from '@/db/client';
import type { DumpedTable } from '@/db/backup/dump-postgres';
import { loadPostgres, migratePostgresTo } from '@/db/backup/load-postgres';
import { findTableWithRows, listAppliedMigrations, listOtherDuetSchemas } from '@/db/backup/postgres-catalog';
import type { BackupArchive } from './archive-reader';
import { tableEntryPath, type BackupManifest } from './backup-manifest';
import { BackupRefusedError } from './backup-refused-error';
import { createEntryVerifier } from './verify-entries';

type PostgresManifest = BackupManifest & { database: { kind: 'postgres' } };

export async function checkPostgresTarget(db: UntypedDb, backupMigrations: string[]): Promise<void> {
  const table = await findTableWithRows(db);
  if (table) {
    throw new BackupRefusedError(
      'target-not-empty',
      `The PostgreSQL database is not empty: the table ${table} holds rows. Restore only into an empty database.`,
    );
  }
  const others = await listOtherDuetSchemas(db);
  if (others.length > 0) {
    throw new BackupRefusedError(
      'target-not-empty',
      `The PostgreSQL database already holds Duet in the schema ${others[0]}. Duet's migrations look at every schema of a database, so restore into a database of its own.`,
    );
  }
  const applied = await listAppliedMigrations(db);
  const ahead = applied.filter((name) => !backupMigrations.includes(name));
  if (ahead.length > 0) {
    throw new BackupRefusedError(
      'target-not-empty',
      `The PostgreSQL database's schema is newer than the backup's (it has ${ahead[0]}); restore into a database that was never migrated.`,
    );
  }
}

export interface PostgresRestoreOptions {
  db: UntypedDb;
  manifest: PostgresManifest;
  archive: BackupArchive;
  maxLineBytes: number;
  progress: { addBytes(n: number): void; addEntry(): void };
}

export async function restorePostgres({ db, manifest, archive, maxLineBytes, progress }: PostgresRestoreOptions): Promise<number> {
  const migrations = [...manifest.database.migrations].sort();
  await migratePostgresTo(db, migrations.at(-1)!);
  const entries = new Map(manifest.entries.map((entry) => [entry.path, entry]));
  const readRows = (table: DumpedTable) => {
    const entry = entries.get(tableEntryPath(table.name))!;
    return readTableRows(archive, entry, maxLineBytes, progress);
  };
  const { rows } = await loadPostgres(db, manifest.database.tables, readRows);
  return rows;
}

async function* readTableRows(
  archive: BackupArchive,
  entry: BackupManifest['entries'][number],
  maxLineBytes: number,
  progress: PostgresRestoreOptions['progress'],
): AsyncGenerator<unknown> {
  const verifier = createEntryVerifier(entry, progress.addBytes);
  const piped = pipeline(await archive.open(entry.path), verifier);
  piped.catch(() => undefined); // surfaces through the verifier, which the loop reads
  for await (const line of splitLines(verifier, maxLineBytes, entry.path)) {
    try {
      yield JSON.parse(line) as unknown;
    } catch {
      throw new BackupRefusedError('not-a-backup', `A line of “${entry.path}” is not JSON.`);
    }
  }
  await piped;
  progress.addEntry();
}

/** The stream's lines (without the newline), none allowed past `maxBytes`. */
async function* splitLines(stream: Readable, maxBytes: number, path: string): AsyncGenerator<string> {
  let pending: Buffer[] = [];
  let pendingBytes = 0;
  for await (const chunk of stream as AsyncIterable<Buffer>) {
    let start = 0;
    for (let end = chunk.indexOf(10); end !== -1; end = chunk.indexOf(10, start)) {
      pending.push(chunk.subarray(start, end));
      yield Buffer.concat(pending).toString('utf8');
      pending = [];
      pendingBytes = 0;
      start = end + 1;
    }
    pending.push(chunk.subarray(start));
    pendingBytes += chunk.length - start;
    if (pendingBytes > maxBytes) throw new BackupRefusedError('archive-too-large', `A line of “${path}” is longer than ${maxBytes} bytes.`);
  }
  if (pendingBytes > 0) yield Buffer.concat(pending).toString('utf8');
}
