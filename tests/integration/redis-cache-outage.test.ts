// The shared cache when Redis is away: pages still render (a read misses, a write is
// dropped, nothing throws or hangs), and what happened meanwhile is not lost: an
// invalidation made during the outage, or by an instance that lost its connection, is in
// force for every instance once Redis is back. The outage is played by cutting a relay, so
// the Redis other suites use keeps running.
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import RedisCacheHandler from '@/server/cache/redis-cache-handler.mjs';
import { createRedisCacheStore, type RedisCacheStore } from '@/server/cache/redis-cache-store.mjs';
import { invalidateSharedCache } from '@/server/revalidate';
import { closedPort, dropPrefix, openStore, redisUrl, startRelay, startSilentServer, uniquePrefix, waitFor, withRedis } from './helpers/test-redis';

const page = (html: string, tags = 'content') => ({ kind: 'APP_PAGE', html, rscData: Buffer.from(html), status: 200, headers: { 'x-next-cache-tags': tags } });
// Far above the handler's own limit (500 ms): a bound against hanging, not a speed check.
const NEVER_HANGS_MS = 5_000;

async function timed<T>(work: Promise<T>): Promise<{ result: T; ms: number }> {
  const started = performance.now();
  const result = await work;
  return { result, ms: performance.now() - started };
}

