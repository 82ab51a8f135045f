// The Traditional-script pages: `/zh/hant/…` is the Simplified page `/zh/…` that Next
// renders and caches as usual, converted here on its way out (core/script/hant-html.ts:
// the text phrase by phrase with OpenCC, `s2twp` or `s2hk` as the site chose; code, URLs,
// attributes and the glossary's kept names untouched; links kept in the variant). The
// converted bytes are kept in a bounded store keyed by the Simplified answer's own hash
// (Next's strong ETag, else a SHA-1 of the body) and the settings: a publish makes a new
// Simplified page, hence a new key, so nothing here is ever invalidated or served stale.
// OpenCC's dictionaries take about half a second and tens of megabytes of heap to build: they are built
// once, on the first variant request, never for a reader of the Simplified pages.
import { createHash } from 'node:crypto';
import type { ServerResponse } from 'node:http';
import { convertFlight } from '@/core/script/hant-flight';
import { convertHtml, type HantConversion } from '@/core/script/hant-html';
import { fromHantPath, isHantPath, toHantPath, type HantVariant } from '@/core/script/hant-paths';
import { protectNames, type TextConverter } from '@/core/script/hant-text';
import { defaultScriptSettings, scriptSettingsSchema, type ScriptSettings } from '@/core/script/script-settings';
import { logger } from '@/server/logger';
import type { Layer } from './listener';
import { createStore, type CompressionStore } from './precompress';

type Kind = 'html' | 'flight';
type Chunk = Buffer | string;

/** OpenCC's phrase converter for `variant`, built on first use (about 0.5 s, once per process). */
export async function loadOpenCC(variant: HantVariant): Promise<TextConverter> {
  const started = performance.now();
  const { Converter } = await import('opencc-js/cn2t');
  const convert = Converter({ from: 'cn', to: variant === 'hk' ? 'hk' : 'twp' });
  logger.info({ variant, ms: Math.round(performance.now() - started) }, 'the Traditional-script converter is ready');
  return convert;
}

/**
 * The site's settings as its own app serves them (GET /api/v1/internal/script-settings),
 * asked at most every `maxAgeMs`: a change of phrasing or glossary shows within that.
 * Until the first answer, or when the app does not answer, the defaults.
 */
export function settingsFromServer(origin: string, token: () => string, maxAgeMs = 30_000): () => Promise<ScriptSettings> {
  let current: Promise<ScriptSettings> | null = null;
  let askedAt = 0;
  return () => {
    if (current && Date.now() - askedAt < maxAgeMs) return current;
    const previous = current;
    askedAt = Date.now();
    current = fetch(`${origin}/api/v1/internal/script-settings`, { headers: { authorization: `Bearer ${token()}` } })
      .then(async (answer) => (answer.ok ? scriptSettingsSchema.parse(await answer.json()) : Promise.reject(new Error(`status ${answer.status}`))))
      .catch(async (error: unknown) => {
        logger.warn({ err: error }, 'the Traditional-script settings could not be read; using the last known ones');
        askedAt = 0;
        return (await previous) ?? defaultScriptSettings;
      });
    return current;
  };
}

function kindOf(type: string): Kind | null {
  if (/^text\/html\b/i.test(type)) return 'html';
  if (/^text\/x-component\b/i.test(type)) return 'flight';
  return null;
}

export interface TraditionalOptions {
  settings: () => Promise<ScriptSettings>;
  /** Bytes of converted answers kept (DUET_HANT_CACHE_MB, default 32). */
  maxBytes?: number;
  loadConverter?: (variant: HantVariant) => Promise<TextConverter>;
}

export function hantCacheBytes(env: Readonly<Record<string, string | undefined>> = process.env): number {
  const mb = Number(env.DUET_HANT_CACHE_MB ?? 32);
  return Number.isFinite(mb) && mb >= 0 ? mb * 1024 * 1024 : 32 * 1024 * 1024;
}

