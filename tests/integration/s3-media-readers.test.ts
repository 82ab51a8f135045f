// Everything else that reads or writes media, with media in S3-compatible storage (Swift's
// s3api, helpers/s3-test-server.ts): a Duet export reads the files out of the bucket, an
// import puts them back in, and a video's MP4 copy is made from the bucket's file and
// uploaded beside it.
import { createHash, randomBytes } from 'node:crypto';
import { chmod, mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import type { ReadableStream as WebReadableStream } from 'node:stream/web';
import { DeleteObjectCommand } from '@aws-sdk/client-s3';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { backupCommand } from '@/cli/commands/backup';
import { makeWavHeader } from '@/core/media/test-media-files';
import { migrateToLatest } from '@/db/migrate';
import { hashingFileStream, planMediaFiles } from '@/server/export/export-media-files';
import type { ExportMedia } from '@/core/export/export-schema';
import { findMissingMediaFiles, restoreMediaFiles } from '@/server/export/restore-media-files';
import type { ImportArchive } from '@/server/import/read-archive';
import { TEMP_UPLOAD_FOLDER } from '@/server/media/clean-temp-uploads';
import { ingestUpload } from '@/server/media/ingest';
import { mediaStoreFor, type MediaStore } from '@/server/media/media-store';
import { createS3Client } from '@/server/media/s3-media-store';
import { makeMp4Rendition } from '@/server/media/video-rendition';
import { renderSiteIcons } from '@/server/site/render-site-icons';
import { captureIo } from './helpers/backup-fixtures';
import { skipS3Suite, startS3TestServer, type S3TestServer } from './helpers/s3-test-server';
import { testTargets } from './helpers/test-databases';

const sha256 = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');

async function readAll(stream: NodeJS.ReadableStream | ReadableStream<Uint8Array>): Promise<Buffer> {
  const chunks: Buffer[] = [];
  const source = stream instanceof ReadableStream ? Readable.fromWeb(stream as WebReadableStream) : stream;
  for await (const chunk of source) chunks.push(Buffer.from(chunk as Uint8Array));
  return Buffer.concat(chunks);
}

describe.skipIf(skipS3Suite)('media readers and writers with S3-compatible storage (Swift s3api)', () => {
  let server: S3TestServer;
  let store: MediaStore;
  let dataDir: string;

  beforeAll(async () => {
    server = await startS3TestServer('duet-readers');
    // The way an instance is configured: the environment picks the store.
    vi.stubEnv('S3_BUCKET', server.config.bucket);
    vi.stubEnv('S3_ENDPOINT', server.config.endpoint!);
    vi.stubEnv('S3_ACCESS_KEY_ID', server.config.accessKeyId);
    vi.stubEnv('S3_SECRET_ACCESS_KEY', server.config.secretAccessKey);
    dataDir = await mkdtemp(join(tmpdir(), 'duet-s3-readers-'));
    store = mediaStoreFor(dataDir);
  }); // vitest.config.ts's hookTimeout (180 s): Swift starts in 120 s and more on a loaded machine
  afterAll(async () => {
    vi.unstubAllEnvs();
    server?.stop();
    if (dataDir) await rm(dataDir, { recursive: true, force: true });
  });

  it('is chosen by S3_BUCKET', () => {
    expect(store.kind).toBe('s3');
  });

  it('exports a file out of the bucket and imports it back in, checked by SHA-256', async () => {
    const wav = Buffer.concat([makeWavHeader(300_000), randomBytes(300_000)]);
    const uploaded = await ingestUpload({ stream: Readable.from([wav]), fileName: 'talk.wav', dataDir });
    const row: Omit<ExportMedia, 'files'> = {
      id: 1, kind: 'audio', path: uploaded.path, mime: uploaded.mime, bytes: uploaded.bytes, width: null, height: null,
      durationSeconds: uploaded.durationSeconds, sha256: uploaded.sha256, createdAt: new Date().toISOString(), uploadedBy: null,
      variants: null, texts: { zh: { alt: null, caption: null }, en: { alt: null, caption: null } },
    };
    const plan = await planMediaFiles([row], dataDir);
    expect(plan.missing).toEqual([]);
    const archived = await readAll(await hashingFileStream(plan.files[0]!));
    expect(sha256(archived)).toBe(sha256(wav));
    const [exported] = plan.complete();
    expect(exported!.files).toEqual([{ path: uploaded.path, archivePath: `media${uploaded.path}`, bytes: wav.length, sha256: sha256(wav) }]);

    // Gone from the bucket: the import puts it back, byte for byte.
    await createS3Client(server.config).send(new DeleteObjectCommand({ Bucket: server.config.bucket, Key: uploaded.path.slice(1) }));
    expect(await findMissingMediaFiles([exported!], dataDir)).toEqual([uploaded.path]);
    const archive: ImportArchive = {
      entries: [{ path: `media${uploaded.path}` }] as ImportArchive['entries'],
      openEntry: async () => Readable.from([archived]),
      verify: async () => undefined,
      close: () => undefined,
    };
    expect(await restoreMediaFiles(archive, '', [exported!], dataDir, () => undefined)).toEqual({ written: 1, kept: 0 });
    expect(sha256(await readAll(await store.read(uploaded.path.slice(1))))).toBe(sha256(wav));
    expect(await findMissingMediaFiles([exported!], dataDir)).toEqual([]);
    expect(await restoreMediaFiles(archive, '', [exported!], dataDir, () => undefined)).toEqual({ written: 0, kept: 1 });

    // An archive whose bytes are not what duet.json says is refused and leaves nothing.
    const damaged = { ...archive, openEntry: async () => Readable.from([Buffer.concat([archived.subarray(0, -1), Buffer.from([archived.at(-1)! ^ 1])])]) };
    const other = { ...exported!, files: [{ ...exported!.files[0]!, path: '/audios/other.0123456789ab.wav' }] };
    await expect(restoreMediaFiles(damaged, '', [other], dataDir, () => undefined)).rejects.toThrow(/not the file duet.json describes/);
    expect(await store.stat('audios/other.0123456789ab.wav')).toBeNull();
  });

  it('makes a video\'s MP4 copy from the bucket\'s file and uploads it beside it', async () => {
    const video = randomBytes(50_000);
    await writeFile(join(dataDir, 'source.webm'), video);
    await store.putFile('videos/walk.0123456789ab.webm', join(dataDir, 'source.webm'), { contentType: 'video/webm', sha256: sha256(video) });
    // A stand-in ffmpeg that copies its input (the argument after -i) to its output (the last).
    const ffmpeg = join(dataDir, 'ffmpeg');
    await writeFile(ffmpeg, '#!/bin/sh\nwhile [ "$1" != "-i" ]; do shift; done\ninput="$2"\nfor last; do :; done\ncat "$input" > "$last"\necho "Output #0, mp4\n    Stream #0:0: Video: h264, yuv420p, 640x360 [SAR 1:1]" >&2\n');
    await chmod(ffmpeg, 0o755);
    const variant = await makeMp4Rendition(
      { kind: 'video', mime: 'video/webm', path: '/videos/walk.0123456789ab.webm', width: null, height: null, durationSeconds: 10 },
      { ffmpeg, dataDir },
    );
    expect(variant).toEqual({ format: 'mp4', path: '/videos/walk.0123456789ab.h264.mp4', width: 640, height: 360 });
    expect(sha256(await readAll(await store.read('videos/walk.0123456789ab.h264.mp4')))).toBe(sha256(video));
    // The copy made for ffmpeg and ffmpeg's output are gone from the temp folder.
    expect(await readdir(join(dataDir, 'media', TEMP_UPLOAD_FOLDER))).toEqual([]);
  });

  it('says that a backup does not hold the bucket\'s media', async () => {
    const site = await testTargets[0]!.open();
    try {
      await migrateToLatest(site.db);
      const io = captureIo({ S3_BUCKET: server.config.bucket });
      const code = await backupCommand(io, site.dataDir, [join(dataDir, 'site.zip')]);
      expect(code).toBe(0);
      expect(io.err()).toContain(`Media live in the S3 bucket ${server.config.bucket} and are not in this backup`);
      expect(io.out()).toMatch(/^Backed up the sqlite database and 0 files/);
    } finally {
      await site.close();
    }
  });

  it('draws the site icon\'s pictures into the bucket, and again one that went missing', async () => {
    const icon = await sharp({ create: { width: 600, height: 600, channels: 4, background: '#3a6' } }).png().toBuffer();
    await writeFile(join(dataDir, 'icon.png'), icon);
    const files = await renderSiteIcons({ source: join(dataDir, 'icon.png'), sha256: sha256(icon), dataDir });
    const stored = await Promise.all(Object.values(files).map(async (file) => ({ file, info: await store.stat(file.path.slice(1)) })));
    for (const { file, info } of stored) {
      expect(info, file.path).not.toBeNull();
      const bytes = await readAll(await store.read(file.path.slice(1)));
      const meta = await sharp(bytes).metadata();
      expect(`${meta.width}x${meta.height}`).toBe(file.sizes);
    }
    const lost = files.apple.path.slice(1);
    await createS3Client(server.config).send(new DeleteObjectCommand({ Bucket: server.config.bucket, Key: lost }));
    expect(await store.stat(lost)).toBeNull();
    await renderSiteIcons({ source: join(dataDir, 'icon.png'), sha256: sha256(icon), dataDir });
    expect((await store.stat(lost))?.size).toBe(stored.find(({ file }) => file === files.apple)!.info!.size);
  });
});
