import { createHash } from 'node:crypto';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { deflateSync } from 'node:zlib';
import sharp from 'sharp';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { makeFtyp, makeWav, makeWavHeader } from '@/core/media/test-media-files';
import { ingestUpload, TEMP_UPLOAD_FOLDER } from './ingest';

let dataDir: string;
beforeEach(() => {
  dataDir = mkdtempSync(join(tmpdir(), 'duet-ingest-'));
});
afterEach(() => {
  rmSync(dataDir, { recursive: true, force: true });
});

/** A web stream of `data` in chunks of `size` bytes, as request.body would give it. */
function webStream(data: Uint8Array, size = 64 * 1024): ReadableStream<Uint8Array> {
  let at = 0;
  return new ReadableStream<Uint8Array>({
    pull(controller) {
      if (at >= data.length) return controller.close();
      controller.enqueue(data.slice(at, at + size));
      at += size;
    },
  });
}

const ingest = (data: Uint8Array, fileName: string, extra: Partial<Parameters<typeof ingestUpload>[0]> = {}) =>
  ingestUpload({ stream: webStream(data), fileName, dataDir, ...extra });

const tempFiles = () => readdirSync(join(dataDir, 'media', TEMP_UPLOAD_FOLDER));
/** Every stored file, as a public path (/images/…), temp files excluded. */
function storedFiles(): string[] {
  const media = join(dataDir, 'media');
  return readdirSync(media, { withFileTypes: true })
    .filter((entry) => entry.isDirectory() && entry.name !== TEMP_UPLOAD_FOLDER)
    .flatMap((dir) => readdirSync(join(media, dir.name)).map((name) => `/${dir.name}/${name}`))
    .sort();
}
const fileOf = (publicPath: string) => join(dataDir, 'media', publicPath);
const sha256 = (data: Uint8Array) => createHash('sha256').update(data).digest('hex');
const image = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 3, background: { r: 40, g: 120, b: 90 } } });

function refusal(code: string, reason: string) {
  return expect.objectContaining({ name: 'UploadRefusedError', code, reason, fields: { file: [expect.any(String)] } });
}