export function createTraditional({ settings, maxBytes = hantCacheBytes(), loadConverter = loadOpenCC }: TraditionalOptions): { layer: Layer; store: CompressionStore } {
  const store = createStore(maxBytes);
  const converters = new Map<HantVariant, Promise<TextConverter>>();
  let conversion: { key: string; value: HantConversion } | null = null;

  async function conversionFor(current: ScriptSettings): Promise<{ key: string; value: HantConversion }> {
    const key = `${current.variant}:${createHash('sha1').update(current.keep.join('\n')).digest('base64url').slice(0, 12)}`;
    if (conversion?.key === key) return conversion;
    let converter = converters.get(current.variant);
    if (!converter) {
      converter = loadConverter(current.variant);
      converters.set(current.variant, converter);
    }
    conversion = { key, value: { convertText: protectNames(await converter, current.keep) } };
    return conversion;
  }

  const layer: Layer = (next) =>
    function withTraditional(req, res) {
      const url = req.url ?? '/';
      if (!isHantPath(url.split(/[?#]/, 1)[0]!)) return next(req, res);
      req.url = fromHantPath(url);
      const asked = req.headers['if-none-match'];
      if (req.method === 'GET' || req.method === 'HEAD') {
        // Next must send the Simplified page whole and plain: this layer rewrites it.
        req.headers['accept-encoding'] = 'identity';
        req.headers['if-none-match'] = undefined;
        intercept(res, typeof asked === 'string' ? asked : undefined, async (kind, bodyOf, sourceTag) => {
          const current = await conversionFor(await settings());
          const key = `${kind}:${current.key}:${sourceTag ?? createHash('sha1').update(bodyOf()).digest('base64url')}`;
          const tag = `"hant-${createHash('sha1').update(key).digest('base64url')}"`;
          const kept = store.peek(key);
          if (kept) return { body: kept, tag };
          const body = bodyOf();
          const made = await store.get(key, body.length, async () => {
            const text = body.toString('utf8');
            return Buffer.from(kind === 'html' ? convertHtml(text, current.value) : convertFlight(text, current.value, convertHtml));
          });
          return { body: made, tag };
        });
      }
      next(req, res);
    };
  return { layer, store };
}

/** `body()` is called only when the conversion is not in the store already. */
type Convert = (kind: Kind, body: () => Buffer, sourceTag: string | undefined) => Promise<{ body: Buffer; tag: string }>;

/**
 * Holds an HTML or RSC answer until it ends, then sends its conversion with its own length
 * and ETag (and a 304 when the reader already has it). Anything else passes as it is; a
 * redirect to a Chinese page leads to its variant.
 */
function intercept(res: ServerResponse, asked: string | undefined, convert: Convert): void {
  const original = { writeHead: res.writeHead, write: res.write, end: res.end, flushHeaders: res.flushHeaders };
  const writeHead = (args: unknown[]) => (original.writeHead as (...a: unknown[]) => ServerResponse).apply(res, args.length ? args : [res.statusCode]);
  let mode: Kind | 'pass' | null = null;
  let headArgs: unknown[] = [];
  const chunks: Chunk[] = [];
  const restore = () => Object.assign(res, original);
  const decide = (): Kind | 'pass' => {
    if (mode) return mode;
    const location = res.getHeader('location');
    if (typeof location === 'string' && location.startsWith('/')) res.setHeader('location', toHantPath(location));
    const kind = res.getHeader('content-encoding') === undefined ? kindOf(String(res.getHeader('content-type') ?? '')) : null;
    mode = kind ?? 'pass';
    if (mode === 'pass') {
      restore();
      writeHead(headArgs);
    }
    return mode;
  };
  // Text is kept as text: a page found in the store is never encoded into bytes (precompress does the same).
  let size = 0;
  const collect = (chunk: unknown, encoding: unknown) => {
    if (chunk == null || typeof chunk === 'function') return;
    const isText = typeof encoding !== 'string' || encoding === 'utf8' || encoding === 'utf-8';
    const part: Chunk = Buffer.isBuffer(chunk) ? chunk : chunk instanceof Uint8Array ? Buffer.from(chunk) : isText ? String(chunk) : Buffer.from(String(chunk), encoding as BufferEncoding);
    size += typeof part === 'string' ? Buffer.byteLength(part) : part.length;
    chunks.push(part);
  };
  let joined: Buffer | null = null;
  const bytes = () => (joined ??= chunks.length === 1 && Buffer.isBuffer(chunks[0]) ? chunks[0] : Buffer.concat(chunks.map((c) => (typeof c === 'string' ? Buffer.from(c) : c))));
  const send = (body: Buffer, etag: string | undefined) => {
    res.removeHeader('content-length');
    if (etag && res.statusCode === 200) {
      res.setHeader('etag', etag);
      if (asked === etag) {
        res.statusCode = 304;
        res.removeHeader('content-type');
        headArgs = [304];
        writeHead(headArgs);
        (original.end as () => ServerResponse).call(res);
        return;
      }
    } else res.removeHeader('etag');
    res.setHeader('content-length', String(body.length));
    if (typeof headArgs[0] === 'number') headArgs[0] = res.statusCode;
    writeHead(headArgs);
    (original.end as (chunk: Buffer) => ServerResponse).call(res, body);
  };

  res.flushHeaders = function heldHeaders() {} as ServerResponse['flushHeaders'];
  res.writeHead = function interceptedWriteHead(...args: unknown[]) {
    headArgs = args;
    const given = args.find((a, i) => i > 0 && a && typeof a === 'object');
    if (given && !Array.isArray(given)) {
      for (const [name, value] of Object.entries(given)) if (value !== undefined) res.setHeader(name, value as string);
      headArgs = [args[0], ...(typeof args[1] === 'string' ? [args[1]] : [])];
    }
    if (typeof args[0] === 'number') res.statusCode = args[0];
    decide();
    return res;
  } as ServerResponse['writeHead'];
  res.write = function interceptedWrite(chunk: unknown, encoding?: unknown, callback?: unknown) {
    if (decide() === 'pass') return (res.write as (...a: unknown[]) => boolean)(chunk, encoding, callback);
    collect(chunk, encoding);
    const done = [encoding, callback].find((a): a is () => void => typeof a === 'function');
    done?.();
    return true;
  } as ServerResponse['write'];
  res.end = function interceptedEnd(chunk?: unknown, encoding?: unknown, callback?: unknown) {
    const kind = decide();
    if (kind === 'pass') return (res.end as (...a: unknown[]) => ServerResponse)(chunk, encoding, callback);
    collect(chunk, encoding);
    const done = [chunk, encoding, callback].find((a): a is () => void => typeof a === 'function');
    if (done) res.once('finish', done);
    restore();
    if (size === 0) {
      send(Buffer.alloc(0), undefined);
      return res;
    }
    const etag = res.getHeader('etag');
    const sourceTag = typeof etag === 'string' && etag.startsWith('"') && etag.length > 4 ? `${etag}:${size}` : undefined;
    convert(kind, bytes, sourceTag).then(
      (converted) => send(converted.body, converted.tag),
      (error: unknown) => {
        // The Simplified text is still the page: better read than refused.
        logger.error({ err: error }, 'a page could not be converted to Traditional characters');
        send(bytes(), undefined);
      },
    );
    return res;
  } as ServerResponse['end'];
}
