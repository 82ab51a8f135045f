// The cache of rendered pages and data for one Duet process (Next's `cacheHandler`),
// bounded in size. Next's own handler writes every rendered page to disk with no limit,
// so a crowd probing made-up URLs fills the disk with 404 pages; this one keeps entries
// in memory only, least recently used first out, and never keeps an error render (404,
// 500): a page that does not exist is cheap to render again and must not take up room.
// `npm start` purged the on-disk cache at every start anyway, so nothing is lost.
//
// DUET_CACHE_MAX_MB (default 256) bounds it. revalidateTag drops every entry carrying
// one of the tags: pages carry the tags of the data they read (x-next-cache-tags).
import { isErrorRender, tagsOf } from './cache-entry-rules.mjs';

const limit = () => Math.max(1, Number(process.env.DUET_CACHE_MAX_MB ?? 256)) * 1024 * 1024;

/** @typedef {{ value: any, lastModified: number, cacheControl?: unknown, tags: string[], bytes: number }} Entry */

/** @type {Map<string, Entry>} one map for the process, whichever module copy loads this */
const entries = (globalThis[Symbol.for('duet.cacheEntries')] ??= new Map());
const stats = (globalThis[Symbol.for('duet.cacheStats')] ??= { bytes: 0, evictions: 0, refusedErrors: 0 });

function sizeOf(value) {
  if (!value) return 64;
  const length = (x) => (typeof x === 'string' ? x.length : x && typeof x.byteLength === 'number' ? x.byteLength : 0);
  switch (value.kind) {
    case 'APP_PAGE': {
      let bytes = length(value.html) + length(value.rscData);
      if (value.segmentData) for (const segment of value.segmentData.values()) bytes += length(segment);
      return bytes + 512;
    }
    case 'APP_ROUTE':
      return length(value.body) + 512;
    case 'FETCH':
      return length(value.data?.body) + 512;
    default:
      return 1024;
  }
}

function remove(key) {
  const entry = entries.get(key);
  if (!entry) return;
  entries.delete(key);
  stats.bytes -= entry.bytes;
}

export default class MemoryCacheHandler {
  // Next passes its options (dev, serverDistDir…); nothing here needs them.
  constructor() {}

  async get(key) {
    const entry = entries.get(key);
    if (!entry) return null;
    // Most recently used last: a Map iterates in insertion order.
    entries.delete(key);
    entries.set(key, entry);
    return { value: entry.value, lastModified: entry.lastModified, cacheControl: entry.cacheControl };
  }

  async set(key, value, ctx) {
    remove(key);
    if (value === null || value === undefined) return;
    if (isErrorRender(value)) {
      stats.refusedErrors += 1;
      return;
    }
    const maxBytes = limit();
    const bytes = sizeOf(value);
    if (bytes > maxBytes / 4) return; // one entry may not push out most of the others
    entries.set(key, { value, lastModified: Date.now(), cacheControl: ctx?.fetchCache ? undefined : ctx?.cacheControl, tags: tagsOf(value, ctx), bytes });
    stats.bytes += bytes;
    for (const [oldest] of entries) {
      if (stats.bytes <= maxBytes) break;
      remove(oldest);
      stats.evictions += 1;
    }
  }

  async revalidateTag(tags) {
    const wanted = new Set(typeof tags === 'string' ? [tags] : tags);
    if (wanted.size === 0) return;
    for (const [key, entry] of entries) if (entry.tags.some((tag) => wanted.has(tag))) remove(key);
  }

  resetRequestCache() {}
}

/** For tests and the soak bench: how many entries and bytes the cache holds. */
export function cacheStats() {
  return { entries: entries.size, bytes: stats.bytes, maxBytes: limit(), evictions: stats.evictions, refusedErrors: stats.refusedErrors };
}
