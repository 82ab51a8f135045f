// An upload from the Studio, whole: the file is ingested (streamed, typed, made durable
// on disk) and only then recorded in the library, so a crash leaves an unreferenced file,
// never a row pointing at half a file. The same bytes uploaded twice are one entry.
import { statfs } from 'node:fs/promises';
import type { Readable } from 'node:stream';
import type { Role } from '@/core/auth/permissions';
import type { Media, MediaKind } from '@/core/content/types';
import { readUploadPolicy, uploadCap } from '@/core/media/upload-policy';
import { getDatabase } from '@/db/client';
import { createContentRepository } from '@/db/repositories/content-repository';
import { loadMediaByIds } from '@/db/repositories/load-posts';
import { createMediaFiles } from '@/db/repositories/media-files';
import { dataDir } from '@/core/config/data-dir';
import { ingestUpload, mediaRowOf, type MediaVariant } from './ingest';
import { UploadRefusedError } from './upload-error';

export interface UploadedMedia {
  media: Media;
  variants: MediaVariant[];
  /** The library already held this file. */
  reused: boolean;
}

/**
 * The cap on this upload from the site's upload policy: the role's limit, what is left of
 * the library's quota, and the disk's free space above its reserve. Refused at once when
 * nothing fits; otherwise the stream is cut off at the cap.
 */
async function capFor(role: Role): Promise<{ maxBytes: number; reason: 'role-limit' | 'storage-quota' | 'disk-full' } | null> {
  const policy = readUploadPolicy(process.env);
  const libraryBytes = await createMediaFiles(getDatabase()).totalBytes();
  const disk = await statfs(dataDir()).catch(() => null);
  const cap = uploadCap(policy, role, {
    libraryBytes,
    freeDiskBytes: disk ? disk.bavail * disk.bsize : Number.POSITIVE_INFINITY,
  });
  if (cap && cap.maxBytes === 0) throw new UploadRefusedError(cap.reason, { maxBytes: 0 });
  return cap;
}

export async function uploadMedia(input: {
  stream: ReadableStream<Uint8Array> | Readable;
  fileName: string;
  declaredKind?: MediaKind;
  uploader: { id: string; role: Role };
}): Promise<UploadedMedia> {
  const cap = await capFor(input.uploader.role);
  let ingested;
  try {
    ingested = await ingestUpload({ ...input, dataDir: dataDir(), maxBytes: cap?.maxBytes });
  } catch (error) {
    // Over the policy's cap rather than the kind's: say which rule it was.
    if (cap && error instanceof UploadRefusedError && error.reason === 'too-large' && error.limits.maxBytes === cap.maxBytes) {
      throw new UploadRefusedError(cap.reason, { maxBytes: cap.maxBytes }, error);
    }
    throw error;
  }
  const db = getDatabase();
  const existing = await createMediaFiles(db).findByPath(ingested.path);
  if (existing) return { media: (await loadMediaByIds(db, [existing.id])).get(existing.id)!, variants: ingested.variants, reused: true };
  const media = await createContentRepository(db).createMedia({ ...mediaRowOf(ingested), uploadedBy: input.uploader.id });
  return { media, variants: ingested.variants, reused: false };
}
