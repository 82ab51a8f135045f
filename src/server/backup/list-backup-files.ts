// The files of DATA_DIR a backup carries besides the database: every media file (the
// originals and their responsive copies) and the auth secret, which signs session cookies
// (without it every restored sign-in would be refused). Partial uploads (media/.tmp) and
// other dot-files are left out; so is anything that is not a plain file (a symlink could
// point anywhere on the machine). Media names are content-hashed and written by rename,
// so a file listed here keeps its bytes while it is copied.
import { lstat, readdir } from 'node:fs/promises';
import { join, relative, sep } from 'node:path';
import { checkEntryPath } from './archive-rules';
import { authSecretEntryPath } from './backup-manifest';

export interface BackupFile {
  /** Path inside the archive, e.g. media/images/tea.3f9a1c2b7d.webp */
  path: string;
  /** Where it is on disk. */
  source: string;
  bytes: number;
}

export interface ListedFiles {
  files: BackupFile[];
  /** Files left out because their names could not be restored safely (reported, not fatal). */
  skipped: string[];
}

export async function listBackupFiles(dataDir: string): Promise<ListedFiles> {
  const listed: ListedFiles = { files: [], skipped: [] };
  const secret = join(dataDir, 'auth.secret');
  const info = await lstat(secret).catch(() => null);
  if (info?.isFile()) listed.files.push({ path: authSecretEntryPath, source: secret, bytes: info.size });
  await walk(join(dataDir, 'media'), dataDir, listed);
  return listed;
}

async function walk(dir: string, dataDir: string, listed: ListedFiles): Promise<void> {
  const names = await readdir(dir).catch((error: NodeJS.ErrnoException) => {
    if (error.code === 'ENOENT') return [];
    throw error;
  });
  for (const name of names.sort()) {
    if (name.startsWith('.')) continue;
    const source = join(dir, name);
    const info = await lstat(source);
    if (info.isDirectory()) {
      await walk(source, dataDir, listed);
      continue;
    }
    if (!info.isFile()) continue;
    const path = relative(dataDir, source).split(sep).join('/');
    if (checkEntryPath(path)) listed.skipped.push(path);
    else listed.files.push({ path, source, bytes: info.size });
  }
}
