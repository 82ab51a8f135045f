// Puts the media files of a Duet export back into DATA_DIR/media (or the S3 bucket) before
// the import's transaction: each file is streamed out of the archive into a temporary file
// beside its destination, hashed on the way, and renamed into place (or uploaded) only when
// its SHA-256 and size match what duet.json says. A file left behind by an import that then failed does no
// harm: names are content-hashed and nothing in the (still empty) database points at it.
import { randomBytes, randomUUID } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdir, rename, rm } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';
import { pipeline } from 'node:stream/promises';
import { AppError } from '@/core/errors/app-error';
import type { ImportArchive } from '@/server/import/read-archive';
import { TEMP_UPLOAD_FOLDER } from '@/server/media/clean-temp-uploads';
import { syncDirectory, syncFile } from '@/server/media/durable-file';
import { mediaStoreFor } from '@/server/media/media-store';
import { mediaTypeOf } from '@/server/media/serve-media';
import { createHashingCounter } from './export-media-files';
import type { ExportMedia, ExportMediaFile } from '@/core/export/export-schema';

export interface RestoredFiles {
  written: number;
  /** Already in DATA_DIR with the same content. */
  kept: number;
}

function filesOf(media: ExportMedia[]): Array<{ file: ExportMediaFile; field: string }> {
  return media.flatMap((m, i) => m.files.map((file, j) => ({ file, field: `media[${i}].files[${j}]` })));
}

/** Copies every listed file out of the archive (prefix: the folder duet.json sits in). */
export async function restoreMediaFiles(
  archive: ImportArchive,
  prefix: string,
  media: ExportMedia[],
  dataDir: string,
  progress: (message: string) => void,
): Promise<RestoredFiles> {
  const files = filesOf(media);
  const inArchive = new Set(archive.entries.map((e) => e.path));
  const absent = files.find(({ file }) => !inArchive.has(prefix + file.archivePath));
  if (absent) throw invalid(`${absent.field}.archivePath`, `The archive has no file ${absent.file.archivePath}, which duet.json lists.`);

  const result: RestoredFiles = { written: 0, kept: 0 };
  const store = mediaStoreFor(dataDir);
  for (const [index, { file, field }] of files.entries()) {
    if (index > 0 && index % 100 === 0) progress(`media files: ${index}/${files.length}`);
    const key = file.path.replace(/^\/+/, '');
    if (await store.holds(key, file.bytes, file.sha256)) {
      result.kept += 1;
      continue;
    }
    const source = await archive.openEntry(prefix + file.archivePath);
    if (store.kind === 'local') await copyVerified(source, join(dataDir, 'media', file.path), file, field);
    else {
      const temporary = join(dataDir, 'media', TEMP_UPLOAD_FOLDER, `${randomUUID()}.restore.part`);
      try {
        await copyVerified(source, temporary, file, field);
        await store.putFile(key, temporary, { contentType: mediaTypeOf(key) ?? 'application/octet-stream', sha256: file.sha256 });
      } finally {
        await rm(temporary, { force: true });
      }
    }
    result.written += 1;
  }
  return result;
}

async function copyVerified(source: NodeJS.ReadableStream, target: string, file: ExportMediaFile, field: string): Promise<void> {
  const dir = dirname(target);
  await mkdir(dir, { recursive: true });
  const temporary = join(dir, `.${basename(target)}.${randomBytes(4).toString('hex')}.tmp`);
  let sha256 = '';
  let bytes = 0;
  const counter = createHashingCounter((result) => ({ sha256, bytes } = result));
  try {
    await pipeline(source, counter, createWriteStream(temporary, { mode: 0o644 }));
    if (sha256 !== file.sha256 || bytes !== file.bytes) {
      throw invalid(`${field}.sha256`, `The archive's ${file.archivePath} (${bytes} bytes, SHA-256 ${sha256}) is not the file duet.json describes (${file.bytes} bytes, ${file.sha256}).`);
    }
    await syncFile(temporary);
    await rename(temporary, target);
  } catch (error) {
    await rm(temporary, { force: true });
    throw error;
  }
  await syncDirectory(dir);
}

/** For an import from duet.json alone: the listed files DATA_DIR lacks (the import warns, the site shows them missing). */
export async function findMissingMediaFiles(media: ExportMedia[], dataDir: string): Promise<string[]> {
  const missing: string[] = [];
  const store = mediaStoreFor(dataDir);
  for (const { file } of filesOf(media)) {
    const info = await store.stat(file.path.replace(/^\/+/, '')).catch(() => null);
    if (!info || info.size !== file.bytes) missing.push(file.path);
  }
  return missing;
}

export function invalid(field: string, message: string): AppError {
  return new AppError('VALIDATION', `${field}: ${message}`, { fields: { [field]: [message] } });
}
