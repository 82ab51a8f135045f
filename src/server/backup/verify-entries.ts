// The checks that make a restore all-or-nothing: the archive holds exactly the entries its
// manifest lists, at the listed sizes, and each entry's bytes hash to the listed SHA-256.
// A restore runs the whole check before it writes anything, then checks every entry again
// while writing it (the file could change in between), so a tampered or damaged archive is
// refused by name and leaves the target as it was.
import { createHash } from 'node:crypto';
import { Transform, Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { BackupArchive } from './archive-reader';
import { manifestPath } from './archive-rules';
import type { BackupManifest, ManifestEntry } from './backup-manifest';
import { BackupRefusedError } from './backup-refused-error';

/** Every archive entry is in the manifest and the reverse, with the same declared size. */
export function checkManifestMatchesArchive(manifest: BackupManifest, archive: BackupArchive): void {
  const listed = new Map(manifest.entries.map((entry) => [entry.path, entry]));
  for (const [path, info] of archive.entries) {
    if (path === manifestPath) continue;
    const entry = listed.get(path);
    if (!entry) throw new BackupRefusedError('manifest-mismatch', `The archive entry “${path}” is not in the manifest; the archive was changed after it was made.`);
    if (entry.bytes !== info.bytes) {
      throw new BackupRefusedError('manifest-mismatch', `The archive entry “${path}” is ${info.bytes} bytes, but the manifest says ${entry.bytes}; the archive was changed after it was made.`);
    }
  }
  const missing = manifest.entries.find((entry) => !archive.entries.has(entry.path));
  if (missing) throw new BackupRefusedError('manifest-mismatch', `The manifest lists “${missing.path}”, which the archive does not hold.`);
}

/**
 * A pass-through that hashes and counts an entry's bytes and fails the stream, naming the
 * entry, when they do not match the manifest: at once if there are too many, at the end
 * if the hash differs.
 */
export function createEntryVerifier(entry: ManifestEntry, onBytes: (bytes: number) => void = () => {}): Transform {
  const hash = createHash('sha256');
  let bytes = 0;
  return new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      bytes += chunk.length;
      if (bytes > entry.bytes) return callback(mismatch(entry, 'it is longer than the manifest says'));
      hash.update(chunk);
      onBytes(chunk.length);
      callback(null, chunk);
    },
    flush(callback) {
      if (bytes !== entry.bytes) return callback(mismatch(entry, 'it is shorter than the manifest says'));
      if (hash.digest('hex') !== entry.sha256) return callback(mismatch(entry, 'its SHA-256 differs from the manifest\'s'));
      callback();
    },
  });
}

function mismatch(entry: ManifestEntry, what: string): BackupRefusedError {
  return new BackupRefusedError(
    'checksum-mismatch',
    `The archive entry “${entry.path}” does not match its checksum (${what}): the archive was changed or damaged after it was made. Nothing was restored.`,
  );
}

/** Reads every entry once, checking each against the manifest; writes nothing. */
export async function verifyEntries(archive: BackupArchive, manifest: BackupManifest, progress: { addBytes(n: number): void; addEntry(): void }): Promise<void> {
  for (const entry of manifest.entries) {
    const sink = new Writable({ write: (_chunk, _encoding, callback) => callback() });
    try {
      await pipeline(await archive.open(entry.path), createEntryVerifier(entry, progress.addBytes), sink);
    } catch (error) {
      // A damaged deflate stream fails in zlib before any checksum can be compared.
      if (error instanceof BackupRefusedError) throw error;
      const reason = error instanceof Error ? error.message : String(error);
      throw new BackupRefusedError('checksum-mismatch', `The archive entry “${entry.path}” cannot be read (${reason}): the archive is damaged. Nothing was restored.`, { cause: error });
    }
    progress.addEntry();
  }
}
