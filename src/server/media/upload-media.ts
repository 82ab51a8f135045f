// An upload from the Studio, whole: the file is ingested (streamed, typed, made durable
// on disk) and only then recorded in the library, so a crash leaves an unreferenced file,
// never a row pointing at half a file. The same bytes uploaded twice are one entry.
import type { Readable } from 'node:stream';
import type { Media, MediaKind } from '@/core/content/types';
import { getDatabase } from '@/db/client';
import { createContentRepository } from '@/db/repositories/content-repository';
import { loadMediaByIds } from '@/db/repositories/load-posts';
import { dataDir } from '@/server/revalidate-token';
import { ingestUpload, type MediaVariant } from './ingest';

export interface UploadedMedia {
  media: Media;
  variants: MediaVariant[];
  /** The library already held this file. */
  reused: boolean;
}

export async function uploadMedia(input: { stream: ReadableStream<Uint8Array> | Readable; fileName: string; declaredKind?: MediaKind }): Promise<UploadedMedia> {
  const ingested = await ingestUpload({ ...input, dataDir: dataDir() });
  const db = getDatabase();
  const existing = await db.selectFrom('media').select('id').where('path', '=', ingested.path).executeTakeFirst();
  if (existing) return { media: (await loadMediaByIds(db, [existing.id])).get(existing.id)!, variants: ingested.variants, reused: true };
  const media = await createContentRepository(db).createMedia({
    kind: ingested.kind,
    path: ingested.path,
    mime: ingested.mime,
    bytes: ingested.bytes,
    sha256: ingested.sha256,
    width: ingested.width,
    height: ingested.height,
    durationSeconds: ingested.durationSeconds,
    variants: ingested.variants.map(({ width, height, format, path }) => ({ width, height, format, path })),
  });
  return { media, variants: ingested.variants, reused: false };
}
