// The files an import brings (an archive's entries or a `--media` folder) going into the
// media library: each sniffed, given variants and a hashed name like any upload, stored
// once however many texts use it, and recorded so a second run finds it. A file that
// cannot be read or is refused stays a link in the text and is reported.
import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import { posix, resolve, sep } from 'node:path';
import type { Readable } from 'node:stream';
import type { ImportMediaRef, ImportWarning } from '@/core/import/import-document';
import type { Locale } from '@/core/locales';
import type { Db } from '@/db/client';
import { createContentWriter } from '@/db/repositories/content-writer';
import { createImportSources } from '@/db/repositories/import-sources';
import { createMediaFiles } from '@/db/repositories/media-files';
import { ingestUpload, mediaRowOf } from '@/server/media/ingest';

/** Where the files of an import are read from. */
export interface ImportFiles {
  has(path: string): boolean;
  open(path: string): Promise<Readable>;
}

/** A folder given with `--media`: paths are relative to it and may not leave it. */
export async function folderFiles(folder: string): Promise<ImportFiles> {
  const root = resolve(folder);
  if (!(await stat(root)).isDirectory()) throw new Error(`${folder} is not a folder.`);
  const inside = (path: string) => {
    const full = resolve(root, posix.normalize(path).replace(/^\/+/, ''));
    return full.startsWith(root + sep) ? full : null;
  };
  return {
    has: (path) => inside(path) !== null,
    open: async (path) => {
      const full = inside(path);
      if (!full) throw new Error(`${path} is outside the media folder.`);
      return createReadStream(full);
    },
  };
}

export class ImportMediaLibrary {
  private byArchivePath = new Map<string, { id: number; path: string } | null>();
  imported = 0;
  missing = 0;

  constructor(
    private readonly db: Db,
    private readonly sourceKind: string,
    private readonly files: ImportFiles | null,
    private readonly dataDir: string,
    private readonly warnings: ImportWarning[],
  ) {}

  /** The library item for a reference, storing the file the first time; null when it stays a link. */
  async resolve(ref: ImportMediaRef, locale: Locale, ownerId: string): Promise<{ id: number; path: string } | null> {
    if (!ref.archivePath || !this.files?.has(ref.archivePath)) return null;
    if (this.byArchivePath.has(ref.archivePath)) return this.byArchivePath.get(ref.archivePath)!;
    const sources = createImportSources(this.db);
    const known = await sources.importedMedia(this.sourceKind, ref.archivePath);
    if (known) {
      this.byArchivePath.set(ref.archivePath, known);
      return known;
    }
    let stored: { id: number; path: string } | null = null;
    try {
      const ingested = await ingestUpload({ stream: await this.files.open(ref.archivePath), fileName: posix.basename(ref.archivePath), dataDir: this.dataDir });
      const existing = await createMediaFiles(this.db).findByPath(ingested.path);
      stored =
        existing ??
        (await createContentWriter(this.db).createMedia({
          ...mediaRowOf(ingested),
          ...(ref.alt ? { alt: { [locale]: ref.alt } } : {}),
          ...(ref.caption ? { caption: { [locale]: ref.caption } } : {}),
        }));
      await sources.remember(this.sourceKind, 'media', ref.archivePath, stored.id, { ifNew: true });
      this.imported += 1;
    } catch (error) {
      this.missing += 1;
      this.warnings.push({ code: 'media-missing', sourceId: ownerId, message: `${ref.archivePath} was not imported (${(error as Error).message}); the text keeps its link.` });
    }
    this.byArchivePath.set(ref.archivePath, stored);
    return stored;
  }
}
