// Media files in a bucket of S3-compatible storage, through the AWS SDK v3. Uploads go up
// as multipart uploads streamed from the finished temporary file (lib-storage: parts of
// 8 MB, two at a time, never the whole file in memory); reads are ranged GetObjects
// streamed through to the reader. The SDK's default CRC checksums are turned off because
// several S3-compatible servers refuse them (Swift's s3api, older MinIO, Garage); instead
// each object carries the SHA-256 computed at ingest (x-amz-meta-sha256), its size is
// checked after the upload, and the tests read every byte back and hash it.
import { createHash, randomUUID } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { rm, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { GetObjectCommand, HeadObjectCommand, S3Client, type HeadObjectCommandOutput } from '@aws-sdk/client-s3';
import { Upload } from '@aws-sdk/lib-storage';
import { sha256OfFile } from './durable-file';
import type { MediaStore } from './media-store';
import type { S3Config } from './s3-config';

const partSize = 8 * 1024 * 1024;

export function createS3Client(config: S3Config): S3Client {
  return new S3Client({
    endpoint: config.endpoint,
    region: config.region,
    forcePathStyle: config.forcePathStyle,
    credentials: { accessKeyId: config.accessKeyId, secretAccessKey: config.secretAccessKey },
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  });
}

function isNotFound(error: unknown): boolean {
  const e = error as { name?: string; $metadata?: { httpStatusCode?: number } };
  return e?.$metadata?.httpStatusCode === 404 || e?.name === 'NotFound' || e?.name === 'NoSuchKey';
}

export function createS3MediaStore(config: S3Config, client: S3Client = createS3Client(config)): MediaStore {
  const Bucket = config.bucket;
  const head = async (key: string): Promise<HeadObjectCommandOutput | null> => {
    try {
      return await client.send(new HeadObjectCommand({ Bucket, Key: key }));
    } catch (error) {
      if (isNotFound(error)) return null;
      throw error;
    }
  };
  const get = async (key: string, range?: { start: number; end: number }) => {
    const answer = await client.send(new GetObjectCommand({ Bucket, Key: key, Range: range ? `bytes=${range.start}-${range.end}` : undefined }));
    if (!answer.Body) throw new Error(`S3 answered without a body for ${key}`);
    return answer.Body;
  };

  return {
    kind: 's3',
    async stat(key) {
      const info = await head(key);
      if (!info) return null;
      const etag = info.ETag ?? `"${(info.ContentLength ?? 0).toString(16)}-${(info.LastModified?.getTime() ?? 0).toString(16)}"`;
      return { size: info.ContentLength ?? 0, etag: etag.startsWith('"') ? etag : `"${etag}"`, lastModified: info.LastModified ?? new Date(0) };
    },
    async read(key, range) {
      return (await get(key, range)).transformToWebStream();
    },
    async holds(key, bytes, sha256) {
      const info = await head(key);
      if (info?.ContentLength !== bytes) return false;
      if (info.Metadata?.sha256) return info.Metadata.sha256 === sha256;
      // Put there by other means (a copy of a local library): its bytes say.
      const hash = createHash('sha256');
      for await (const chunk of (await get(key)) as Readable) hash.update(chunk as Buffer);
      return hash.digest('hex') === sha256;
    },
    async imageSize(key) {
      const info = await head(key);
      const width = Number(info?.Metadata?.width);
      const height = Number(info?.Metadata?.height);
      if (!info || !(width > 0) || !(height > 0)) return null;
      return { width, height, bytes: info.ContentLength ?? 0 };
    },
    async putFile(key, temporary, options) {
      const { size } = await stat(temporary);
      const sha256 = options.sha256 ?? (await sha256OfFile(temporary));
      const metadata: Record<string, string> = { sha256 };
      if (options.width && options.height) Object.assign(metadata, { width: String(options.width), height: String(options.height) });
      const upload = new Upload({
        client,
        partSize,
        queueSize: 2,
        leavePartsOnError: false,
        params: { Bucket, Key: key, Body: createReadStream(temporary), ContentType: options.contentType, Metadata: metadata },
      });
      await upload.done();
      const stored = await head(key);
      if (stored?.ContentLength !== size || stored.Metadata?.sha256 !== sha256) {
        throw new Error(`S3 holds ${stored?.ContentLength ?? 'nothing'} bytes for ${key} after uploading ${size}`);
      }
      await rm(temporary, { force: true });
    },
    async settle() {
      // An upload is complete (and listed) once S3 has answered it.
    },
    async localCopy(key, tempDir) {
      const path = join(tempDir, `${randomUUID()}.copy.part`);
      const release = () => rm(path, { force: true });
      try {
        await pipeline((await get(key)) as Readable, createWriteStream(path, { flags: 'wx' }));
      } catch (error) {
        await release();
        throw error;
      }
      return { path, release };
    },
  };
}
