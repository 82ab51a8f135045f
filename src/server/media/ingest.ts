// Takes one uploaded file from the Studio and stores it in the media store (DATA_DIR/media
// or an S3 bucket, media-store.ts). The bytes are streamed to a temporary file (never held
// in memory) while being hashed and counted; what the file is comes from its first bytes,
// not its name; SubRip becomes WebVTT; images are checked by decoding them and get
// responsive WebP/AVIF copies. Everything is flushed to disk and then renamed into place
// (or uploaded to the bucket), so the caller can insert the database row after this
// returns and a crash leaves at most a temporary file (see cleanTempUploads).
import { createHash, randomUUID } from 'node:crypto';
import { mkdir, open, readFile, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Metadata } from 'sharp';
import sharp from '@/server/media/sharp';
import type { MediaKind } from '@/core/content/types';
import { readAudioDuration } from '@/core/media/audio-duration';
import { largestUploadBytes, maxImagePixels, maxUploadBytes } from '@/core/media/limits';
import { hashedFileName, mediaFolderOf, NAME_HASH_LENGTH, sanitizeBaseName } from '@/core/media/media-file-name';
import { SNIFF_BYTES, sniffMedia, type SniffedType } from '@/core/media/sniff';
import { srtToVtt, validateVtt } from '@/core/media/subtitles';
import type { NewMedia } from '@/db/repositories/content-writer';
import { TEMP_UPLOAD_FOLDER } from './clean-temp-uploads';
import { syncFile, writeAll } from './durable-file';
import { encodeVariant, planVariants, untrustedImageOptions, type EncodedVariant, type VariantFormat } from './image-variants';
import { mediaStoreFor, type MediaStore } from './media-store';
import { readUploadChunks, type UploadStream } from './read-upload-chunks';
import { UploadRefusedError } from './upload-error';

export { cleanTempUploads, TEMP_UPLOAD_FOLDER } from './clean-temp-uploads';

export interface IngestUploadOptions {
  /** The file's bytes: `request.body` of a route handler, or a Node Readable. */
  stream: UploadStream;
  /** The name the uploader gave; only used, sanitised, as the readable part of the stored name. */
  fileName: string;
  /** The kind the Studio asked for (a cover image, a narration…); a file of another kind is refused. */
  declaredKind?: MediaKind;
  dataDir: string;
  /** Where the finished files go; the configured store (mediaStoreFor) when absent. */
  store?: MediaStore;
  /** A tighter cap than the per-kind limits, if the caller wants one. */
  maxBytes?: number;
}

export interface MediaVariant {
  width: number;
  height: number;
  format: VariantFormat;
  /** Public path, e.g. /images/tea.3f9a1c2b7d4e.w960.webp */
  path: string;
  bytes: number;
}

/** What was stored: the fields of a media row, plus the image's responsive copies. */
export interface IngestedMedia {
  kind: MediaKind;
  mime: string;
  /** Public path, e.g. /images/tea.3f9a1c2b7d4e.png (served by the /images, /audios, /videos routes). */
  path: string;
  bytes: number;
  sha256: string;
  width: number | null;
  height: number | null;
  durationSeconds: number | null;
  variants: MediaVariant[];
  /** The same content was already stored under this name; no new file was written. */
  isReused: boolean;
}

interface ReceivedFile {
  temporary: string;
  type: SniffedType;
  head: Uint8Array;
  bytes: number;
  sha256: string;
}

/** The media row for a stored file: what the upload route and an import both record. */
export function mediaRowOf(ingested: IngestedMedia): NewMedia {
  return {
    kind: ingested.kind,
    path: ingested.path,
    mime: ingested.mime,
    bytes: ingested.bytes,
    sha256: ingested.sha256,
    width: ingested.width,
    height: ingested.height,
    durationSeconds: ingested.durationSeconds,
    variants: ingested.variants.map(({ width, height, format, path }) => ({ width, height, format, path })),
  };
}

