// Media in S3-compatible storage, against a real server (OpenStack Swift's s3api, started
// by helpers/s3-test-server.ts): what an upload puts in the bucket, and what a reader gets
// back through the /images, /audios routes' serving code, byte for byte.
import { createHash, randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { HeadObjectCommand, PutObjectCommand } from '@aws-sdk/client-s3';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeWavHeader } from '@/core/media/test-media-files';
import { ingestUpload } from '@/server/media/ingest';
import { createLocalMediaStore, type MediaStore } from '@/server/media/media-store';
import { createS3Client, createS3MediaStore } from '@/server/media/s3-media-store';
import { serveMedia, type MediaFolder } from '@/server/media/serve-media';
import { skipS3Suite, startS3TestServer, type S3TestServer } from './helpers/s3-test-server';

const sha256 = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');

function webStream(data: Uint8Array, size = 256 * 1024): ReadableStream<Uint8Array> {
  let at = 0;
  return new ReadableStream<Uint8Array>({
    pull(controller) {
      if (at >= data.length) return controller.close();
      controller.enqueue(data.slice(at, at + size));
      at += size;
    },
  });
}

/** GET (or HEAD) a public media path through the routes' serving code. */
async function fetchMedia(store: MediaStore, path: string, headers: Record<string, string> = {}, method = 'GET') {
  const [, folder, name] = path.split('/') as [string, MediaFolder, string];
  const response = await serveMedia(new Request(`http://duet.test${path}`, { method, headers }), folder, [name], store);
  return { response, body: Buffer.from(await response.arrayBuffer()) };
}

