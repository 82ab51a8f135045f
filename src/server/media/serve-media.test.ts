import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { parseRange, serveMedia } from './serve-media';

describe('parseRange', () => {
  it.each([
    [null, null],
    ['bytes=0-99', { start: 0, end: 99 }],
    ['bytes=100-', { start: 100, end: 999 }],
    ['bytes=-100', { start: 900, end: 999 }],
    ['bytes=990-5000', { start: 990, end: 999 }],
    ['bytes=1000-', 'invalid'],
    ['bytes=5-1', 'invalid'],
    ['bytes=0-1,5-6', null],
    ['items=0-1', null],
  ] as const)('%s', (header, expected) => {
    expect(parseRange(header, 1000)).toEqual(expected);
  });
});

describe('serveMedia', () => {
  const bytes = Buffer.from(Array.from({ length: 1000 }, (_, i) => i % 256));
  beforeAll(() => {
    const dir = mkdtempSync(join(tmpdir(), 'duet-media-'));
    mkdirSync(join(dir, 'media', 'audios'), { recursive: true });
    writeFileSync(join(dir, 'media', 'audios', 'talk.0123456789.mp3'), bytes);
    writeFileSync(join(dir, 'secret.txt'), 'secret');
    process.env.DATA_DIR = dir;
  });
  const get = (path: string[], headers: Record<string, string> = {}) =>
    serveMedia(new Request('http://x/audios/' + path.join('/'), { headers }), 'audios', path);

  it('serves a file with type, long caching and no sniffing', async () => {
    const res = await get(['talk.0123456789.mp3']);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('audio/mpeg');
    expect(res.headers.get('cache-control')).toContain('immutable');
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(res.headers.get('content-length')).toBe('1000');
    expect(res.headers.get('x-duet-content-length')).toBe('1000');
    expect(Buffer.from(await res.arrayBuffer())).toEqual(bytes);
  });

  it('answers a range with 206 and exactly those bytes', async () => {
    const res = await get(['talk.0123456789.mp3'], { range: 'bytes=10-19' });
    expect(res.status).toBe(206);
    expect(res.headers.get('content-range')).toBe('bytes 10-19/1000');
    expect(res.headers.get('x-duet-content-length')).toBe('10');
    expect(Buffer.from(await res.arrayBuffer())).toEqual(bytes.subarray(10, 20));
    expect((await get(['talk.0123456789.mp3'], { range: 'bytes=2000-' })).status).toBe(416);
  });

  it('answers 304 to a matching ETag', async () => {
    const etag = (await get(['talk.0123456789.mp3'])).headers.get('etag')!;
    expect((await get(['talk.0123456789.mp3'], { 'if-none-match': etag })).status).toBe(304);
  });

  it('never leaves the media folder or serves unknown types', async () => {
    for (const path of [['..', 'secret.txt'], ['..%2Fsecret.txt'], ['a', 'b.mp3'], ['talk.exe'], ['.hidden.mp3'], ['x.html']]) {
      expect((await get(path)).status).toBe(404);
    }
  });
});
