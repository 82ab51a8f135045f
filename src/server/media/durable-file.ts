// Writes that survive a crash: a file is flushed to disk before it is renamed into
// place, and the directory is flushed after, so a name in the media folders always
// holds a whole file.
import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { open, stat } from 'node:fs/promises';
import type { FileHandle } from 'node:fs/promises';

export async function syncFile(path: string): Promise<void> {
  const handle = await open(path, 'r+');
  try {
    await handle.sync();
  } finally {
    await handle.close();
  }
}

/** Makes renames into `dir` durable. Not every platform can open a directory (Windows), which is fine. */
export async function syncDirectory(dir: string): Promise<void> {
  const handle = await open(dir, 'r').catch(() => null);
  if (!handle) return;
  try {
    await handle.sync();
  } catch {
    // best effort
  } finally {
    await handle.close();
  }
}

/** Writes all of `chunk`, however many calls the file system takes. */
export async function writeAll(handle: FileHandle, chunk: Uint8Array): Promise<void> {
  let offset = 0;
  while (offset < chunk.length) {
    const { bytesWritten } = await handle.write(chunk, offset, chunk.length - offset);
    offset += bytesWritten;
  }
}

export async function sha256OfFile(path: string): Promise<string> {
  const hash = createHash('sha256');
  for await (const chunk of createReadStream(path)) hash.update(chunk as Buffer);
  return hash.digest('hex');
}

/** Whether `path` already holds exactly this content (checked by size, then by hash). */
export async function holdsContent(path: string, bytes: number, sha256: string): Promise<boolean> {
  const info = await stat(path).catch(() => null);
  if (!info?.isFile() || info.size !== bytes) return false;
  return (await sha256OfFile(path)) === sha256;
}
