// Compression paid once.
//
// Next.js compresses every answer again on every request (its `compress` option runs the
// `compression` middleware): a cached 43 KB post page costs a gzip per reader, which halved
// the page's throughput for browsers (they all send Accept-Encoding). Here, for the reading
// side (pages, their RSC payloads, feeds, /_next/static, the Content API), the finished body
// is compressed once per distinct body and encoding and kept in a bounded in-memory store:
// the next reader of the same bytes gets the stored Brotli or gzip copy. Next is told these
// requests accept only `identity`, so it sends them uncompressed to this layer.
//
// The key is a hash of the body itself (a page's strong ETag is Next's hash of it), so a
// page that changed (a publish) is a new entry and the old one ages out; nothing here needs
// to be told about revalidation. Everything else (the Studio, the API's writes, media files
// with their ranges) is left to Next.
import { createHash } from 'node:crypto';
import type { OutgoingHttpHeader, OutgoingHttpHeaders, ServerResponse } from 'node:http';
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import { studioSegment } from '@/core/studio/studio-path';
import { locales } from '@/core/locales';
import type { Layer } from './listener';

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

export type Encoding = 'br' | 'gzip';

/** Paths whose GET answers this layer compresses (the reading side); the rest keep Next's own handling. */
export const handledPaths = new RegExp(
  `^/(?:(?:${locales.join('|')})(?:/(?!${studioSegment}(?:/|$))|$)|_next/static/|api/v1/(?:content/|openapi\\.json$)|sitemap|robots\\.txt$|manifest\\.webmanifest$)`,
);
const compressible = /^(?:text\/|application\/(?:json|javascript|xml|rss\+xml|atom\+xml|feed\+json|manifest\+json)|image\/svg\+xml|text\/x-component)/i;
/** Smaller bodies gain less than the header costs. */
const minBytes = 1024;
/**
 * Compressed bodies above this are sent but not kept. Measured after compression: a
 * sitemap of 25,000 posts is some 20 MB of XML but a megabyte or two compressed, and
 * compressing it again for every crawler is what would cost.
 */
const maxKeptBytes = 2 * 1024 * 1024;

export interface CompressionStore {
  stats: { hits: number; misses: number };
  /** The compressed body kept for `key`, if any (a hit answers at once, with no promise). */
  peek(key: string): Buffer | undefined;
  /** The compressed body for `key`, made by `make()` once however many ask at the same time. */
  get(key: string, size: number, make: () => Promise<Buffer>): Promise<Buffer>;
  clear(): void;
  /** Bytes kept now. */
  readonly bytes: number;
  /** What the store holds now, for the internal stats route (`retainedBytes`: the memory behind the kept bodies). */
  usage(): { entries: number; bytes: number; retainedBytes: number; maxBytes: number; hits: number; misses: number };
}

/**
 * DUET_COMPRESS_CACHE_MB (default 64) bounds the kept compressed bodies; 0 keeps none (each
 * answer is still compressed, every time).
 */
export function compressCacheBytes(env: Readonly<Record<string, string | undefined>> = process.env): number {
  const mb = Number(env.DUET_COMPRESS_CACHE_MB ?? 64);
  return Number.isFinite(mb) && mb >= 0 ? mb * 1024 * 1024 : 64 * 1024 * 1024;
}

/**
 * The bytes of `buffer` in memory of their own. zlib hands back a view into its 64 KB output
 * chunk: kept as it is, a 3 KB page pins 64 KB outside the JavaScript heap, so a store
 * bounded at 64 MB of bodies could hold twenty times that (the soak's steady growth,
 * docs/performance.md). Not from Buffer's shared pool either, which a kept body would pin.
 */
export function ownCopy(buffer: Buffer): Buffer {
  if (buffer.byteOffset === 0 && buffer.buffer.byteLength === buffer.length) return buffer;
  const copy = Buffer.allocUnsafeSlow(buffer.length);
  buffer.copy(copy);
  return copy;
}

