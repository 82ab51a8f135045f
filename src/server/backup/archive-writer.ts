// Writes a backup ZIP one entry at a time, streamed (yazl pulls each entry's bytes as the
// file takes them, so memory stays flat however large the site), measuring every entry's
// size and SHA-256 on the way through for the manifest. The archive is written under a
// temporary name, owner-only (it holds password hashes and sessions), and renamed into
// place only when complete, so a crash never leaves something that looks like a backup.
import { createHash } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { rename, rm, stat } from 'node:fs/promises';
import { Readable, Transform } from 'node:stream';
import { finished, pipeline } from 'node:stream/promises';
import { ZipFile } from 'yazl';
import { syncFile } from '@/server/media/durable-file';
import { createEntryWindow } from '@/server/zip/entry-window';

export interface WrittenEntry {
  path: string;
  bytes: number;
  sha256: string;
}

export interface ArchiveWriter {
  /** Adds one entry and resolves once all of `source` is in the archive. One at a time. */
  add(path: string, source: Readable, options: { compress: boolean }): Promise<WrittenEntry>;
  /** Adds a small entry held in memory (the manifest). */
  addBuffer(path: string, data: Buffer): Promise<WrittenEntry>;
  /** Completes the archive and moves it to its final name; resolves to its size. */
  finish(): Promise<number>;
  /** Stops and deletes the partial archive. */
  abort(): Promise<void>;
}

export interface WriterProgress {
  addBytes(bytes: number): void;
  addEntry(): void;
}

export function createArchiveWriter(file: string, progress: WriterProgress = { addBytes() {}, addEntry() {} }): ArchiveWriter {
  const partial = `${file}.partial`;
  const zip = new ZipFile();
  // A site with many media files is many entries: see entry-window.ts.
  const window = createEntryWindow(zip);
  // 'wx': never overwrite, whether a finished backup or another run's partial file.
  const output = createWriteStream(partial, { flags: 'wx', mode: 0o600 });
  // Only a file this writer created may be deleted by abort(): not another run's partial one.
  let isCreated = false;
  output.once('open', () => (isCreated = true));
  const written = pipeline(zip.outputStream, output);
  // A failure of the output (disk full) or of yazl must end whatever add() is waiting.
  let failure: Error | undefined;
  const failed = new Promise<never>((_, reject) => {
    const fail = (error: Error) => reject((failure ??= error));
    zip.on('error', fail);
    written.catch(fail);
  });
  failed.catch(() => undefined);

  async function add(path: string, source: Readable, options: { compress: boolean }): Promise<WrittenEntry> {
    if (failure) throw failure;
    const hash = createHash('sha256');
    let bytes = 0;
    const meter = new Transform({
      transform(chunk: Buffer, _encoding, callback) {
        hash.update(chunk);
        bytes += chunk.length;
        progress.addBytes(chunk.length);
        callback(null, chunk);
      },
    });
    const piped = pipeline(source, meter);
    window.started();
    zip.addReadStream(meter, path, { compress: options.compress, mtime: new Date() });
    // finished() waits for the meter's readable side to end: yazl has taken every byte.
    await Promise.race([Promise.all([piped, finished(meter)]), failed]);
    progress.addEntry();
    return { path, bytes, sha256: hash.digest('hex') };
  }

  return {
    add,
    addBuffer: (path, data) => add(path, Readable.from([data]), { compress: true }),
    async finish() {
      window.end();
      await Promise.race([written, failed]);
      await syncFile(partial);
      await rename(partial, file);
      return (await stat(file)).size;
    },
    async abort() {
      output.destroy();
      await written.catch(() => undefined);
      if (isCreated) await rm(partial, { force: true });
    },
  };
}
