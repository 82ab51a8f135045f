// Compression paid once. Loaded with `node --require` into the server process by
// `npm start` (scripts/start.mjs), like content-length.cjs.
//
// Next.js compresses every answer again on every request (its `compress` option runs the
// `compression` middleware): a cached 43 KB post page costs a gzip per reader, which halved
// the page's throughput for browsers (they all send Accept-Encoding). Here, for the reading
// side (pages, their RSC payloads, feeds, /_next/static, the Content API), the finished body
// is compressed once per distinct body and encoding and kept in a bounded in-memory store:
// the next reader of the same bytes gets the stored Brotli or gzip copy. Next is told these
// requests accept only `identity`, so it sends them uncompressed to this hook.
//
// The key is a hash of the body itself (a page's strong ETag is Next's hash of it), so a
// page that changed (a publish) is a new entry and the old one ages out; nothing here needs
// to be told about revalidation. Everything else (the Studio, the API's writes, media files
// with their ranges) is left to Next.
'use strict';

const { createHash } = require('node:crypto');
const zlib = require('node:zlib');
const { promisify } = require('node:util');
const { wrapRequestListeners } = require('./wrap-request-listener.cjs');

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

/** Paths whose GET answers this hook compresses; the rest keep Next's own handling. */
const HANDLED = /^\/(?:(?:zh|en)(?:\/(?!studio(?:\/|$))|$)|_next\/static\/|api\/v1\/(?:content\/|openapi\.json$)|sitemap|robots\.txt$|manifest\.webmanifest$)/;
const COMPRESSIBLE = /^(?:text\/|application\/(?:json|javascript|xml|rss\+xml|atom\+xml|feed\+json|manifest\+json)|image\/svg\+xml|text\/x-component)/i;
/** Smaller bodies gain less than the header costs. */
const MIN_BYTES = 1024;
/** Bodies above this are compressed but not kept. */
const MAX_KEPT_BYTES = 2 * 1024 * 1024;

/**
 * The bytes of `buffer` in memory of their own. zlib hands back a view into its 64 KB output
 * chunk: kept as it is, a 3 KB page pins 64 KB outside the JavaScript heap, so a store
 * bounded at 64 MB of bodies could hold twenty times that (the soak's steady growth,
 * bench/soak.mjs). Not from Buffer's shared pool either, which a kept body would pin.
 */
function ownCopy(buffer) {
  if (buffer.byteOffset === 0 && buffer.buffer.byteLength === buffer.length) return buffer;
  const copy = Buffer.allocUnsafeSlow(buffer.length);
  buffer.copy(copy);
  return copy;
}

function createStore(maxBytes) {
  const entries = new Map();
  let bytes = 0;
  const pending = new Map();
  const stats = { hits: 0, misses: 0 };
  return {
    stats,
    /** What the store holds now (the internal stats route reads it through `globalThis`). */
    usage() {
      // The memory the kept bodies hold, counted by their backing stores (see ownCopy).
      const stores = new Set();
      for (const body of entries.values()) stores.add(body.buffer);
      let retainedBytes = 0;
      for (const store of stores) retainedBytes += store.byteLength;
      return { entries: entries.size, bytes, retainedBytes, maxBytes, hits: stats.hits, misses: stats.misses };
    },
    /** The compressed body kept for `key`, if any (a hit answers at once, with no promise). */
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
    /** The compressed body for `key`, made by `make()` once however many ask at the same time. */
    async get(key, size, make) {
      const found = this.peek(key);
      if (found) return found;
      let waiting = pending.get(key);
      if (!waiting) {
        stats.misses += 1;
        waiting = make().finally(() => pending.delete(key));
        pending.set(key, waiting);
        const made = await waiting;
        if (size <= MAX_KEPT_BYTES && !entries.has(key)) {
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
      }
      return waiting;
    },
    clear() {
      entries.clear();
      bytes = 0;
    },
  };
}

/** The encoding to answer in: Brotli where the client takes it, else gzip, else none. */
function pickEncoding(header) {
  if (typeof header !== 'string') return null;
  const accepted = new Map();
  for (const part of header.toLowerCase().split(',')) {
    const [name, ...params] = part.trim().split(';');
    const q = params.map((p) => /^\s*q=([\d.]+)\s*$/.exec(p)).find(Boolean);
    accepted.set(name.trim(), q ? Number(q[1]) : 1);
  }
  const weight = (name) => accepted.get(name) ?? (accepted.has('*') ? accepted.get('*') : 0);
  if (weight('br') > 0) return 'br';
  if (weight('gzip') > 0) return 'gzip';
  return null;
}

function compress(body, encoding) {
  return encoding === 'br'
    ? brotli(body, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 6, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: body.length } })
    : gzip(body, { level: 9 });
}

function addVary(res) {
  const vary = String(res.getHeader('vary') ?? '');
  if (!/(?:^|,)\s*(?:accept-encoding|\*)\s*(?:,|$)/i.test(vary)) res.setHeader('vary', vary ? `${vary}, Accept-Encoding` : 'Accept-Encoding');
}