export function createStore(maxBytes: number): CompressionStore {
  const entries = new Map<string, Buffer>();
  let bytes = 0;
  const pending = new Map<string, Promise<Buffer>>();
  const stats = { hits: 0, misses: 0 };
  const store: CompressionStore = {
    stats,
    get bytes() {
      return bytes;
    },
    usage() {
      const backing = new Set<ArrayBufferLike>();
      for (const body of entries.values()) backing.add(body.buffer);
      let retainedBytes = 0;
      for (const memory of backing) retainedBytes += memory.byteLength;
      return { entries: entries.size, bytes, retainedBytes, maxBytes, hits: stats.hits, misses: stats.misses };
    },
    peek(key) {
      const found = entries.get(key);
      if (found) {
        // Most recently used last: the first entries are the ones to drop.
        entries.delete(key);
        entries.set(key, found);
        stats.hits += 1;
      }
      return found;
    },
    async get(key, size, make) {
      const found = store.peek(key);
      if (found) return found;
      const waiting = pending.get(key);
      if (waiting) return waiting;
      stats.misses += 1;
      const making = make().finally(() => pending.delete(key));
      pending.set(key, making);
      const made = await making;
      if (made.length <= maxKeptBytes && !entries.has(key)) {
        const kept = ownCopy(made);
        entries.set(key, kept);
        bytes += kept.length;
        for (const [oldKey, old] of entries) {
          if (bytes <= maxBytes) break;
          entries.delete(oldKey);
          bytes -= old.length;
        }
      }
      return made;
    },
    clear() {
      entries.clear();
      bytes = 0;
    },
  };
  return store;
}

/** The encoding to answer in: Brotli where the client takes it, else gzip, else none. */
export function pickEncoding(header: string | string[] | undefined): Encoding | null {
  if (typeof header !== 'string') return null;
  const accepted = new Map<string, number>();
  for (const part of header.toLowerCase().split(',')) {
    const [name = '', ...params] = part.trim().split(';');
    const q = params.map((p) => /^\s*q=([\d.]+)\s*$/.exec(p)).find(Boolean);
    accepted.set(name.trim(), q ? Number(q[1]) : 1);
  }
  const weight = (name: string) => accepted.get(name) ?? accepted.get('*') ?? 0;
  if (weight('br') > 0) return 'br';
  if (weight('gzip') > 0) return 'gzip';
  return null;
}

function compress(body: Buffer, encoding: Encoding): Promise<Buffer> {
  return encoding === 'br'
    ? brotli(body, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 6, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: body.length } })
    : gzip(body, { level: 9 });
}

function addVary(res: ServerResponse): void {
  const vary = String(res.getHeader('vary') ?? '');
  if (!/(?:^|,)\s*(?:accept-encoding|\*)\s*(?:,|$)/i.test(vary)) res.setHeader('vary', vary ? `${vary}, Accept-Encoding` : 'Accept-Encoding');
}

type Callback = (error?: Error | null) => void;
type WriteHeadArgs = [number, ...Array<string | OutgoingHttpHeaders | OutgoingHttpHeader[] | undefined>];
type Chunk = Buffer | string;

/**
 * Holds the answer's body until it ends, then sends it compressed: from the store when
 * these bytes were compressed before. Answers that are not a whole compressible 200
 * (a 304, a range, an error page…) go out as they are, with the original methods.
 */