export async function ingestUpload(options: IngestUploadOptions): Promise<IngestedMedia> {
  const mediaDir = join(options.dataDir, 'media');
  const tempDir = join(mediaDir, TEMP_UPLOAD_FOLDER);
  const store = options.store ?? mediaStoreFor(options.dataDir);
  await mkdir(tempDir, { recursive: true });
  // Every temporary file made on the way; whatever was not moved into the store is deleted.
  const temporaries = new Set<string>();
  try {
    let file = await receiveUpload(options, tempDir, temporaries);
    if (file.type.kind === 'subtitle') file = await toWebVtt(file, tempDir, temporaries);
    const image = file.type.kind === 'image' ? await inspectImage(file.temporary) : null;

    const folder = mediaFolderOf[file.type.kind];
    const base = sanitizeBaseName(options.fileName);
    const { name, hashLength, isReused } = await chooseName(store, folder, base, file);

    const variants: { encoded: EncodedVariant | null; key: string; media: MediaVariant }[] = [];
    if (image) {
      for (const plan of planVariants(image.width)) {
        const variantName = hashedFileName(base, file.sha256, plan.format, plan.suffix, hashLength);
        const key = `${folder}/${variantName}`;
        const existing = await store.imageSize(key);
        const encoded = existing ? null : await encodeImageVariant(file.temporary, plan, tempDir, temporaries);
        const measured = existing ?? encoded!;
        variants.push({
          encoded,
          key,
          media: { width: measured.width, height: measured.height, format: plan.format, path: `/${key}`, bytes: measured.bytes },
        });
      }
    }

    const key = `${folder}/${name}`;
    if (!isReused) await store.putFile(key, file.temporary, { contentType: file.type.mime, sha256: file.sha256, width: image?.width, height: image?.height });
    for (const { encoded, key: variantKey, media } of variants) {
      if (!encoded) continue;
      await store.putFile(variantKey, encoded.temporary, { contentType: `image/${media.format}`, width: media.width, height: media.height });
    }
    await store.settle([key, ...variants.map((variant) => variant.key)]);

    return {
      kind: file.type.kind,
      mime: file.type.mime,
      path: `/${folder}/${name}`,
      bytes: file.bytes,
      sha256: file.sha256,
      width: image?.width ?? null,
      height: image?.height ?? null,
      durationSeconds: file.type.kind === 'audio' ? readAudioDuration(file.head, file.type.ext, file.bytes) : null,
      variants: variants.map((variant) => variant.media),
      isReused,
    };
  } finally {
    await Promise.all([...temporaries].map((path) => rm(path, { force: true })));
  }
}

/** Streams the upload into a flushed temporary file, refusing it as soon as its first bytes or its size say so. */
async function receiveUpload(options: IngestUploadOptions, tempDir: string, temporaries: Set<string>): Promise<ReceivedFile> {
  const temporary = join(tempDir, `${randomUUID()}.part`);
  temporaries.add(temporary);
  const handle = await open(temporary, 'wx');
  const hash = createHash('sha256');
  const cap = options.maxBytes ?? Number.POSITIVE_INFINITY;
  const headChunks: Uint8Array[] = [];
  let headLength = 0;
  let type: SniffedType | null = null;
  let limit = Math.min(largestUploadBytes, cap);
  let bytes = 0;

  const decide = () => {
    const decided = decideType(concat(headChunks, headLength), options.declaredKind);
    return { type: decided, limit: Math.min(maxUploadBytes[decided.kind], cap) };
  };
  const chunks = readUploadChunks(options.stream);
  try {
    while (true) {
      let step: IteratorResult<Uint8Array, void>;
      try {
        step = await chunks.next();
      } catch (cause) {
        throw new UploadRefusedError('interrupted', {}, cause);
      }
      if (step.done) break;
      const chunk = step.value;
      bytes += chunk.length;
      if (headLength < SNIFF_BYTES) {
        // A copy: the source may reuse its buffer for the next chunk.
        const part = Uint8Array.from(chunk.subarray(0, SNIFF_BYTES - headLength));
        headChunks.push(part);
        headLength += part.length;
        if (headLength === SNIFF_BYTES) ({ type, limit } = decide());
      }
      if (bytes > limit) throw new UploadRefusedError('too-large', { kind: type?.kind, maxBytes: limit });
      await writeAll(handle, chunk);
      hash.update(chunk);
    }
    if (!type) ({ type, limit } = decide());
    if (bytes > limit) throw new UploadRefusedError('too-large', { kind: type.kind, maxBytes: limit });
    await handle.sync();
  } finally {
    // Stops reading a refused upload (cancels the request body); a no-op once it ended.
    await chunks.return(undefined).catch(() => undefined);
    await handle.close();
  }
  return { temporary, type, head: concat(headChunks, headLength), bytes, sha256: hash.digest('hex') };
}