describe.skipIf(skipS3Suite)('media in S3-compatible storage (Swift s3api)', () => {
  let server: S3TestServer;
  let store: MediaStore;
  const dirs: string[] = [];
  const dataDir = () => {
    const dir = mkdtempSync(join(tmpdir(), 'duet-s3-media-'));
    dirs.push(dir);
    return dir;
  };
  let image: Buffer;
  /**
   * A PNG of about 1 MB with smooth gradients, as a photograph has: AVIF encodes its copies
   * in under a second, where Gaussian noise (the worst case for an encoder) took 12.7 s per
   * upload and made this file the suite's second slowest.
   */
  const photoLike = (width: number, height: number) => {
    const pixels = Buffer.alloc(width * height * 3);
    for (let y = 0; y < height; y++) {
      for (let x = 0; x < width; x++) {
        const i = (y * width + x) * 3;
        pixels[i] = Math.floor((x * 255) / width);
        pixels[i + 1] = Math.floor((y * 255) / height);
        pixels[i + 2] = Math.floor(128 + 100 * Math.sin(x / 40) * Math.cos(y / 30));
      }
    }
    return sharp(pixels, { raw: { width, height, channels: 3 } }).png().toBuffer();
  };

  beforeAll(async () => {
    server = await startS3TestServer('duet-media');
    store = createS3MediaStore(server.config);
    image = await photoLike(1100, 700);
  }); // vitest.config.ts's hookTimeout (180 s): Swift starts in 120 s and more on a loaded machine
  afterAll(() => {
    server?.stop();
    for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
  });

  // Eight AVIF and WebP encodings of a noisy picture (the upload twice, to S3 and to disk):
  // beside another test file on two busy cores they took over vitest's 30 s once.
  it('stores an upload and its variants in the bucket, and serves them back byte for byte', async () => {
    const uploaded = await ingestUpload({ stream: webStream(image), fileName: 'Tea Garden.png', dataDir: dataDir(), store });
    expect(uploaded).toMatchObject({ kind: 'image', path: expect.stringMatching(/^\/images\/tea-garden\.[0-9a-f]{12}\.png$/), width: 1100, height: 700, isReused: false });
    expect(uploaded.sha256).toBe(sha256(image));
    expect(uploaded.variants.map((v) => `${v.format}@${v.width}`).sort()).toEqual(['avif@480', 'avif@960', 'webp@480', 'webp@960']);

    const client = createS3Client(server.config);
    const original = await client.send(new HeadObjectCommand({ Bucket: server.config.bucket, Key: uploaded.path.slice(1) }));
    expect(original).toMatchObject({ ContentLength: image.length, ContentType: 'image/png', Metadata: { sha256: sha256(image), width: '1100', height: '700' } });
    const served = await fetchMedia(store, uploaded.path);
    expect(served.response.status).toBe(200);
    expect(served.response.headers.get('content-type')).toBe('image/png');
    expect(served.response.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(sha256(served.body)).toBe(uploaded.sha256);

    // The same upload stored on disk gives the same variants, so nothing was lost on the way up.
    const local = createLocalMediaStore(dataDir());
    const onDisk = await ingestUpload({ stream: webStream(image), fileName: 'Tea Garden.png', dataDir: dataDir(), store: local });
    for (const variant of uploaded.variants) {
      const fromS3 = await fetchMedia(store, variant.path);
      const fromDisk = await fetchMedia(local, variant.path);
      expect(fromS3.response.status).toBe(200);
      expect(fromS3.response.headers.get('content-type')).toBe(`image/${variant.format}`);
      expect(fromS3.body.length).toBe(variant.bytes);
      expect(sha256(fromS3.body)).toBe(sha256(fromDisk.body));
      const head = await client.send(new HeadObjectCommand({ Bucket: server.config.bucket, Key: variant.path.slice(1) }));
      expect(head.Metadata?.sha256).toBe(sha256(fromS3.body));
    }
    expect(onDisk.variants).toEqual(uploaded.variants);

    // Uploaded again: the bucket already holds it (by size and recorded SHA-256), nothing is re-encoded.
    const again = await ingestUpload({ stream: webStream(image), fileName: 'Tea Garden.png', dataDir: dataDir(), store });
    expect(again).toEqual({ ...uploaded, isReused: true });
  }, 90_000);

  it('answers ranges with 206 and the right bytes, 416 when unsatisfiable, and 304 for a known ETag', async () => {
    const uploaded = await ingestUpload({ stream: webStream(image), fileName: 'range.png', dataDir: dataDir(), store });
    const size = image.length;

    const first = await fetchMedia(store, uploaded.path, { range: 'bytes=0-99' });
    expect(first.response.status).toBe(206);
    expect(first.response.headers.get('content-range')).toBe(`bytes 0-99/${size}`);
    expect(first.response.headers.get('content-length')).toBe('100');
    expect(first.body).toEqual(image.subarray(0, 100));

    const middle = await fetchMedia(store, uploaded.path, { range: `bytes=1000-${size + 5000}` });
    expect(middle.response.status).toBe(206);
    expect(middle.response.headers.get('content-range')).toBe(`bytes 1000-${size - 1}/${size}`);
    expect(middle.body).toEqual(image.subarray(1000));

    const suffix = await fetchMedia(store, uploaded.path, { range: 'bytes=-500' });
    expect(suffix.response.status).toBe(206);
    expect(suffix.body).toEqual(image.subarray(size - 500));

    const beyond = await fetchMedia(store, uploaded.path, { range: `bytes=${size}-` });
    expect(beyond.response.status).toBe(416);
    expect(beyond.response.headers.get('content-range')).toBe(`bytes */${size}`);

    const whole = await fetchMedia(store, uploaded.path);
    const etag = whole.response.headers.get('etag')!;
    expect(etag).toMatch(/^"[^"]+"$/);
    expect(whole.response.headers.get('last-modified')).toBeTruthy();
    const cached = await fetchMedia(store, uploaded.path, { 'if-none-match': etag });
    expect(cached.response.status).toBe(304);
    expect(cached.body.length).toBe(0);
    const changed = await fetchMedia(store, uploaded.path, { 'if-none-match': '"something-else"' });
    expect(changed.response.status).toBe(200);

    const head = await fetchMedia(store, uploaded.path, {}, 'HEAD');
    expect(head.response.status).toBe(200);
    expect(head.response.headers.get('content-length')).toBe(String(size));
    expect(head.body.length).toBe(0);
  });

  it('round-trips a 20 MB upload sent to the bucket in parts', async () => {
    const data = randomBytes(20 * 1024 * 1024);
    const wav = Buffer.concat([makeWavHeader(data.length), data]);
    const uploaded = await ingestUpload({ stream: webStream(wav), fileName: 'long interview.wav', dataDir: dataDir(), store });
    expect(uploaded).toMatchObject({ kind: 'audio', bytes: wav.length, sha256: sha256(wav) });

    const head = await createS3Client(server.config).send(new HeadObjectCommand({ Bucket: server.config.bucket, Key: uploaded.path.slice(1) }));
    // A multipart upload's ETag ends in the number of its parts (8 MB each: three).
    expect(head.ETag).toMatch(/-3"$/);
    const served = await fetchMedia(store, uploaded.path);
    expect(served.response.status).toBe(200);
    expect(served.response.headers.get('content-type')).toBe('audio/wav');
    expect(served.body.length).toBe(wav.length);
    expect(sha256(served.body)).toBe(sha256(wav));

    const tail = await fetchMedia(store, uploaded.path, { range: `bytes=${wav.length - 1_000_000}-` });
    expect(tail.response.status).toBe(206);
    expect(sha256(tail.body)).toBe(sha256(wav.subarray(wav.length - 1_000_000)));
  });

  it('answers 404 for a file the bucket lacks, and 503 (not 500) when the storage is unreachable', async () => {
    const missing = await fetchMedia(store, '/images/nothing-here.0123456789ab.png');
    expect(missing.response.status).toBe(404);
    const missingAudio = await fetchMedia(store, '/audios/nothing-here.0123456789ab.mp3', { range: 'bytes=0-10' });
    expect(missingAudio.response.status).toBe(404);

    const away = createS3MediaStore({ ...server.config, endpoint: 'http://127.0.0.1:9' });
    const unreachable = await fetchMedia(away, '/images/nothing-here.0123456789ab.png');
    expect(unreachable.response.status).toBe(503);
  });

  it('recognises a file copied into the bucket without its recorded SHA-256 by hashing its bytes', async () => {
    const wav = Buffer.concat([makeWavHeader(100_000), randomBytes(100_000)]);
    const local = createLocalMediaStore(dataDir());
    const onDisk = await ingestUpload({ stream: webStream(wav), fileName: 'copied.wav', dataDir: dataDir(), store: local });
    // What `aws s3 sync data/media/audios s3://bucket/audios` leaves: the bytes, no metadata.
    const client = createS3Client(server.config);
    await client.send(new PutObjectCommand({ Bucket: server.config.bucket, Key: onDisk.path.slice(1), Body: wav }));
    const again = await ingestUpload({ stream: webStream(wav), fileName: 'copied.wav', dataDir: dataDir(), store });
    expect(again).toEqual({ ...onDisk, isReused: true });
  });
});
