// Where a restore writes: DATA_DIR, which must be empty or missing (a restore never
// overwrites or mixes with a site), with room for the files. Files are written to a
// staging folder inside DATA_DIR (same file system, so moving them is a rename) and moved
// into place only when everything succeeded; on failure the staging folder, and DATA_DIR
// itself if the restore made it, are removed, leaving the target as it was.
import { randomBytes } from 'node:crypto';
import { mkdir, readdir, rename, rm, rmdir, statfs } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { syncDirectory } from '@/server/media/durable-file';
import { formatBytes } from './backup-progress';
import { BackupRefusedError } from './backup-refused-error';

export interface StagingArea {
  /** Where to write; the same layout as DATA_DIR. */
  dir: string;
  /** Moves everything staged into DATA_DIR. */
  commit(): Promise<void>;
  /** Removes everything staged (and DATA_DIR if the restore created it). */
  discard(): Promise<void>;
}

export async function checkDataDirEmpty(dataDir: string): Promise<void> {
  const names = await readdir(dataDir).catch((error: NodeJS.ErrnoException) => {
    if (error.code === 'ENOENT') return [];
    throw error;
  });
  if (names.length === 0) return;
  const shown = names.sort().slice(0, 5).join(', ') + (names.length > 5 ? ', …' : '');
  throw new BackupRefusedError(
    'target-not-empty',
    `DATA_DIR (${dataDir}) is not empty: it holds ${shown}. Restore only into an empty or new folder, so nothing of another site is overwritten or mixed in.`,
  );
}

/** Refuses when the file system of DATA_DIR has less room than `bytes` plus a margin. */
export async function checkFreeSpace(dataDir: string, bytes: number): Promise<void> {
  let dir = dataDir;
  let stats = await statfs(dir).catch(() => null);
  while (!stats && dirname(dir) !== dir) {
    dir = dirname(dir);
    stats = await statfs(dir).catch(() => null);
  }
  if (!stats) return;
  const available = stats.bavail * stats.bsize;
  // A margin for file system overhead and the database's own working room.
  const needed = bytes + Math.max(64 * 1024 * 1024, bytes * 0.05);
  if (available < needed) {
    throw new BackupRefusedError(
      'not-enough-space',
      `The restore needs about ${formatBytes(needed)} in ${dir}, but only ${formatBytes(available)} is free.`,
    );
  }
}

export async function createStagingArea(dataDir: string): Promise<StagingArea> {
  const isNewDataDir = (await readdir(dataDir).catch(() => null)) === null;
  await mkdir(dataDir, { recursive: true, mode: 0o700 });
  const dir = join(dataDir, `.restore-${randomBytes(6).toString('hex')}`);
  await mkdir(dir, { mode: 0o700 });
  return {
    dir,
    async commit() {
      for (const name of await readdir(dir)) await rename(join(dir, name), join(dataDir, name));
      await rm(dir, { recursive: true, force: true });
      await syncDirectory(dataDir);
    },
    async discard() {
      await rm(dir, { recursive: true, force: true });
      if (isNewDataDir) await rmdir(dataDir).catch(() => undefined);
    },
  };
}
