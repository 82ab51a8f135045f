// The body store of `duet import` (see core/import/body-store.ts): every converted body is
// appended to one temporary file as it is parsed, and read back by its place in the file
// when its post is written, so a 40 MB export's Markdown lives on disk, not in memory.
// The file is readable by its owner only (drafts and members-only posts are in it) and is
// unlinked as soon as it is open where the system allows it, so even a killed import
// leaves nothing behind; elsewhere (Windows) close() removes it.
import { randomUUID } from 'node:crypto';
import { closeSync, openSync, readSync, rmSync, unlinkSync, writeSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import type { BodyStore, StoredBody } from '@/core/import/body-store';

export class SpilledBodies implements BodyStore {
  private readonly file: string;
  private fd: number | null;
  private size = 0;

  constructor(folder = tmpdir()) {
    this.file = join(folder, `duet-import-bodies-${randomUUID()}`);
    this.fd = openSync(this.file, 'wx+', 0o600);
    try {
      unlinkSync(this.file);
    } catch {
      // Windows keeps an open file's name: close() removes it.
    }
  }

  keep(body: string): StoredBody {
    const at = this.size;
    const length = this.write(Buffer.from(body, 'utf8'), at);
    this.size += length;
    // Only the place and length are kept: the closure must not hold the bytes.
    return () => this.read(at, length);
  }

  /** Closes and removes the file; a body asked for afterwards is an error, never ''. */
  close(): void {
    if (this.fd !== null) closeSync(this.fd);
    this.fd = null;
    rmSync(this.file, { force: true });
  }

  private write(bytes: Buffer, at: number): number {
    const fd = this.openFd();
    try {
      for (let written = 0; written < bytes.length; ) written += writeSync(fd, bytes, written, bytes.length - written, at + written);
    } catch (error) {
      // A full disk is the usual cause: say where the import needed room.
      throw new Error(`The import could not write its temporary file in ${dirname(this.file)} (${(error as Error).message}).`, { cause: error });
    }
    return bytes.length;
  }

  private read(at: number, length: number): string {
    const fd = this.openFd();
    const bytes = Buffer.allocUnsafe(length);
    for (let done = 0; done < length; ) {
      const read = readSync(fd, bytes, done, length - done, at + done);
      if (read === 0) throw new Error('The import’s temporary file of bodies ended early.');
      done += read;
    }
    return bytes.toString('utf8');
  }

  private openFd(): number {
    if (this.fd === null) throw new Error('The import’s bodies were read after the import was closed.');
    return this.fd;
  }
}
