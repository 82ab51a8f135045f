// The compression layer of the server entry (src/server-entry/precompress.ts): a reading page's body is
// compressed once per distinct body and encoding, then served from the store; what it sends
// decodes to exactly what the app wrote; the app is asked for uncompressed bodies on the
// paths the layer takes (told 'identity'); a changed body is a new entry; answers that are
// not a whole compressible 200 (a 304, a 206, the Studio, a small body) go out as written.
import { createServer, request, type IncomingHttpHeaders, type Server } from 'node:http';
import { promisify } from 'node:util';
import { brotliCompress, brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { studioPath } from '@/core/studio/studio-path';
import { locales } from '@/core/locales';
import { compressCacheBytes, createPrecompress, handledPaths, ownCopy, pickEncoding } from '@/server-entry/precompress';

const page = (n: number) => `<!doctype html><html><body>${'<p>读者 reader 段落 paragraph.</p>'.repeat(400)}<p>version ${n}</p></body></html>`;
let version = 1;
const seenEncodings: Array<string | undefined> = [];

function app(req: import('node:http').IncomingMessage, res: import('node:http').ServerResponse) {
  seenEncodings.push(req.headers['accept-encoding']);
  const body = page(version);
  if (req.url === '/en/not-modified') {
    res.writeHead(304, { etag: '"abc"' });
    return res.end();
  }
  if (req.url === '/en/tiny') {
    res.setHeader('content-type', 'text/html; charset=utf-8');
    return res.end('<p>tiny</p>');
  }
  res.setHeader('content-type', req.url?.startsWith('/_next/static/') ? 'application/javascript' : 'text/html; charset=utf-8');
  // Next's page ETag is a hash of the body: it changes with it.
  res.setHeader('etag', `"tag-${version}"`);
  res.setHeader('content-length', String(Buffer.byteLength(body)));
  // Written in pieces, the way a stream is piped.
  res.write(body.slice(0, 1000));
  setTimeout(() => res.end(body.slice(1000)), 5);
}

interface Answer {
  status: number;
  headers: IncomingHttpHeaders;
  body: Buffer;
}

function get(port: number, path: string, headers: Record<string, string> = {}): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = request({ host: '127.0.0.1', port, path, headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode!, headers: res.headers, body: Buffer.concat(chunks) }));
    });
    req.on('error', reject);
    req.end();
  });
}

function decoded(answer: Answer): string {
  const encoding = answer.headers['content-encoding'];
  const bytes = encoding === 'br' ? brotliDecompressSync(answer.body) : encoding === 'gzip' ? gunzipSync(answer.body) : answer.body;
  return bytes.toString('utf8');
}

