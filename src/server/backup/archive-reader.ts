// Opens a backup ZIP for `duet restore` and checks its directory before a byte is inflated:
// every name against the archive rules (no absolute paths, no `..`, only the backup's own
// folders), no name twice, believable sizes (the ratio cap, and no entries sharing their
// bytes, which is how overlapping-entry zip bombs look). While an entry is read, yauzl
// stops it if it inflates past its declared size.
import { stat } from 'node:fs/promises';
import type { Readable } from 'node:stream';
import yauzl, { type Entry, type ZipFile } from 'yauzl';
import { checkEntryPath, checkEntrySize, type ArchiveLimits } from './archive-rules';
import { BackupRefusedError } from './backup-refused-error';

export interface ArchiveEntryInfo {
  path: string;
  /** The inflated size the ZIP directory declares. */
  bytes: number;
  compressedBytes: number;
}

export interface BackupArchive {
  entries: Map<string, ArchiveEntryInfo>;
  /** One entry's inflated bytes; read one entry at a time. */
  open(path: string): Promise<Readable>;
  /** A small entry (the manifest) whole, refused beyond `maxBytes`. */
  readSmall(path: string, maxBytes: number): Promise<Buffer>;
  close(): void;
}

export async function openBackupArchive(file: string, limits: ArchiveLimits): Promise<BackupArchive> {
  const fileBytes = (await stat(file)).size;
  let zip: ZipFile;
  try {
    zip = await yauzl.openPromise(file, { lazyEntries: true, autoClose: false, decodeStrings: false, validateEntrySizes: true });
  } catch (error) {
    throw new BackupRefusedError('not-a-backup', `${file} cannot be read as a ZIP archive (${(error as Error).message}).`, { cause: error });
  }
  try {
    if (zip.entryCount > limits.maxEntries) {
      throw new BackupRefusedError('archive-too-large', `The archive holds ${zip.entryCount} entries, more than the limit of ${limits.maxEntries}.`);
    }
    const indexed = await readDirectory(zip, limits);
    checkNoOverlap([...indexed.values()].map(({ entry }) => entry), fileBytes);
    return archiveOver(zip, indexed);
  } catch (error) {
    zip.close();
    throw error;
  }
}

interface IndexedEntry {
  info: ArchiveEntryInfo;
  entry: Entry;
}

function readDirectory(zip: ZipFile, limits: ArchiveLimits): Promise<Map<string, IndexedEntry>> {
  return new Promise((resolve, reject) => {
    const indexed = new Map<string, IndexedEntry>();
    const fail = (error: Error) => {
      zip.removeAllListeners('entry');
      zip.removeAllListeners('end');
      reject(error);
    };
    zip.on('error', (error: Error) => fail(new BackupRefusedError('not-a-backup', `The archive is damaged: ${error.message}.`, { cause: error })));
    zip.on('end', () => resolve(indexed));
    zip.on('entry', (entry: Entry) => {
      const problem = checkEntry(entry, limits, indexed);
      if (problem) return fail(problem);
      const path = entryName(entry);
      indexed.set(path, { info: { path, bytes: entry.uncompressedSize, compressedBytes: entry.compressedSize }, entry });
      zip.readEntry();
    });
    zip.readEntry();
  });
}

function entryName(entry: Entry): string {
  // decodeStrings is off so yauzl does not refuse a bad name with its own terse error; the
  // name is decoded here and judged by the archive rules, which name the entry.
  return yauzl.getFileNameLowLevel(entry.generalPurposeBitFlag, entry.fileName as unknown as Buffer, entry.extraFields, false);
}

function checkEntry(entry: Entry, limits: ArchiveLimits, seen: Map<string, IndexedEntry>): BackupRefusedError | null {
  const path = entryName(entry);
  const shown = path.slice(0, 200);
  const pathProblem = checkEntryPath(path);
  if (pathProblem) return new BackupRefusedError('unsafe-entry', `The archive entry “${shown}” is refused: ${pathProblem}.`);
  if (seen.has(path)) return new BackupRefusedError('unsafe-entry', `The archive holds the entry “${shown}” twice.`);
  if (entry.isEncrypted() || !entry.canDecodeFileData()) {
    return new BackupRefusedError('unsafe-entry', `The archive entry “${shown}” is encrypted or compressed in a way Duet does not read.`);
  }
  const sizeProblem = checkEntrySize({ bytes: entry.uncompressedSize, compressedBytes: entry.compressedSize }, limits);
  if (sizeProblem) return new BackupRefusedError('unsafe-entry', `The archive entry “${shown}” is refused: ${sizeProblem}.`);
  return null;
}

/**
 * Each entry's bytes (its 30-byte local header, then its data) must end before the next
 * entry starts: entries sharing data are how an archive inflates to far more than its
 * size without any single entry looking suspicious.
 */
function checkNoOverlap(entries: Entry[], fileBytes: number): void {
  const sorted = entries.map((entry) => ({ start: entry.relativeOffsetOfLocalHeader, end: entry.relativeOffsetOfLocalHeader + 30 + entry.compressedSize }));
  sorted.sort((a, b) => a.start - b.start);
  const overlaps = sorted.some((span, i) => span.end > (sorted[i + 1]?.start ?? fileBytes));
  if (overlaps) throw new BackupRefusedError('unsafe-entry', 'The archive\'s entries overlap one another (a zip bomb?).');
}

function archiveOver(zip: ZipFile, indexed: Map<string, IndexedEntry>): BackupArchive {
  const open = async (path: string): Promise<Readable> => {
    const found = indexed.get(path);
    if (!found) throw new BackupRefusedError('manifest-mismatch', `The archive has no entry “${path}”.`);
    return zip.openReadStreamPromise(found.entry);
  };
  return {
    entries: new Map([...indexed].map(([path, { info }]) => [path, info])),
    open,
    async readSmall(path, maxBytes) {
      const size = indexed.get(path)?.info.bytes ?? 0;
      if (size > maxBytes) throw new BackupRefusedError('archive-too-large', `The archive's ${path} is ${size} bytes, more than the limit of ${maxBytes}.`);
      const chunks: Buffer[] = [];
      for await (const chunk of await open(path)) chunks.push(chunk as Buffer);
      return Buffer.concat(chunks);
    },
    close: () => zip.close(),
  };
}