describe('ingestUpload: images', () => {
  it('stores a PNG under its hash with WebP and AVIF variants at each width', async () => {
    const png = await image(2000, 1000).png().toBuffer();
    const media = await ingest(png, 'Tea Garden.png');

    const hash = sha256(png);
    expect(media).toMatchObject({
      kind: 'image',
      mime: 'image/png',
      path: `/images/tea-garden.${hash.slice(0, 12)}.png`,
      bytes: png.length,
      sha256: hash,
      width: 2000,
      height: 1000,
      durationSeconds: null,
      isReused: false,
    });
    expect(readFileSync(fileOf(media.path))).toEqual(png);

    expect(media.variants.map((v) => [v.format, v.width, v.height])).toEqual([
      ['webp', 480, 240],
      ['avif', 480, 240],
      ['webp', 960, 480],
      ['avif', 960, 480],
      ['webp', 1600, 800],
      ['avif', 1600, 800],
    ]);
    for (const variant of media.variants) {
      expect(variant.path).toBe(`/images/tea-garden.${hash.slice(0, 12)}.w${variant.width}.${variant.format}`);
      const stored = readFileSync(fileOf(variant.path));
      expect(stored.length).toBe(variant.bytes);
      const metadata = await sharp(stored).metadata();
      expect([metadata.format, metadata.width, metadata.height]).toEqual([
        variant.format === 'avif' ? 'heif' : 'webp',
        variant.width,
        variant.height,
      ]);
    }
    expect(storedFiles()).toHaveLength(7);
    expect(tempFiles()).toEqual([]);
  }, 30_000);

  it('gives an image narrower than every width one variant pair at its own width', async () => {
    const jpeg = await image(300, 200).jpeg().toBuffer();
    const media = await ingest(jpeg, 'photo.jpeg');
    expect(media).toMatchObject({ mime: 'image/jpeg', width: 300, height: 200 });
    expect(media.path).toMatch(/^\/images\/photo\.[0-9a-f]{12}\.jpg$/);
    expect(media.variants.map((v) => [v.format, v.width, v.height])).toEqual([
      ['webp', 300, 200],
      ['avif', 300, 200],
    ]);
  });

  it('reports the displayed size of a rotated photo and rotates its variants', async () => {
    const jpeg = await image(1000, 500).jpeg().withMetadata({ orientation: 6 }).toBuffer();
    const media = await ingest(jpeg, 'portrait.jpg');
    expect([media.width, media.height]).toEqual([500, 1000]);
    expect(media.variants.map((v) => [v.width, v.height])).toEqual([
      [480, 960],
      [480, 960],
    ]);
  });

  it('reuses the stored file and variants when the same image comes again', async () => {
    const png = await image(600, 300).png().toBuffer();
    const first = await ingest(png, 'same.png');
    const second = await ingest(png, 'same.png');
    expect(second).toEqual({ ...first, isReused: true });
    expect(storedFiles()).toHaveLength(3);
    expect(tempFiles()).toEqual([]);
  });

  it('refuses an image that is cut short', async () => {
    const jpeg = await image(800, 600).jpeg().toBuffer();
    await expect(ingest(jpeg.subarray(0, jpeg.length / 2), 'cut.jpg')).rejects.toEqual(refusal('VALIDATION', 'image-undecodable'));
    expect(storedFiles()).toEqual([]);
    expect(tempFiles()).toEqual([]);
  });

  it('refuses an image of too many pixels without decoding it', async () => {
    await expect(ingest(pngHeaderOnly(20_000, 20_000), 'bomb.png')).rejects.toEqual(refusal('VALIDATION', 'image-too-many-pixels'));
    expect(tempFiles()).toEqual([]);
  });
});

describe('ingestUpload: audio, video and subtitles', () => {
  it('stores a WAV file with its duration', async () => {
    const wav = makeWav(2, 8000);
    const media = await ingest(wav, 'Narration (zh).wav');
    expect(media).toMatchObject({ kind: 'audio', mime: 'audio/wav', bytes: wav.length, durationSeconds: 2, width: null, variants: [] });
    expect(media.path).toBe(`/audios/narration-zh.${sha256(wav).slice(0, 12)}.wav`);
    expect(readFileSync(fileOf(media.path))).toEqual(wav);
  });

  it('reads a Node Readable as well as a web stream', async () => {
    const wav = makeWav(0.5, 8000);
    const media = await ingestUpload({ stream: Readable.from([wav.subarray(0, 10), wav.subarray(10)]), fileName: 'a.wav', dataDir });
    expect(media).toMatchObject({ kind: 'audio', sha256: sha256(wav) });
  });

  it('stores an MP4 the uploader says is audio as M4A', async () => {
    const media = await ingest(makeFtyp('isom', ['isom', 'mp41']), 'talk.mp4', { declaredKind: 'audio' });
    expect(media).toMatchObject({ kind: 'audio', mime: 'audio/mp4' });
    expect(media.path).toMatch(/^\/audios\/talk\.[0-9a-f]{12}\.m4a$/);
  });

  it('converts SubRip to WebVTT and stores the WebVTT beside the videos', async () => {
    const srt = '1\r\n00:00:01,000 --> 00:00:03,500\r\n外滩的清晨。\r\n\r\n2\r\n00:00:04,000 --> 00:00:06,000\r\nMorning on the Bund.\r\n';
    const media = await ingest(Buffer.from(srt), 'city-walk.zh.srt', { declaredKind: 'subtitle' });
    const vtt = 'WEBVTT\n\n00:00:01.000 --> 00:00:03.500\n外滩的清晨。\n\n00:00:04.000 --> 00:00:06.000\nMorning on the Bund.\n';
    expect(media).toMatchObject({ kind: 'subtitle', mime: 'text/vtt', bytes: Buffer.byteLength(vtt), sha256: sha256(Buffer.from(vtt)) });
    expect(media.path).toBe(`/videos/city-walk-zh.${sha256(Buffer.from(vtt)).slice(0, 12)}.vtt`);
    expect(readFileSync(fileOf(media.path), 'utf8')).toBe(vtt);
    expect(tempFiles()).toEqual([]);
  });

  it('stores a valid WebVTT file as it came', async () => {
    const vtt = Buffer.from('WEBVTT\n\n00:01.000 --> 00:02.000\n茶\n');
    const media = await ingest(vtt, 'tea.vtt');
    expect(readFileSync(fileOf(media.path))).toEqual(vtt);
  });

  it.each([
    ['WebVTT with an end before its start', 'WEBVTT\n\n00:05.000 --> 00:02.000\nx\n', 'subtitle-invalid'],
    ['SubRip that is not UTF-8', Buffer.concat([Buffer.from('1\n00:00:01,000 --> 00:00:02,000\n'), Buffer.from([0xb2, 0xe8])]), 'subtitle-not-utf8'],
  ])('refuses %s', async (_, text, reason) => {
    await expect(ingest(Buffer.from(text), 'subs.vtt')).rejects.toEqual(refusal('VALIDATION', reason));
    expect(storedFiles()).toEqual([]);
    expect(tempFiles()).toEqual([]);
  });
});