/**
 * Holds the answer's body until it ends, then sends it compressed: from the store when
 * these bytes were compressed before. Answers that are not a whole compressible 200
 * (a 304, a range, an error page…) go out as they are, with the original methods.
 */
function intercept(res, encoding, store) {
  const original = { writeHead: res.writeHead, write: res.write, end: res.end };
  let mode = null;
  let headArgs = [];
  const chunks = [];

  const restore = () => Object.assign(res, original);
  const decide = () => {
    if (mode) return mode;
    const type = String(res.getHeader('content-type') ?? '');
    const isWhole = res.statusCode === 200 && res.getHeader('content-encoding') === undefined && res.getHeader('content-range') === undefined;
    mode = isWhole && COMPRESSIBLE.test(type) ? 'buffer' : 'pass';
    if (mode === 'pass') {
      addVary(res);
      restore();
      original.writeHead.apply(res, headArgs.length ? headArgs : [res.statusCode]);
    }
    return mode;
  };
  // Text is kept as text: a kept copy answers without ever encoding the page into bytes.
  let size = 0;
  const collect = (chunk, chunkEncoding) => {
    if (chunk == null || typeof chunk === 'function') return;
    const part = Buffer.isBuffer(chunk) || typeof chunkEncoding !== 'string' || chunkEncoding === 'utf8' || chunkEncoding === 'utf-8' ? chunk : Buffer.from(chunk, chunkEncoding);
    size += typeof part === 'string' ? Buffer.byteLength(part) : part.length;
    chunks.push(part);
  };
  const bytes = () => (chunks.length === 1 && Buffer.isBuffer(chunks[0]) ? chunks[0] : Buffer.concat(chunks.map((c) => (typeof c === 'string' ? Buffer.from(c) : c))));
  const send = (body, compressed) => {
    addVary(res);
    res.removeHeader('content-length');
    if (compressed) {
      res.setHeader('content-encoding', encoding);
      const etag = res.getHeader('etag');
      // The compressed bytes differ from the ones the ETag names: a weak validator, as nginx's gzip does.
      if (typeof etag === 'string' && !etag.startsWith('W/')) res.setHeader('etag', `W/${etag}`);
    }
    res.setHeader('content-length', String(body.length));
    original.writeHead.apply(res, headArgs.length ? headArgs : [res.statusCode]);
    original.end.call(res, body);
  };

  res.writeHead = function writeHead(...args) {
    headArgs = args;
    // Headers given to writeHead itself (an object or a raw array) join the ones set so far.
    const given = args.find((a, i) => i > 0 && a && typeof a === 'object');
    if (given && !Array.isArray(given)) {
      for (const [name, value] of Object.entries(given)) res.setHeader(name, value);
      headArgs = [args[0], ...(typeof args[1] === 'string' ? [args[1]] : [])];
    }
    if (typeof args[0] === 'number') res.statusCode = args[0];
    decide();
    return res;
  };
  res.write = function write(chunk, chunkEncoding, callback) {
    if (decide() === 'pass') return res.write(chunk, chunkEncoding, callback);
    collect(chunk, chunkEncoding);
    if (typeof chunkEncoding === 'function') chunkEncoding();
    else if (typeof callback === 'function') callback();
    return true;
  };
  res.end = function end(chunk, chunkEncoding, callback) {
    if (decide() === 'pass') return res.end(chunk, chunkEncoding, callback);
    collect(chunk, chunkEncoding);
    const done = [chunk, chunkEncoding, callback].find((a) => typeof a === 'function');
    if (done) res.once('finish', done);
    restore();
    if (size < MIN_BYTES) {
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
  };
}

/**
 * DUET_COMPRESS_CACHE_MB (default 64) bounds the kept compressed bodies; 0 keeps none (each
 * answer is still compressed, every time). Whatever serves the app reads the same setting.
 */
function compressCacheBytes(env = process.env) {
  const mb = Number(env.DUET_COMPRESS_CACHE_MB ?? 64);
  return Number.isFinite(mb) && mb >= 0 ? mb * 1024 * 1024 : 64 * 1024 * 1024;
}

function createHook({ maxBytes = compressCacheBytes() } = {}) {
  const store = createStore(maxBytes);
  function wrap(listener) {
    return function onRequest(req, res) {
      const encoding = req.method === 'GET' && !req.headers.range && HANDLED.test(req.url ?? '') ? pickEncoding(req.headers['accept-encoding']) : null;
      if (encoding) {
        // Next must send these whole: this hook compresses them, once. (Assigned, not deleted:
        // the headers object keeps its shape, which Next reads many times per request.)
        req.headers['accept-encoding'] = 'identity';
        intercept(res, encoding, store);
      }
      return listener.call(this, req, res);
    };
  }
  return { wrap, store };
}

function install() {
  const hook = createHook();
  globalThis[Symbol.for('duet.compressionStore')] = hook.store;
  wrapRequestListeners(hook.wrap);
}

module.exports = { createHook, compressCacheBytes, ownCopy, pickEncoding, install, HANDLED };

if (require.main !== module && process.env.DUET_PRECOMPRESS_INSTALL === '1') install();
