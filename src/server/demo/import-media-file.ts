// Copies one demo media file into DATA_DIR/media/<folder>/ (or the S3 bucket) under a
// content-hashed name (so it can be cached forever) and describes it for the media table.
// The copy is written to a temporary file, flushed and renamed (or uploaded), so a crash
// never leaves half a file under the final name.
import { createHash, randomBytes } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { mkdir, open, readFile, rename, rm, stat } from 'node:fs/promises';
import { basename, extname, join } from 'node:path';
import type { MediaKind } from '@/core/content/types';
import { syncDirectory } from '@/server/media/durable-file';
import { ingestUpload, mediaRowOf, TEMP_UPLOAD_FOLDER } from '@/server/media/ingest';
import { mediaStoreFor } from '@/server/media/media-store';
import type { NewMedia } from '@/db/repositories/content-writer';

export type MediaFolder = 'images' | 'audios' | 'videos';

/** What ffprobe measured, from demo/media/media.json (users' machines lack ffprobe). */
export interface MeasuredMedia {
  durationSeconds: number;
  width?: number;
  height?: number;
}

const types: Record<string, { kind: MediaKind; mime: string }> = {
  '.webp': { kind: 'image', mime: 'image/webp' },
  '.png': { kind: 'image', mime: 'image/png' },
  '.jpg': { kind: 'image', mime: 'image/jpeg' },
  '.mp3': { kind: 'audio', mime: 'audio/mpeg' },
  '.webm': { kind: 'video', mime: 'video/webm' },
  '.mp4': { kind: 'video', mime: 'video/mp4' },
  '.vtt': { kind: 'subtitle', mime: 'text/vtt' },
};

export async function importMediaFile(options: {
  source: string;
  folder: MediaFolder;
  dataDir: string;
  measured?: MeasuredMedia;
}): Promise<Omit<NewMedia, 'alt' | 'caption'>> {
  const { source, folder, dataDir, measured } = options;
  const ext = extname(source).toLowerCase();
  const type = types[ext];
  if (!type) throw new Error(`${source}: unsupported media type ${ext}`);
  if ((type.kind === 'audio' || type.kind === 'video') && !measured) {
    throw new Error(`${source}: no duration in demo/media/media.json (measure it with ffprobe)`);
  }

  // Images go through the media library's own intake, as an upload would: the stored
  // file gets its AVIF and WebP variants, so the demo's pages serve phone-sized images.
  if (type.kind === 'image') return mediaRowOf(await ingestUpload({ stream: createReadStream(source), fileName: basename(source), declaredKind: 'image', dataDir }));

  const bytes = await readFile(source);
  const sha256 = createHash('sha256').update(bytes).digest('hex');
  const name = `${basename(source, extname(source))}.${sha256.slice(0, 10)}${ext}`;
  const store = mediaStoreFor(dataDir);
  if (store.kind === 'local') await writeFileAtomically(join(dataDir, 'media', folder), name, bytes);
  else if (!(await store.holds(`${folder}/${name}`, bytes.length, sha256))) {
    const tempDir = join(dataDir, 'media', TEMP_UPLOAD_FOLDER);
    await writeFileAtomically(tempDir, name, bytes);
    try {
      await store.putFile(`${folder}/${name}`, join(tempDir, name), { contentType: type.mime, sha256, width: measured?.width, height: measured?.height });
    } finally {
      await rm(join(tempDir, name), { force: true });
    }
  }

  const width = measured?.width ?? null;
  const height = measured?.height ?? null;
  return {
    kind: type.kind,
    path: `/${folder}/${name}`,
    mime: type.mime,
    bytes: bytes.length,
    sha256,
    width,
    height,
    durationSeconds: measured?.durationSeconds ?? null,
  };
}

async function writeFileAtomically(dir: string, name: string, bytes: Buffer): Promise<void> {
  const target = join(dir, name);
  // The name carries the content hash: a file already there with the same size is this file.
  const existing = await stat(target).catch(() => null);
  if (existing?.isFile() && existing.size === bytes.length) return;

  await mkdir(dir, { recursive: true });
  const temporary = join(dir, `.${name}.${process.pid}.${randomBytes(4).toString('hex')}.tmp`);
  try {
    const handle = await open(temporary, 'w');
    try {
      await handle.writeFile(bytes);
      await handle.sync();
    } finally {
      await handle.close();
    }
    await rename(temporary, target);
  } catch (error) {
    await rm(temporary, { force: true });
    throw error;
  }
  await syncDirectory(dir);
}
