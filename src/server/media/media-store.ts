// Where media files live: DATA_DIR/media on this machine (the default), or a bucket of
// S3-compatible storage when S3_BUCKET is set (s3-media-store.ts), so that several
// instances share one library. A file is named by its key, the public path without its
// leading slash (`images/tea.3f9a1c2b7d4e.png`). Work that needs a file on disk (sharp,
// ffmpeg) happens in DATA_DIR/media/.uploads either way; a store only keeps finished files.
import { createReadStream } from 'node:fs';
import { mkdir, rename, stat } from 'node:fs/promises';
import { dirname, join, resolve, sep } from 'node:path';
import { Readable } from 'node:stream';
import sharp from '@/server/media/sharp';
import { holdsContent, syncDirectory } from './durable-file';
import { readS3Config, type S3Config } from './s3-config';

export interface StoredFile {
  size: number;
  /** A strong validator for the bytes, quoted (`"…"`), the same from every instance. */
  etag: string;
  lastModified: Date;
}

export interface PutFileOptions {
  contentType: string;
  /** The file's SHA-256 when the caller knows it; the S3 store computes it otherwise. */
  sha256?: string;
  /** An image's displayed size, kept with the file so a later upload need not decode it. */
  width?: number;
  height?: number;
}

export interface MediaStore {
  readonly kind: 'local' | 's3';
  /** Null when there is no such file. */
  stat(key: string): Promise<StoredFile | null>;
  /** The bytes from `start` to `end` (inclusive), or all of them. */
  read(key: string, range?: { start: number; end: number }): Promise<ReadableStream<Uint8Array>>;
  /** Whether the file holds exactly this content (size, then SHA-256). */
  holds(key: string, bytes: number, sha256: string): Promise<boolean>;
  /** An image's displayed size as recorded when it was stored; null when unknown (then decode it). */
  imageSize(key: string): Promise<{ width: number; height: number; bytes: number } | null>;
  /** Moves the flushed temporary file at `temporary` to `key` (the local store renames it; S3 uploads it). */
  putFile(key: string, temporary: string, options: PutFileOptions): Promise<void>;
  /** Makes what putFile did durable (a directory flush on disk; nothing for S3). */
  settle(keys: string[]): Promise<void>;
  /** A path on this machine holding the file, for ffmpeg or sharp; `release` removes any copy made for it. */
  localCopy(key: string, tempDir: string): Promise<{ path: string; release(): Promise<void> }>;
}

/** A key from a public path, refused unless it is one of the media folders' plain names. */
export function keyOfPath(path: string): string {
  const key = path.replace(/^\/+/, '');
  if (!/^(images|audios|videos)\/[A-Za-z0-9][A-Za-z0-9._-]{0,200}$/.test(key) || key.includes('..')) throw new Error(`Not a media path: ${path}`);
  return key;
}

export function createLocalMediaStore(dataDir: string): MediaStore {
  const base = resolve(dataDir, 'media');
  const fileOf = (key: string) => {
    const file = resolve(join(base, key));
    if (!file.startsWith(base + sep)) throw new Error(`Not a media key: ${key}`);
    return file;
  };
  const statFile = async (key: string) => {
    const info = await stat(fileOf(key)).catch(() => null);
    return info?.isFile() ? info : null;
  };
  return {
    kind: 'local',
    async stat(key) {
      const info = await statFile(key);
      if (!info) return null;
      return { size: info.size, etag: `"${info.size.toString(16)}-${Math.floor(info.mtimeMs).toString(16)}"`, lastModified: info.mtime };
    },
    async read(key, range) {
      return Readable.toWeb(createReadStream(fileOf(key), range)) as ReadableStream<Uint8Array>;
    },
    holds: (key, bytes, sha256) => holdsContent(fileOf(key), bytes, sha256),
    async imageSize(key) {
      // Sizes are not kept beside local files; reading the header decodes no pixels.
      const info = await statFile(key);
      if (!info) return null;
      const metadata = await sharp(fileOf(key)).metadata().catch(() => null);
      if (!metadata?.width || !metadata.height) return null;
      return { width: metadata.width, height: metadata.height, bytes: info.size };
    },
    async putFile(key, temporary) {
      await mkdir(dirname(fileOf(key)), { recursive: true });
      await rename(temporary, fileOf(key));
    },
    async settle(keys) {
      for (const dir of new Set(keys.map((key) => dirname(fileOf(key))))) await syncDirectory(dir);
    },
    async localCopy(key) {
      return { path: fileOf(key), release: async () => undefined };
    },
  };
}

/** The S3 store, with the AWS SDK loaded on first use: a site on local disk never loads it. */
function createLazyS3MediaStore(config: S3Config): MediaStore {
  let loading: Promise<MediaStore> | undefined;
  const load = () => (loading ??= import('./s3-media-store').then((module) => module.createS3MediaStore(config)));
  return {
    kind: 's3',
    stat: async (key) => (await load()).stat(key),
    read: async (key, range) => (await load()).read(key, range),
    holds: async (key, bytes, sha256) => (await load()).holds(key, bytes, sha256),
    imageSize: async (key) => (await load()).imageSize(key),
    putFile: async (key, temporary, options) => (await load()).putFile(key, temporary, options),
    settle: async (keys) => (await load()).settle(keys),
    localCopy: async (key, tempDir) => (await load()).localCopy(key, tempDir),
  };
}

/** Where media live, for messages: the folder, or the bucket. */
export function describeMediaStore(dataDir: string, env: Readonly<Record<string, string | undefined>> = process.env): string {
  const config = readS3Config(env);
  return config ? `the S3 bucket ${config.bucket}` : join(dataDir, 'media');
}

const s3Key = Symbol.for('duet.s3-media-store');
const holder = globalThis as unknown as Record<symbol, MediaStore | undefined>;

/** The store this instance uses: S3 when S3_BUCKET is set, otherwise DATA_DIR/media. */
export function mediaStoreFor(dataDir: string, env: Readonly<Record<string, string | undefined>> = process.env): MediaStore {
  const config = readS3Config(env);
  if (!config) return createLocalMediaStore(dataDir);
  // One client (and its connection pool) per process.
  return (holder[s3Key] ??= createLazyS3MediaStore(config));
}