function intercept(res: ServerResponse, encoding: Encoding, store: CompressionStore): void {
  const original = { writeHead: res.writeHead, write: res.write, end: res.end };
  const writeHead = (args: unknown[]) => (original.writeHead as (...a: unknown[]) => ServerResponse).apply(res, args.length ? args : [res.statusCode]);
  let mode: 'buffer' | 'pass' | null = null;
  let headArgs: unknown[] = [];
  const chunks: Chunk[] = [];

  const restore = () => Object.assign(res, original);
  const decide = () => {
    if (mode) return mode;
    const type = String(res.getHeader('content-type') ?? '');
    const isWhole = res.statusCode === 200 && res.getHeader('content-encoding') === undefined && res.getHeader('content-range') === undefined;
    mode = isWhole && compressible.test(type) ? 'buffer' : 'pass';
    if (mode === 'pass') {
      addVary(res);
      restore();
      writeHead(headArgs);
    }
    return mode;
  };
  // Text is kept as text: a kept copy answers without ever encoding the page into bytes.
  let size = 0;
  const collect = (chunk: unknown, chunkEncoding: unknown) => {
    if (chunk == null || typeof chunk === 'function') return;
    const asText = typeof chunkEncoding !== 'string' || chunkEncoding === 'utf8' || chunkEncoding === 'utf-8';
    const part: Chunk = Buffer.isBuffer(chunk) ? chunk : chunk instanceof Uint8Array ? Buffer.from(chunk) : asText ? String(chunk) : Buffer.from(String(chunk), chunkEncoding as BufferEncoding);
    size += typeof part === 'string' ? Buffer.byteLength(part) : part.length;
    chunks.push(part);
  };
  const bytes = () => (chunks.length === 1 && Buffer.isBuffer(chunks[0]) ? chunks[0] : Buffer.concat(chunks.map((c) => (typeof c === 'string' ? Buffer.from(c) : c))));
  const send = (body: Buffer, compressed: boolean) => {
    addVary(res);
    res.removeHeader('content-length');
    if (compressed) {
      res.setHeader('content-encoding', encoding);
      const etag = res.getHeader('etag');
      // The compressed bytes differ from the ones the ETag names: a weak validator, as nginx's gzip does.
      if (typeof etag === 'string' && !etag.startsWith('W/')) res.setHeader('etag', `W/${etag}`);
    }
    res.setHeader('content-length', String(body.length));
    writeHead(headArgs);
    (original.end as (chunk: Buffer) => ServerResponse).call(res, body);
  };

  res.writeHead = function interceptedWriteHead(...args: WriteHeadArgs) {
    headArgs = args;
    // Headers given to writeHead itself (an object or a raw array) join the ones set so far.
    const given = args.find((a, i) => i > 0 && a && typeof a === 'object');
    if (given && !Array.isArray(given)) {
      for (const [name, value] of Object.entries(given)) if (value !== undefined) res.setHeader(name, value);
      headArgs = [args[0], ...(typeof args[1] === 'string' ? [args[1]] : [])];
    }
    if (typeof args[0] === 'number') res.statusCode = args[0];
    decide();
    return res;
  } as ServerResponse['writeHead'];
  res.write = function interceptedWrite(chunk: unknown, chunkEncoding?: unknown, callback?: unknown) {
    if (decide() === 'pass') return (res.write as (...a: unknown[]) => boolean)(chunk, chunkEncoding, callback);
    collect(chunk, chunkEncoding);
    if (typeof chunkEncoding === 'function') (chunkEncoding as Callback)();
    else if (typeof callback === 'function') (callback as Callback)();
    return true;
  } as ServerResponse['write'];
  res.end = function interceptedEnd(chunk?: unknown, chunkEncoding?: unknown, callback?: unknown) {
    if (decide() === 'pass') return (res.end as (...a: unknown[]) => ServerResponse)(chunk, chunkEncoding, callback);
    collect(chunk, chunkEncoding);
    const done = [chunk, chunkEncoding, callback].find((a): a is Callback => typeof a === 'function');
    if (done) res.once('finish', done);
    restore();
    if (size < minBytes) {
      send(bytes(), false);
      return res;
    }
    // A page's strong ETag is Next's hash of these very bytes (with the length, a safe name
    // for them); a weak one (a file's size and time) or none: a hash of our own.
    const etag = res.getHeader('etag');
    const isNamed = typeof etag === 'string' && etag.startsWith('"') && etag.length > 4;
    const key = `${encoding}:${isNamed ? `${etag}:${size}` : createHash('sha1').update(bytes()).digest('base64')}`;
    const kept = store.peek(key);
    if (kept) {
      send(kept, true);
      return res;
    }
    const body = bytes();
    store.get(key, body.length, () => compress(body, encoding)).then(
      (compressed) => send(compressed, true),
      () => send(body, false),
    );
    return res;
  } as ServerResponse['end'];
}

const storeKey = Symbol.for('duet.compressionStore');

/** The store of the server this process runs, if any (the internal stats route reads it). */
export function servedCompressionStore(): CompressionStore | undefined {
  return (globalThis as { [storeKey]?: CompressionStore })[storeKey];
}

/**
 * The compression layer and its store (DUET_COMPRESS_CACHE_MB of compressed bodies unless
 * told otherwise). `serve: true` (the server entry) makes it the store the stats report.
 */
export function createPrecompress({ maxBytes = compressCacheBytes(), serve = false }: { maxBytes?: number; serve?: boolean } = {}): { layer: Layer; store: CompressionStore } {
  const store = createStore(maxBytes);
  if (serve) (globalThis as { [storeKey]?: CompressionStore })[storeKey] = store;
  const layer: Layer = (next) =>
    function withPrecompress(req, res) {
      const encoding = req.method === 'GET' && !req.headers.range && handledPaths.test(req.url ?? '') ? pickEncoding(req.headers['accept-encoding']) : null;
      if (encoding) {
        // Next must send these whole: this layer compresses them, once. (Assigned, not deleted:
        // the headers object keeps its shape, which Next reads many times per request.)
        req.headers['accept-encoding'] = 'identity';
        intercept(res, encoding, store);
      }
      next(req, res);
    };
  return { layer, store };
}