describe('ingestUpload: refusals', () => {
  it('refuses an SVG', async () => {
    const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"/>');
    await expect(ingest(svg, 'logo.svg')).rejects.toEqual(refusal('VALIDATION', 'svg'));
    expect(tempFiles()).toEqual([]);
  });

  it('refuses HTML named .png', async () => {
    const html = Buffer.from('<!doctype html><script>document.cookie</script>');
    await expect(ingest(html, 'cover.png', { declaredKind: 'image' })).rejects.toEqual(refusal('VALIDATION', 'html'));
    expect(storedFiles()).toEqual([]);
    expect(tempFiles()).toEqual([]);
  });

  it('refuses a file of another kind than the one asked for', async () => {
    const png = await image(10, 10).png().toBuffer();
    await expect(ingest(png, 'narration.mp3', { declaredKind: 'audio' })).rejects.toEqual(refusal('VALIDATION', 'kind-mismatch'));
    expect(tempFiles()).toEqual([]);
  });

  it('stops reading an image past 20 MB, answers 413 and leaves no file', async () => {
    const png = await image(10, 10).png().toBuffer();
    let pulled = 0;
    const chunk = new Uint8Array(1024 * 1024);
    let isCancelled = false;
    const stream = new ReadableStream<Uint8Array>({
      pull(controller) {
        controller.enqueue(pulled === 0 ? Uint8Array.from(Buffer.concat([png, Buffer.alloc(chunk.length - png.length)])) : chunk);
        pulled += 1;
        if (pulled === 100) controller.close();
      },
      cancel() {
        isCancelled = true;
      },
    });
    const error = await ingestUpload({ stream, fileName: 'huge.png', dataDir }).catch((e: unknown) => e);
    expect(error).toEqual(refusal('PAYLOAD_TOO_LARGE', 'too-large'));
    expect(error).toMatchObject({ status: 413, limits: { kind: 'image', maxBytes: 20 * 1024 * 1024 } });
    expect(isCancelled).toBe(true);
    expect(pulled).toBeLessThan(25);
    expect(storedFiles()).toEqual([]);
    expect(tempFiles()).toEqual([]);
  });

  it('applies a caller cap, even before the kind is known', async () => {
    const wav = makeWav(1, 8000);
    const stream = webStream(wav, 16);
    await expect(ingestUpload({ stream, fileName: 'a.wav', dataDir, maxBytes: 100 })).rejects.toMatchObject({
      code: 'PAYLOAD_TOO_LARGE',
      limits: { maxBytes: 100 },
    });
    expect(tempFiles()).toEqual([]);
  });

  it('leaves nothing behind when the stream fails half-way', async () => {
    const wav = makeWav(4, 8000);
    let sent = 0;
    const stream = new ReadableStream<Uint8Array>({
      pull(controller) {
        if (sent >= 20_000) return controller.error(new Error('connection reset'));
        controller.enqueue(wav.subarray(sent, sent + 5_000));
        sent += 5_000;
      },
    });
    await expect(ingestUpload({ stream, fileName: 'a.wav', dataDir })).rejects.toEqual(refusal('BAD_REQUEST', 'interrupted'));
    expect(storedFiles()).toEqual([]);
    expect(tempFiles()).toEqual([]);
  });

  it('refuses an empty file', async () => {
    await expect(ingest(new Uint8Array(0), 'nothing.mp3')).rejects.toEqual(refusal('VALIDATION', 'empty'));
  });
});