describe('the precompress layer', () => {
  const hook = createPrecompress();
  let server: Server;
  let port: number;
  beforeAll(async () => {
    server = createServer(hook.layer(app));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    port = (server.address() as { port: number }).port;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  it('prefers Brotli, then gzip, as the client allows', () => {
    expect(pickEncoding('gzip, deflate, br, zstd')).toBe('br');
    expect(pickEncoding('gzip;q=1, br;q=0')).toBe('gzip');
    expect(pickEncoding('identity')).toBeNull();
    expect(pickEncoding('*')).toBe('br');
    expect(pickEncoding(undefined)).toBeNull();
  });

  it('compresses a page once per body and encoding, and every copy decodes to the page', async () => {
    hook.store.clear();
    const before = { ...hook.store.stats };
    seenEncodings.length = 0;
    for (const encoding of ['br', 'gzip', 'br', 'gzip', 'br']) {
      const answer = await get(port, '/en/posts/tea', { 'accept-encoding': encoding === 'br' ? 'gzip, br' : 'gzip' });
      expect(answer.status).toBe(200);
      expect(answer.headers['content-encoding']).toBe(encoding);
      expect(Number(answer.headers['content-length'])).toBe(answer.body.length);
      expect(answer.body.length).toBeLessThan(Buffer.byteLength(page(version)) / 5);
      expect(answer.headers.vary).toMatch(/Accept-Encoding/);
      expect(answer.headers.etag).toBe(`W/"tag-${version}"`);
      expect(decoded(answer)).toBe(page(version));
    }
    expect(hook.store.stats.misses - before.misses).toBe(2);
    expect(hook.store.stats.hits - before.hits).toBe(3);
    // The app itself was told to send these whole.
    expect(seenEncodings).toEqual(['identity', 'identity', 'identity', 'identity', 'identity']);
  });

  it('compresses a changed page anew: the body is the key, no revalidation needed', async () => {
    const first = await get(port, '/zh/posts/tea', { 'accept-encoding': 'br' });
    version += 1;
    const second = await get(port, '/zh/posts/tea', { 'accept-encoding': 'br' });
    expect(decoded(first)).toContain(`version ${version - 1}`);
    expect(decoded(second)).toContain(`version ${version}`);
  });

  it('answers many readers of one new page at once with one compression', async () => {
    hook.store.clear();
    version += 1;
    const before = hook.store.stats.misses;
    const answers = await Promise.all(Array.from({ length: 20 }, () => get(port, '/en', { 'accept-encoding': 'gzip' })));
    expect(hook.store.stats.misses - before).toBe(1);
    for (const answer of answers) expect(decoded(answer)).toBe(page(version));
  });

  it('leaves alone what is not a whole compressible page of the reading side', async () => {
    const plain = await get(port, '/en/posts/tea');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body.toString()).toBe(page(version));

    const notModified = await get(port, '/en/not-modified', { 'accept-encoding': 'br' });
    expect(notModified.status).toBe(304);
    expect(notModified.body.length).toBe(0);
    expect(notModified.headers.vary).toMatch(/Accept-Encoding/);

    const tiny = await get(port, '/en/tiny', { 'accept-encoding': 'br' });
    expect(tiny.headers['content-encoding']).toBeUndefined();
    expect(tiny.body.toString()).toBe('<p>tiny</p>');

    seenEncodings.length = 0;
    const studio = await get(port, '/en/studio/posts/1', { 'accept-encoding': 'gzip' });
    const range = await get(port, '/_next/static/chunks/a.js', { 'accept-encoding': 'gzip', range: 'bytes=0-9' });
    expect(seenEncodings).toEqual(['gzip', 'gzip']);
    expect(studio.headers['content-encoding']).toBeUndefined();
    expect(range.headers['content-encoding']).toBeUndefined();

    const script = await get(port, '/_next/static/chunks/a.js', { 'accept-encoding': 'gzip' });
    expect(script.headers['content-encoding']).toBe('gzip');
    expect(decoded(script)).toBe(page(version));
  });
});

describe('the paths the precompress layer takes', () => {
  it('are the reading side of every language, never the Studio, from the one list of languages', () => {
    for (const locale of locales) {
      expect(handledPaths.test(`/${locale}`)).toBe(true);
      expect(handledPaths.test(`/${locale}/posts/tea`)).toBe(true);
      expect(handledPaths.test(`/${locale}/studio-tour`)).toBe(true);
      expect(handledPaths.test(studioPath(locale))).toBe(false);
      expect(handledPaths.test(`${studioPath(locale)}/posts/1`)).toBe(false);
    }
    for (const path of ['/_next/static/chunks/a.js', '/api/v1/content/posts', '/api/v1/openapi.json', '/sitemap.xml', '/robots.txt', '/manifest.webmanifest']) expect(handledPaths.test(path), path).toBe(true);
    for (const path of ['/api/v1/studio/media', '/images/a.webp', '/fr/posts']) expect(handledPaths.test(path), path).toBe(false);
  });
});

describe('the precompress store', () => {
  it('keeps each compressed body in memory of its own, never in the larger chunk zlib wrote it in', async () => {
    const made = await promisify(brotliCompress)(Buffer.from(page(1)));
    // What zlib hands back is a view into its output chunk, many times larger than the body.
    expect(made.buffer.byteLength).toBeGreaterThan(made.length * 4);
    const kept = ownCopy(made);
    expect(kept.buffer.byteLength).toBe(kept.length);
    expect(kept.equals(made)).toBe(true);
  });

  it('stays within its bound (DUET_COMPRESS_CACHE_MB, 64 by default), counted in the memory it holds', async () => {
    expect(compressCacheBytes({})).toBe(64 * 1024 * 1024);
    expect(compressCacheBytes({ DUET_COMPRESS_CACHE_MB: '8' })).toBe(8 * 1024 * 1024);
    expect(compressCacheBytes({ DUET_COMPRESS_CACHE_MB: '0' })).toBe(0);
    expect(compressCacheBytes({ DUET_COMPRESS_CACHE_MB: 'lots' })).toBe(64 * 1024 * 1024);
    const small = createPrecompress({ maxBytes: 4000 });
    const server = createServer(small.layer(app));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const port = (server.address() as { port: number }).port;
    for (let n = 0; n < 6; n++) {
      version += 1;
      await get(port, '/en', { 'accept-encoding': n % 2 ? 'br' : 'gzip' });
      const usage = small.store.usage();
      expect(usage.bytes).toBeLessThanOrEqual(4000);
      expect(usage.retainedBytes).toBe(usage.bytes);
    }
    expect(small.store.usage().entries).toBeGreaterThan(0);
    await new Promise<void>((resolve) => server.close(() => resolve()));
  });
});
