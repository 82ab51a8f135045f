// Uploads are written to DATA_DIR/media/.tmp while they arrive and renamed into place
// when complete; a crash or a killed process can leave a partial one there. The server
// deletes those at start (nothing else ever reads that folder, and the media routes
// cannot reach it: they serve only images, audios and videos, and no name starting with a dot).
import { lstat, readdir, rm } from 'node:fs/promises';
import { join } from 'node:path';

/** Where uploads are written while they arrive: inside DATA_DIR/media so the final rename stays on one file system. */
export const TEMP_UPLOAD_FOLDER = '.tmp';

/**
 * Deletes temporary upload files not written to for `olderThanMs`, returning how many.
 * An upload in progress writes continuously, so an hour spares any live one even when
 * several servers share DATA_DIR.
 */
export async function cleanTempUploads(dataDir: string, olderThanMs: number): Promise<number> {
  const tempDir = join(dataDir, 'media', TEMP_UPLOAD_FOLDER);
  const names = await readdir(tempDir).catch((error: NodeJS.ErrnoException) => {
    if (error.code === 'ENOENT') return [];
    throw error;
  });
  const cutoff = Date.now() - olderThanMs;
  let removed = 0;
  for (const name of names) {
    const path = join(tempDir, name);
    const info = await lstat(path).catch(() => null);
    if (!info || info.mtimeMs > cutoff) continue;
    await rm(path, { force: true, recursive: info.isDirectory() });
    removed += 1;
  }
  return removed;
}