function decideType(head: Uint8Array, declaredKind: MediaKind | undefined): SniffedType {
  const sniffed = sniffMedia(head);
  if (!sniffed.ok) throw new UploadRefusedError(sniffed.reason);
  const { kind, mime, ext } = sniffed;
  if (!declaredKind || declaredKind === kind) return { kind, mime, ext };
  // An MP4 whose brand does not say: the uploader knows whether it is only sound.
  if (declaredKind === 'audio' && sniffed.asAudio) return { kind: 'audio', ...sniffed.asAudio };
  throw new UploadRefusedError('kind-mismatch', { kind, declaredKind });
}

function concat(chunks: Uint8Array[], length: number): Uint8Array {
  const result = new Uint8Array(length);
  let at = 0;
  for (const chunk of chunks) {
    result.set(chunk, at);
    at += chunk.length;
  }
  return result;
}

/** Checks the subtitles and stores them as WebVTT (a SubRip upload is converted; the stored file is the VTT). */
async function toWebVtt(file: ReceivedFile, tempDir: string, temporaries: Set<string>): Promise<ReceivedFile> {
  let text: string;
  try {
    // The size limit (2 MB) makes reading the whole file fine.
    text = new TextDecoder('utf-8', { fatal: true }).decode(await readFile(file.temporary));
  } catch (cause) {
    throw new UploadRefusedError('subtitle-not-utf8', {}, cause);
  }
  const isSrt = file.type.ext === 'srt';
  const vtt = isSrt ? srtToVtt(text) : text;
  const problems = validateVtt(vtt);
  if (problems.length > 0) throw new UploadRefusedError('subtitle-invalid', { problems });
  const type: SniffedType = { kind: 'subtitle', mime: 'text/vtt', ext: 'vtt' };
  if (!isSrt) return { ...file, type };

  const bytes = Buffer.from(vtt, 'utf8');
  const temporary = join(tempDir, `${randomUUID()}.vtt.part`);
  temporaries.add(temporary);
  await writeFile(temporary, bytes, { flag: 'wx' });
  await syncFile(temporary);
  const sha256 = createHash('sha256').update(bytes).digest('hex');
  return { temporary, type, head: bytes.subarray(0, SNIFF_BYTES), bytes: bytes.length, sha256 };
}

/** The displayed size of an image (EXIF orientation applied), refusing what cannot be read or is too large to decode. */
async function inspectImage(path: string): Promise<{ width: number; height: number }> {
  let metadata: Metadata;
  try {
    // Reading the header decodes no pixels; the limit is checked below so it gets its own refusal.
    metadata = await sharp(path, { ...untrustedImageOptions, limitInputPixels: false }).metadata();
  } catch (cause) {
    throw new UploadRefusedError('image-undecodable', {}, cause);
  }
  if (!metadata.width || !metadata.height) throw new UploadRefusedError('image-undecodable');
  if (metadata.width * metadata.height > maxImagePixels) {
    throw new UploadRefusedError('image-too-many-pixels', { maxPixels: maxImagePixels });
  }
  return metadata.autoOrient ?? { width: metadata.width, height: metadata.height };
}

/** Encoding decodes every pixel, so a damaged image is refused here. */
async function encodeImageVariant(
  source: string,
  plan: Parameters<typeof encodeVariant>[1],
  tempDir: string,
  temporaries: Set<string>,
): Promise<EncodedVariant> {
  try {
    const encoded = await encodeVariant(source, plan, tempDir);
    temporaries.add(encoded.temporary);
    return encoded;
  } catch (cause) {
    throw new UploadRefusedError('image-undecodable', {}, cause);
  }
}

/**
 * `<base>.<12 hex>.<ext>`, reused when that file already holds this content. Should
 * another content ever hold that name (a 48-bit prefix collision), the full hash is used.
 */
async function chooseName(store: MediaStore, folder: string, base: string, file: ReceivedFile): Promise<{ name: string; hashLength: number; isReused: boolean }> {
  for (const hashLength of [NAME_HASH_LENGTH, 64]) {
    const name = hashedFileName(base, file.sha256, file.type.ext, undefined, hashLength);
    const key = `${folder}/${name}`;
    if (!(await store.stat(key))) return { name, hashLength, isReused: false };
    if (await store.holds(key, file.bytes, file.sha256)) return { name, hashLength, isReused: true };
  }
  // The full hash names this content alone: whatever is there is damaged, so it is replaced.
  return { name: hashedFileName(base, file.sha256, file.type.ext, undefined, 64), hashLength: 64, isReused: false };
}
