// Writes the archive's files into a restore's staging folder: media under media/, the auth
// secret and (for SQLite) duet.db at the top, owner-only like the originals. Each entry
// is checked against the manifest again while it streams to disk.
import { createWriteStream } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import { dirname, join, resolve, sep } from 'node:path';
import { pipeline } from 'node:stream/promises';
import { sqliteFileName } from '@/db/backup/sqlite-snapshot';
import { syncFile } from '@/server/media/durable-file';
import type { BackupArchive } from './archive-reader';
import { authSecretEntryPath, sqliteEntryPath, tableEntryPath, type BackupManifest } from './backup-manifest';
import { BackupRefusedError } from './backup-refused-error';
import { createEntryVerifier } from './verify-entries';

/** Where an entry goes, relative to DATA_DIR; null for a PostgreSQL table file (loaded, not written). */
export function localPathOf(path: string, manifest: BackupManifest): string | null {
  if (path.startsWith('media/')) return path;
  if (path === authSecretEntryPath) return 'auth.secret';
  const { database } = manifest;
  if (database.kind === 'sqlite' && path === sqliteEntryPath) return sqliteFileName;
  if (database.kind === 'postgres' && database.tables.some((table) => tableEntryPath(table.name) === path)) return null;
  throw new BackupRefusedError('not-a-backup', `The archive entry “${path}” is not part of a ${database.kind} backup.`);
}

/** Bytes the files will take on DATA_DIR's disk (what the free-space check needs). */
export function localBytesOf(manifest: BackupManifest): number {
  return manifest.entries.filter((entry) => localPathOf(entry.path, manifest) !== null).reduce((sum, entry) => sum + entry.bytes, 0);
}

const privateFiles = new Set(['auth.secret', sqliteFileName]);

/** Writes every file entry; resolves to how many were media or secret files. */
export async function writeFileEntries(
  archive: BackupArchive,
  manifest: BackupManifest,
  stagingDir: string,
  progress: { addBytes(n: number): void; addEntry(): void },
): Promise<number> {
  let written = 0;
  const root = resolve(stagingDir);
  for (const entry of manifest.entries) {
    const local = localPathOf(entry.path, manifest);
    if (local === null) continue;
    const target = resolve(join(root, local));
    // The archive rules already refuse `..`; this keeps the promise even if they change.
    if (!target.startsWith(root + sep)) throw new BackupRefusedError('unsafe-entry', `The archive entry “${entry.path}” would be written outside DATA_DIR.`);
    await mkdir(dirname(target), { recursive: true });
    const output = createWriteStream(target, { flags: 'wx', mode: privateFiles.has(local) ? 0o600 : 0o644 });
    await pipeline(await archive.open(entry.path), createEntryVerifier(entry, progress.addBytes), output);
    await syncFile(target);
    // The SQLite file is the database, reported apart from the files.
    if (local !== sqliteFileName) written += 1;
    progress.addEntry();
  }
  return written;
}