describe('ingestUpload: file names', () => {
  it.each([
    ['../../etc/passwd.png', 'passwd'],
    ['..\\x.png', 'x'],
    ['.hidden.png', 'hidden'],
    ['茶与时间.PNG', 'cha-yu-shijian'],
    ['/', 'file'],
    ['cover.exe', 'cover'],
  ])('%j is stored as %s.<hash>.png inside the images folder', async (fileName, base) => {
    const png = await image(20, 10).png().toBuffer();
    const media = await ingest(png, fileName);
    expect(media.path).toBe(`/images/${base}.${sha256(png).slice(0, 12)}.png`);
    for (const path of [media.path, ...media.variants.map((v) => v.path)]) {
      expect(path).toMatch(/^\/images\/[a-z0-9][a-z0-9-]*\.[0-9a-f]{12}(?:\.w\d+)?\.[a-z0-9]+$/);
      expect(path).not.toContain('..');
    }
    expect(readdirSync(dataDir).sort()).toEqual(['media']);
  });
});

describe('ingestUpload: memory', () => {
  it('streams 50 MB of audio without holding it', async () => {
    const total = 50 * 1024 * 1024;
    const chunk = new Uint8Array(256 * 1024).fill(0x10);
    const header = makeWavHeader(total - 44, { sampleRate: 44100, channels: 2, bits: 16 });
    let sent = 0;
    let peak = 0;
    const start = process.memoryUsage().rss;
    const stream = new ReadableStream<Uint8Array>({
      pull(controller) {
        peak = Math.max(peak, process.memoryUsage().rss);
        if (sent >= total) return controller.close();
        // The same buffer every time: only what the ingester keeps can grow memory.
        controller.enqueue(sent === 0 ? Uint8Array.from(Buffer.concat([header, chunk.subarray(44)])) : chunk);
        sent += chunk.length;
      },
    });
    const media = await ingestUpload({ stream, fileName: 'long.wav', dataDir });
    expect(media).toMatchObject({ kind: 'audio', bytes: total, durationSeconds: Math.round(((total - 44) / 176400) * 1000) / 1000 });
    expect(peak - start).toBeLessThan(25 * 1024 * 1024);
  }, 60_000);
});

/** A PNG whose IHDR claims `width` × `height` over a few bytes of IDAT: a decompression bomb's header. */
function pngHeaderOnly(width: number, height: number): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body));
    return Buffer.concat([length, body, crc]);
  };
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr[8] = 8; // bit depth
  ihdr[9] = 2; // truecolour
  return Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), chunk('IHDR', ihdr), chunk('IDAT', deflateSync(Buffer.alloc(1000))), chunk('IEND', Buffer.alloc(0))]);
}

function crc32(data: Buffer): number {
  let crc = 0xffffffff;
  for (const byte of data) {
    crc ^= byte;
    for (let k = 0; k < 8; k++) crc = crc & 1 ? (crc >>> 1) ^ 0xedb88320 : crc >>> 1;
  }
  return (crc ^ 0xffffffff) >>> 0;
}
