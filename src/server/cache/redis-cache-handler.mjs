// The cache of rendered pages and data shared by every Duet instance (Next's
// `cacheHandler` when REDIS_URL is set; next.config.ts). Nothing is kept in this process's
// memory, so an instance never serves what another has invalidated. Entries are keyed by
// the build id, so two builds running side by side (a rolling deploy) never read each
// other's pages; invalidations are not, so a publish on either reaches both.
//
// Like the memory handler, it never keeps an error render (404, 500). Redis away: get
// misses and set is dropped within redis-cache-store.mjs's TIMEOUT_MS, so pages render
// from the database and never fail or hang for it. The rules of when an entry is
// refused (tags, floor, clocks) live in redis-cache-store.mjs.
//
// Our own rather than @fortedigital/nextjs-cache-handler: its Redis handler keeps tag
// bookkeeping it must scan on every invalidation and offers an in-memory layer per instance,
// while Duet needs an invalidation it can await outside Next's handler instance
// (revalidateContent), a rule for invalidations made while Redis was away, and the
// error-render rule; together that is less code than adapting the package.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { decodeEntry, encodeEntry } from './cache-entry-codec.mjs';
import { isErrorRender, tagsOf } from './cache-entry-rules.mjs';
import { sharedRedisCacheStore } from './redis-cache-store.mjs';

/** The longest an entry stays in Redis; pages also leave at their own `expire`. */
const MAX_TTL_SECONDS = 24 * 60 * 60;
/** A render that began longer ago than this no longer pins its start (see noteRenderStart). */
const RENDER_MAX_MS = 60_000;
const MAX_PENDING_RENDERS = 10_000;

const buildIds = new Map();

/** The id of the build this process serves, from <distDir>/BUILD_ID next to Next's server dir. */
function readBuildId(serverDistDir) {
  if (!serverDistDir) return 'development';
  if (!buildIds.has(serverDistDir)) {
    let id;
    try {
      id = readFileSync(join(serverDistDir, '..', 'BUILD_ID'), 'utf8').trim();
    } catch {
      id = 'unbuilt'; // during `next build`, before the id is written: nothing reads these later
    }
    buildIds.set(serverDistDir, id);
  }
  return buildIds.get(serverDistDir);
}

/**
 * When the render that will store `entryKey` began: the moment of the read that missed (or
 * found an entry Next will render again), in Redis time; null when that read could not
 * reach Redis, and then the render's result is not stored. The earliest pending read wins:
 * two renders of one key in flight may straddle a publish.
 */
function noteRenderStart(store, entryKey, since) {
  const pending = (store.pendingRenders ??= new Map());
  const known = pending.get(entryKey);
  if (known && known.at > Date.now() - RENDER_MAX_MS && (known.since === null || (since !== null && Number(known.since) <= Number(since)))) return;
  pending.delete(entryKey);
  pending.set(entryKey, { since, at: Date.now() });
  for (const [oldest] of pending) {
    if (pending.size <= MAX_PENDING_RENDERS) break;
    pending.delete(oldest);
  }
}

function takeRenderStart(store, entryKey) {
  const known = store.pendingRenders?.get(entryKey);
  store.pendingRenders?.delete(entryKey);
  return known && known.at > Date.now() - RENDER_MAX_MS ? known : undefined;
}

/** Whether Next will render this entry again for its age alone (it then calls set). */
function isTimeStale(value, cacheControl, ctx, lastModified, now) {
  const revalidate = value?.kind === 'FETCH' ? ctx?.revalidate || value.revalidate : cacheControl?.revalidate;
  return typeof revalidate === 'number' && lastModified + revalidate * 1000 < now;
}

function ttlOf(value, ctx) {
  const expire = value.kind === 'FETCH' ? undefined : ctx?.cacheControl?.expire;
  return typeof expire === 'number' && expire > 0 ? Math.min(expire, MAX_TTL_SECONDS) : MAX_TTL_SECONDS;
}

export default class RedisCacheHandler {
  /**
   * Next passes { serverDistDir, dev, … } and makes one per request: it must be cheap.
   * Tests pass `store` (another "process") and `buildId`.
   */
  constructor(options = {}) {
    this.store = options.store ?? sharedRedisCacheStore();
    this.buildId = options.buildId ?? readBuildId(options.serverDistDir);
  }

  async get(key, ctx) {
    const entryKey = this.store.entryKey(this.buildId, key);
    const found = await this.store.read(entryKey, [...(ctx?.tags ?? []), ...(ctx?.softTags ?? [])]);
    if (!found) {
      noteRenderStart(this.store, entryKey, null);
      return null;
    }
    let stored;
    try {
      stored = found.v === undefined ? undefined : decodeEntry(found.v);
    } catch {
      stored = undefined; // written by another version of this code: render again
    }
    if (!stored) {
      noteRenderStart(this.store, entryKey, found.now);
      return null;
    }
    const lastModified = Math.floor(Number(found.m) / 1000);
    if (isTimeStale(stored.value, stored.cacheControl, ctx, lastModified, Number(found.now) / 1000)) noteRenderStart(this.store, entryKey, found.now);
    return { value: stored.value, lastModified, cacheControl: stored.cacheControl };
  }

  async set(key, value, ctx) {
    const entryKey = this.store.entryKey(this.buildId, key);
    const start = takeRenderStart(this.store, entryKey);
    if (value === null || value === undefined || isErrorRender(value)) {
      await this.store.remove(entryKey);
      return;
    }
    if (start?.since === null) return; // begun while Redis was away: what it read is unknown
    await this.store.write(entryKey, {
      since: start?.since ?? null,
      tags: tagsOf(value, ctx),
      value: encodeEntry({ value, cacheControl: ctx?.fetchCache ? undefined : ctx?.cacheControl }),
      ttlSeconds: ttlOf(value, ctx),
    });
  }

  /** Immediate whatever the profile: an entry can only be served or refused, not marked stale. */
  async revalidateTag(tags) {
    await this.store.invalidate(typeof tags === 'string' ? [tags] : [...tags]);
  }

  resetRequestCache() {}
}
