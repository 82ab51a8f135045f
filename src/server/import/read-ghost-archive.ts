// Reads a Ghost export that arrives as a ZIP archive: the JSON export plus the site's
// `content/images/…` (and media, files) folders. The JSON is parsed straight from the
// archive as a stream, and the archive's files are offered to the parser so image
// references resolve to their path in the archive. An archive wrapped in one top folder
// (`my-site/export.json`, `my-site/content/…`) is read as if that folder were its root.
import { posix } from 'node:path';
import { type ImportDocument, ImportFormatError } from '@/core/import/import-document';
import { type GhostImportOptions, parseGhostExportStream } from '@/core/import/ghost/parse-ghost-export';
import { type ArchiveLimits, openImportArchive } from './read-archive';

export interface GhostArchiveResult {
  document: ImportDocument;
  /** The folder inside the archive the export sits in ('' at the top); media paths are relative to it. */
  root: string;
}

export async function readGhostArchive(file: string, options: Omit<GhostImportOptions, 'archiveFiles'> = {}, limits: Partial<ArchiveLimits> = {}): Promise<GhostArchiveResult> {
  const archive = await openImportArchive(file, limits);
  try {
    const jsons = archive.entries.filter((entry) => entry.path.endsWith('.json') && entry.path.split('/').length <= 2);
    if (jsons.length === 0) throw new ImportFormatError('The archive holds no Ghost JSON export (a .json file at its top or in its top folder).', { file });
    // Several JSON files: the largest is the export (themes bring small package.json files).
    const json = jsons.reduce((largest, entry) => (entry.size > largest.size ? entry : largest));
    const root = posix.dirname(json.path) === '.' ? '' : posix.dirname(json.path);
    const prefix = root ? `${root}/` : '';
    const archiveFiles = new Set(archive.entries.filter((entry) => entry.path.startsWith(prefix)).map((entry) => entry.path.slice(prefix.length)));
    const stream = await archive.openEntry(json.path);
    const document = await parseGhostExportStream(stream, { ...options, archiveFiles });
    return { document, root };
  } finally {
    archive.close();
  }
}
