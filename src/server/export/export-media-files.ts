// The media files of a Duet export: which files of the media store (DATA_DIR/media or the
// S3 bucket) each media row stands
// for (the original and its responsive variants), and a stream of each that hashes and
// counts the bytes as they go into the archive, so duet.json can list every file with its
// SHA-256 without reading it twice. A file the database lists but the disk lacks is
// reported, not invented.
import { createHash } from 'node:crypto';
import { Readable, Transform } from 'node:stream';
import type { ReadableStream as WebReadableStream } from 'node:stream/web';
import { mediaStoreFor, type MediaStore } from '@/server/media/media-store';
import { mediaArchivePath, mediaPathPattern, type ExportMedia, type ExportMediaFile } from '@/core/export/export-schema';


export interface PlannedFile {
  /** The public path (/images/…), as the media row stores it. */
  path: string;
  archivePath: string;
  /** The file in the media store. */
  key: string;
  store: MediaStore;
  /** Filled once the file has gone through its stream. */
  result?: ExportMediaFile;
}

export interface MediaPlan {
  files: PlannedFile[];
  /** Paths listed in the database that are not (or not safely) on disk. */
  missing: string[];
  /** The media rows with `files` filled in from what was archived; call after the files went through. */
  complete(): ExportMedia[];
}

export async function planMediaFiles(media: Array<Omit<ExportMedia, 'files'>>, dataDir: string, store: MediaStore = mediaStoreFor(dataDir)): Promise<MediaPlan> {
  const byPath = new Map<string, PlannedFile>();
  const missing = new Set<string>();
  const pathsOf = (m: Omit<ExportMedia, 'files'>) => [...new Set([m.path, ...(m.variants ?? []).map((v) => v.path)])];
  for (const m of media) {
    for (const path of pathsOf(m)) {
      if (byPath.has(path) || missing.has(path)) continue;
      const key = path.replace(/^\/+/, '');
      // Only a path of the schema's shape is looked up: the row could say anything.
      const info = mediaPathPattern.test(path) ? await store.stat(key).catch(() => null) : null;
      if (info) byPath.set(path, { path, archivePath: mediaArchivePath(path), key, store });
      else missing.add(path);
    }
  }
  return {
    files: [...byPath.values()],
    missing: [...missing],
    complete: () =>
      media.map((m) => ({
        ...m,
        files: pathsOf(m).flatMap((path) => {
          const planned = byPath.get(path);
          if (!planned) return [];
          if (!planned.result) throw new Error(`The media file ${path} was not archived before duet.json was written.`);
          return [planned.result];
        }),
      })),
  };
}

/** A pass-through that hashes and counts what goes through it, and says so at the end. */
export function createHashingCounter(onEnd: (result: { sha256: string; bytes: number }) => void): Transform {
  const hash = createHash('sha256');
  let bytes = 0;
  return new Transform({
    transform(chunk: Buffer, _encoding, done) {
      hash.update(chunk);
      bytes += chunk.length;
      done(null, chunk);
    },
    flush(done) {
      onEnd({ sha256: hash.digest('hex'), bytes });
      done();
    },
  });
}

/** The file's bytes, hashed on the way; `planned.result` is set when the last byte has passed. */
export async function hashingFileStream(planned: PlannedFile): Promise<NodeJS.ReadableStream> {
  const counter = createHashingCounter(({ sha256, bytes }) => {
    planned.result = { path: planned.path, archivePath: planned.archivePath, bytes, sha256 };
  });
  const source = Readable.fromWeb((await planned.store.read(planned.key)) as WebReadableStream<Uint8Array>);
  source.on('error', (error) => counter.destroy(error));
  return source.pipe(counter);
}
