// `duet restore <file>`: brings a backup back into an empty DATA_DIR (and, for a
// PostgreSQL backup, an empty database), so the site returns as it was: posts, revisions,
// accounts and sessions, media bytes. Everything that can refuse does so before the first
// write: the archive's directory (paths, sizes), the manifest, the database kind and
// migrations, the target's emptiness and free space, and every entry's SHA-256. Then the
// files go to a staging folder and the database rows into one transaction; only when both
// succeeded are the files moved into place.
import { join } from 'node:path';
import { checkSqliteFile, sqliteFileName } from '@/db/backup/sqlite-snapshot';
import { createDatabase, isPostgresUrl, type UntypedDb } from '@/db/client';
import { openBackupArchive, type BackupArchive } from './archive-reader';
import { defaultArchiveLimits, manifestPath, type ArchiveLimits } from './archive-rules';
import { checkMigrationsKnown, parseManifest, type BackupManifest } from './backup-manifest';
import { createProgressCounter, type ProgressListener } from './backup-progress';
import { BackupRefusedError } from './backup-refused-error';
import { localBytesOf, writeFileEntries } from './restore-files';
import { checkPostgresTarget, restorePostgres } from './restore-postgres';
import { checkDataDirEmpty, checkFreeSpace, createStagingArea } from './restore-target';
import { checkManifestMatchesArchive, verifyEntries } from './verify-entries';

export interface RestoreOptions {
  file: string;
  /** Must be empty or missing. */
  dataDir: string;
  /** DATABASE_URL: must be set for a PostgreSQL backup (an empty database), unset for SQLite. */
  databaseUrl?: string;
  onProgress?: ProgressListener;
  limits?: Partial<ArchiveLimits>;
}

export interface RestoreSummary {
  kind: BackupManifest['database']['kind'];
  duetVersion: string;
  createdAt: string;
  entries: number;
  bytes: number;
  /** Files written to DATA_DIR (media, secret, the SQLite file). */
  files: number;
  /** PostgreSQL only. */
  rows?: number;
}

export async function restoreBackup(options: RestoreOptions): Promise<RestoreSummary> {
  const limits = { ...defaultArchiveLimits, ...options.limits };
  const archive = await openBackupArchive(options.file, limits);
  let db: UntypedDb | null = null;
  try {
    const manifest = await readManifest(archive, limits);
    checkManifestMatchesArchive(manifest, archive);
    checkDatabaseKind(manifest, options.databaseUrl);
    const migrationProblem = checkMigrationsKnown(manifest.database.migrations);
    if (migrationProblem) throw new BackupRefusedError('unknown-migrations', migrationProblem);
    await checkDataDirEmpty(options.dataDir);
    if (manifest.database.kind === 'postgres') {
      db = createDatabase({ url: options.databaseUrl, dataDir: options.dataDir }) as UntypedDb;
      await checkPostgresTarget(db, manifest.database.migrations);
    }
    await checkFreeSpace(options.dataDir, localBytesOf(manifest));
    const totals = { totalEntries: manifest.entries.length, totalBytes: manifest.entries.reduce((sum, entry) => sum + entry.bytes, 0) };
    await verifyEntries(archive, manifest, createProgressCounter('verifying', options.onProgress ?? (() => {}), totals));
    const written = await writeRestore({ ...options, archive, manifest, db, limits, totals });
    const { duetVersion, createdAt } = manifest;
    return { kind: manifest.database.kind, duetVersion, createdAt, entries: totals.totalEntries, bytes: totals.totalBytes, ...written };
  } finally {
    archive.close();
    await db?.destroy();
  }
}

async function readManifest(archive: BackupArchive, limits: ArchiveLimits): Promise<BackupManifest> {
  if (!archive.entries.has(manifestPath)) throw new BackupRefusedError('not-a-backup', 'The archive has no manifest.json: it is not a Duet backup.');
  return parseManifest(await archive.readSmall(manifestPath, limits.maxManifestBytes));
}

function checkDatabaseKind(manifest: BackupManifest, databaseUrl: string | undefined): void {
  const target = isPostgresUrl(databaseUrl) ? 'postgres' : 'sqlite';
  if (manifest.database.kind === target) return;
  const message =
    manifest.database.kind === 'sqlite'
      ? 'This backup holds a SQLite database, but DATABASE_URL points at PostgreSQL. Restoring across database kinds is not supported: unset DATABASE_URL to restore into DATA_DIR.'
      : 'This backup holds a PostgreSQL database, but DATABASE_URL is not a postgres:// address. Restoring across database kinds is not supported: set DATABASE_URL to an empty PostgreSQL database.';
  throw new BackupRefusedError('database-kind-mismatch', message);
}

interface WriteContext extends RestoreOptions {
  archive: BackupArchive;
  manifest: BackupManifest;
  db: UntypedDb | null;
  limits: ArchiveLimits;
  totals: { totalEntries: number; totalBytes: number };
}

async function writeRestore(context: WriteContext): Promise<{ files: number; rows?: number }> {
  const { archive, manifest, db } = context;
  const progress = createProgressCounter('restoring', context.onProgress ?? (() => {}), context.totals);
  const staging = await createStagingArea(context.dataDir);
  try {
    const files = await writeFileEntries(archive, manifest, staging.dir, progress);
    let rows: number | undefined;
    if (manifest.database.kind === 'postgres') {
      rows = await restorePostgres({ db: db!, manifest: { ...manifest, database: manifest.database }, archive, maxLineBytes: context.limits.maxLineBytes, progress });
    } else {
      const problem = checkSqliteFile(join(staging.dir, sqliteFileName));
      if (problem) throw new Error(`The backup's database file fails SQLite's own check (${problem}); nothing was restored.`);
    }
    await staging.commit();
    return { files, rows };
  } catch (error) {
    await staging.discard();
    throw error;
  }
}