describe.skipIf(!redisUrl)('shared cache with Redis away', () => {
  const prefix = uniquePrefix();
  const opened: RedisCacheStore[] = [];
  let direct: RedisCacheStore;
  const handler = (store: RedisCacheStore) => new RedisCacheHandler({ store, buildId: 'build-1' });
  async function render(store: RedisCacheStore, key: string, value: unknown) {
    expect(await handler(store).get(key, {})).toBeNull();
    await handler(store).set(key, value, {});
  }

  beforeAll(async () => {
    direct = await openStore(prefix);
    opened.push(direct);
  });

  afterAll(async () => {
    for (const store of opened) store.close();
    await dropPrefix(prefix);
  });

  for (const [what, server] of [
    ['refuses connections', async () => ({ url: `redis://127.0.0.1:${await closedPort()}`, close: async () => {} })],
    ['accepts connections and never answers', startSilentServer],
  ] as const) {
    it(`renders without the cache when Redis ${what}: reads miss, writes are dropped, nothing throws or hangs`, async () => {
      const away = await server();
      const store = createRedisCacheStore({ url: away.url, prefix });
      opened.push(store);
      try {
        const read = await timed(handler(store).get('/en/posts/a', {}));
        expect(read.result).toBeNull();
        expect(read.ms).toBeLessThan(NEVER_HANGS_MS);
        const write = await timed(handler(store).set('/en/posts/a', page('<p>a</p>'), { cacheControl: { revalidate: 60 } }));
        expect(write.ms).toBeLessThan(NEVER_HANGS_MS);
        const invalidation = await timed(handler(store).revalidateTag('content'));
        expect(invalidation.ms).toBeLessThan(NEVER_HANGS_MS);
        expect(await handler(direct).get('/en/posts/a', {})).toBeNull();
      } finally {
        store.close();
        await away.close();
      }
    });
  }

  describe('through a relay that is cut and restored', () => {
    let relay: Awaited<ReturnType<typeof startRelay>>;
    let viaRelay: RedisCacheStore;

    beforeAll(async () => {
      relay = await startRelay();
      viaRelay = await openStore(prefix, relay.url);
      opened.push(viaRelay);
    });
    afterEach(async () => {
      await relay.restore().catch(() => {}); // already listening after a test that restored it
    });
    afterAll(async () => {
      await relay.close();
    });

    it('a Redis that stops answering mid-connection costs a page one wait, not one per read', async () => {
      relay.stall();
      try {
        // A page makes many reads in turn (20 × 500 ms without the pause after a timeout).
        const reads = await timed(
          (async () => {
            const results = [];
            for (let i = 0; i < 20; i++) results.push(await handler(viaRelay).get(`/en/posts/hung-${i}`, {}));
            return results;
          })(),
        );
        expect(reads.result.every((read) => read === null)).toBe(true);
        expect(reads.ms).toBeLessThan(NEVER_HANGS_MS);
        expect((await timed(handler(viaRelay).set('/en/posts/hung-0', page('<p>hung</p>'), {}))).ms).toBeLessThan(NEVER_HANGS_MS);
      } finally {
        relay.resume();
      }
      await waitFor(async () => (await viaRelay.read(viaRelay.entryKey('build-1', '/en/posts/hung-0'), [])) !== null);
    });

    it('an invalidation made while Redis was away is in force for everyone once it is back', async () => {
      await render(direct, '/en/posts/outage', page('<p>before the publish</p>', 'content,outage'));
      await relay.cut();
      expect(await viaRelay.invalidate(['outage'])).toBe(false); // the publish on the cut-off instance
      expect(await handler(viaRelay).get('/en/posts/outage', {})).toBeNull(); // it renders from the database
      // Until Redis hears of it, the other instance cannot know (documented in docs/deploy.md).
      expect(await handler(direct).get('/en/posts/outage', {})).not.toBeNull();
      await relay.restore();
      // The cut-off instance pays what it owes as soon as it is connected again, unasked.
      await waitFor(async () => (await handler(direct).get('/en/posts/outage', {})) === null);
      // The invalidation itself was written, not only the floor a lost connection raises.
      expect(await withRedis((client) => client.hGet(`${prefix}:tags`, 'outage'))).toMatch(/^\d{16}$/);
    });

    it('an instance that lost Redis refuses everything stored before it was back (Redis may have restarted from an old snapshot)', async () => {
      await render(direct, '/en/posts/unrelated', page('<p>other tag</p>', 'other'));
      await relay.cut();
      await relay.restore();
      await waitFor(async () => (await handler(direct).get('/en/posts/unrelated', {})) === null);
      // Rendered afresh, it is kept again.
      await render(direct, '/en/posts/unrelated', page('<p>other tag, again</p>', 'other'));
      expect(await handler(viaRelay).get('/en/posts/unrelated', {})).not.toBeNull();
    });

    it('does not keep a render whose first read could not reach Redis', async () => {
      await relay.cut();
      expect(await handler(viaRelay).get('/en/posts/during', {})).toBeNull();
      await relay.restore();
      await waitFor(async () => (await viaRelay.invalidate([])) === true);
      await handler(viaRelay).set('/en/posts/during', page('<p>read during the outage</p>'), {});
      expect(await handler(direct).get('/en/posts/during', {})).toBeNull();
    });
  });

  it('revalidateContent’s direct path (REDIS_URL) invalidates for other instances before it returns', async () => {
    const saved = { url: process.env.REDIS_URL, prefix: process.env.REDIS_KEY_PREFIX };
    process.env.REDIS_URL = redisUrl;
    process.env.REDIS_KEY_PREFIX = prefix;
    try {
      await invalidateSharedCache([]); // waits for the connection and pays this process's start-up floor
      await render(direct, '/en/posts/direct', page('<p>old</p>'));
      await render(direct, '/en/posts/direct-other', page('<p>other</p>', 'other'));
      await invalidateSharedCache(['content']);
      expect(await handler(direct).get('/en/posts/direct', {})).toBeNull();
      expect(await handler(direct).get('/en/posts/direct-other', {})).not.toBeNull();
    } finally {
      const { sharedRedisCacheStore } = await import('@/server/cache/redis-cache-store.mjs');
      sharedRedisCacheStore().close();
      process.env.REDIS_URL = saved.url;
      process.env.REDIS_KEY_PREFIX = saved.prefix;
      if (saved.url === undefined) delete process.env.REDIS_URL;
      if (saved.prefix === undefined) delete process.env.REDIS_KEY_PREFIX;
    }
  });
});
