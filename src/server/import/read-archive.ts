// Opens a ZIP archive an import came in (a Ghost export with its content/images, a Hugo
// site, a folder of Markdown) and lets the importer list its files and read one at a
// time as a stream. It refuses, with an ImportFormatError naming the problem, archives
// that could hurt the server: entry names that are absolute or climb out with `..`, and
// zip bombs (too many entries, too much data once inflated, or an entry inflating far
// beyond its compressed size). Sizes are checked from the directory before anything is
// inflated, and again while inflating (yauzl stops an entry that outgrows its header):
// `verify()` inflates every entry once, counting, before an import writes anything, so an
// archive whose headers understate an entry is refused whole with a message, never half
// imported and never a crash of the process reading it.
import { posix } from 'node:path';
import type { Readable } from 'node:stream';
import yauzl, { type Entry, type ZipFile } from 'yauzl';
import { ImportFormatError } from '@/core/import/import-document';

export interface ArchiveLimits {
  /** Most entries an archive may hold. */
  maxEntries: number;
  /** Most bytes all entries together may inflate to. */
  maxTotalBytes: number;
  /** Most an entry may inflate relative to its compressed size (ignored under 1 MiB). */
  maxRatio: number;
}

/** Room for a large blog with years of images, far below what a zip bomb claims. */
export const defaultArchiveLimits: ArchiveLimits = {
  maxEntries: 200_000,
  maxTotalBytes: 20 * 1024 ** 3,
  maxRatio: 200,
};

export interface ArchiveEntry {
  /** Normalised `/`-separated path inside the archive. */
  path: string;
  size: number;
  compressedSize: number;
}

export interface ImportArchive {
  entries: ArchiveEntry[];
  /** The entry's bytes as a stream; only one entry should be read at a time. */
  openEntry(path: string): Promise<Readable>;
  /** Inflates every entry, refusing the archive when one holds more or less than its header says. */
  verify(): Promise<void>;
  close(): void;
}

const ratioFloor = 1024 * 1024;

export async function openImportArchive(file: string, limits: Partial<ArchiveLimits> = {}): Promise<ImportArchive> {
  const limit = { ...defaultArchiveLimits, ...limits };
  let zip: ZipFile;
  try {
    zip = await yauzl.openPromise(file, { lazyEntries: true, autoClose: false, decodeStrings: false, validateEntrySizes: true });
  } catch (error) {
    throw new ImportFormatError(`The archive cannot be opened as a ZIP file: ${(error as Error).message}.`, { file });
  }
  if (zip.entryCount > limit.maxEntries) {
    zip.close();
    throw new ImportFormatError(`The archive holds ${zip.entryCount} entries; the limit is ${limit.maxEntries}.`, { file });
  }
  try {
    const byPath = await readDirectory(zip, limit, file);
    return {
      entries: [...byPath.values()].map(({ path, size, compressedSize }) => ({ path, size, compressedSize })),
      openEntry: (path) => openEntryStream(zip, byPath, path, file),
      verify: async () => {
        for (const indexed of byPath.values()) await verifyEntry(await openEntryStream(zip, byPath, indexed.path, file), indexed, file);
      },
      close: () => zip.close(),
    };
  } catch (error) {
    zip.close();
    throw error;
  }
}

interface IndexedEntry extends ArchiveEntry {
  entry: Entry;
}

function readDirectory(zip: ZipFile, limit: ArchiveLimits, file: string): Promise<Map<string, IndexedEntry>> {
  return new Promise((resolve, reject) => {
    const byPath = new Map<string, IndexedEntry>();
    let total = 0;
    const fail = (message: string) => {
      zip.removeAllListeners();
      reject(new ImportFormatError(message, { file }));
    };
    zip.on('error', (error: Error) => fail(`The archive is damaged: ${error.message}.`));
    zip.on('end', () => resolve(byPath));
    zip.on('entry', (entry: Entry) => {
      const name = yauzl.getFileNameLowLevel(entry.generalPurposeBitFlag, entry.fileName as unknown as Buffer, entry.extraFields, false);
      const path = safePath(name);
      if (path === null) return fail(`The archive entry “${name.slice(0, 200)}” is refused: its path is absolute or leaves the archive.`);
      total += entry.uncompressedSize;
      if (total > limit.maxTotalBytes) return fail(`The archive inflates to more than ${formatBytes(limit.maxTotalBytes)}, the limit.`);
      if (entry.uncompressedSize > ratioFloor && entry.uncompressedSize > entry.compressedSize * limit.maxRatio) {
        return fail(`The archive entry “${path}” inflates ${Math.round(entry.uncompressedSize / Math.max(1, entry.compressedSize))} times its compressed size; the limit is ${limit.maxRatio} (a zip bomb?).`);
      }
      // Folders, and macOS's resource-fork litter, are not files of the export.
      if (!path.endsWith('/') && !path.startsWith('__MACOSX/') && !path.endsWith('.DS_Store')) {
        byPath.set(path, { path, size: entry.uncompressedSize, compressedSize: entry.compressedSize, entry });
      }
      zip.readEntry();
    });
    zip.readEntry();
  });
}

/** The entry name as a relative `/` path, or null when it is absolute or climbs out. */
function safePath(name: string): string | null {
  if (!name || name.includes('\0')) return null;
  const slashed = name.replace(/\\/g, '/');
  if (slashed.startsWith('/') || /^[a-zA-Z]:/.test(slashed)) return null;
  const normalized = posix.normalize(slashed);
  if (normalized === '..' || normalized.startsWith('../') || normalized.split('/').includes('..')) return null;
  return normalized.replace(/^\.\//, '');
}

function openEntryStream(zip: ZipFile, byPath: Map<string, IndexedEntry>, path: string, file: string): Promise<Readable> {
  const indexed = byPath.get(path);
  if (!indexed) return Promise.reject(new ImportFormatError(`The archive has no entry “${path}”.`, { file }));
  return new Promise((resolve, reject) => {
    zip.openReadStream(indexed.entry, (error, stream) => {
      if (error || !stream) reject(new ImportFormatError(`The archive entry “${path}” cannot be read: ${error?.message ?? 'no data'}.`, { file }));
      else resolve(stream);
    });
  });
}

/** Reads an entry to its end, counting; the header's size is what it must hold, no more. */
async function verifyEntry(stream: Readable, entry: IndexedEntry, file: string): Promise<void> {
  let bytes = 0;
  try {
    for await (const chunk of stream) {
      bytes += (chunk as Buffer).length;
      if (bytes > entry.size) break;
    }
  } catch (error) {
    stream.destroy();
    throw lyingEntry(entry, file, (error as Error).message);
  }
  stream.destroy();
  if (bytes !== entry.size) throw lyingEntry(entry, file, `it holds ${bytes > entry.size ? 'more than' : 'only'} ${bytes} bytes`);
}

function lyingEntry(entry: IndexedEntry, file: string, why: string): ImportFormatError {
  return new ImportFormatError(`The archive entry “${entry.path}” does not hold what its header says (${entry.size} bytes; ${why}): the archive is damaged or made to mislead.`, { file });
}

function formatBytes(bytes: number): string {
  return bytes >= 1024 ** 3 ? `${Math.round(bytes / 1024 ** 3)} GiB` : `${Math.round(bytes / 1024 ** 2)} MiB`;
}
