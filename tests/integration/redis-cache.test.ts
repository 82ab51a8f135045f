// The shared cache (REDIS_URL) against a real Redis: what Next stores comes back intact, an
// error render is never kept, and an invalidation made by one instance is seen by another
// as soon as it has been awaited, whatever build each serves. Each "instance" is a store
// with its own connection, as each Duet process has.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import RedisCacheHandler from '@/server/cache/redis-cache-handler.mjs';
import type { RedisCacheStore } from '@/server/cache/redis-cache-store.mjs';
import { dropPrefix, openStore, redisUrl, uniquePrefix, withRedis } from './helpers/test-redis';

const page = (html: string, { status = 200, tags = 'content,_N_T_/en/posts/a' } = {}) => ({
  kind: 'APP_PAGE',
  html,
  rscData: Buffer.from(`rsc of ${html}`),
  segmentData: new Map([['/_tree', Buffer.from([0, 1, 2, 254, 255])]]),
  status,
  headers: { 'x-next-cache-tags': tags, vary: 'rsc' },
});
const data = (body: unknown) => ({ kind: 'FETCH', data: { headers: {}, body: JSON.stringify(body), status: 200, url: '' }, revalidate: 31536000 });
const dataCtx = { fetchCache: true, tags: ['content'], softTags: ['_N_T_/layout'] };

describe.skipIf(!redisUrl)('shared cache over Redis', () => {
  const prefix = uniquePrefix();
  let storeA: RedisCacheStore;
  let storeB: RedisCacheStore;
  // A new handler per call, as Next makes one per request.
  const onA = (buildId = 'build-1') => new RedisCacheHandler({ store: storeA, buildId });
  const onB = (buildId = 'build-1') => new RedisCacheHandler({ store: storeB, buildId });

  /** Stores `value` under `key` on A the way Next does: a read that misses, then the write. */
  async function render(key: string, value: unknown, ctx: Record<string, unknown> = {}, handler = onA()) {
    expect(await handler.get(key, ctx)).toBeNull();
    await handler.set(key, value, ctx);
  }

  beforeAll(async () => {
    storeA = await openStore(prefix);
    storeB = await openStore(prefix);
  });

  afterAll(async () => {
    storeA?.close();
    storeB?.close();
    await dropPrefix(prefix);
  });

  it('gives back every kind of entry Next stores, bytes and segment maps intact', async () => {
    const route = { kind: 'APP_ROUTE', body: Buffer.from(Array.from({ length: 256 }, (_, i) => i)), status: 200, headers: { 'content-type': 'image/png' } };
    const redirect = { kind: 'REDIRECT', props: { destination: '/zh' } };
    await render('/en/posts/kinds', page('<p>中文 and English</p>'), { cacheControl: { revalidate: 60, expire: 360 } });
    await render('/en/posts/kinds/og.png', route, { cacheControl: { revalidate: 60 } });
    await render('data-kinds', data({ title: '标题', n: 1 }), dataCtx);
    await render('/redirect', redirect, { cacheControl: { revalidate: false } });

    const got = await onB().get('/en/posts/kinds', {});
    expect(got).toMatchObject({ value: page('<p>中文 and English</p>'), cacheControl: { revalidate: 60, expire: 360 } });
    expect(got!.lastModified).toBeGreaterThan(Date.now() - 60_000);
    const segment = (got!.value as ReturnType<typeof page>).segmentData.get('/_tree');
    expect(Buffer.isBuffer(segment) && [...segment]).toEqual([0, 1, 2, 254, 255]);
    expect((await onB().get('/en/posts/kinds/og.png', {}))?.value).toEqual(route);
    expect((await onB().get('data-kinds', dataCtx))?.value).toEqual(data({ title: '标题', n: 1 }));
    expect((await onB().get('/redirect', {}))?.value).toEqual(redirect);
  });

  it('never keeps a not-found or failed render, and one drops what the key held', async () => {
    await render('/en/posts/gone', page('<p>was here</p>'));
    expect(await onB().get('/en/posts/gone', {})).not.toBeNull();
    await onA().set('/en/posts/gone', page('not found', { status: 404 }), {});
    await render('/en/posts/broken', page('error', { status: 500 }));
    await render('/en/posts/x/og.png', { kind: 'APP_ROUTE', body: Buffer.from(''), status: 404, headers: {} });
    for (const key of ['/en/posts/gone', '/en/posts/broken', '/en/posts/x/og.png']) expect(await onB().get(key, {})).toBeNull();
  });

  it('an awaited invalidation on one instance is seen at once by another, pages and data alike', async () => {
    await render('/en/about', page('<p>about</p>'));
    await render('data-about', data({ about: true }), dataCtx);
    await render('/en/other', page('<p>other</p>', { tags: 'other' }));
    expect(await onB().get('/en/about', {})).not.toBeNull();
    expect(await onB().get('data-about', dataCtx)).not.toBeNull();

    await onA().revalidateTag('content'); // what revalidateContent() awaits, through the handler
    expect(await onB().get('/en/about', {})).toBeNull();
    expect(await onB().get('data-about', dataCtx)).toBeNull();
    expect(await onB().get('/en/other', {})).not.toBeNull();

    // The next render is kept again, and served to both.
    await render('/en/about', page('<p>about, fresh</p>'), {}, onB());
    expect((await onA().get('/en/about', {}))?.value).toMatchObject({ html: '<p>about, fresh</p>' });
  });

  it('refuses a render that began before an invalidation and was stored after it', async () => {
    const handler = onA();
    expect(await handler.get('/en/posts/racing', {})).toBeNull(); // render begins, reads the database…
    await storeB.invalidate(['content']); // …another instance publishes…
    await handler.set('/en/posts/racing', page('<p>old text</p>'), {}); // …the old render lands
    expect(await onB().get('/en/posts/racing', {})).toBeNull();
    expect(await onA().get('/en/posts/racing', {})).toBeNull();
  });

  it('keeps builds apart, while an invalidation reaches every build', async () => {
    await render('/en/posts/b', page('<p>build one</p>'), {}, onA('build-1'));
    expect(await onB('build-2').get('/en/posts/b', {})).toBeNull();
    await onB('build-2').set('/en/posts/b', page('<p>build two</p>'), {});
    expect((await onA('build-1').get('/en/posts/b', {}))?.value).toMatchObject({ html: '<p>build one</p>' });
    expect((await onA('build-2').get('/en/posts/b', {}))?.value).toMatchObject({ html: '<p>build two</p>' });

    await onB('build-2').revalidateTag(['content']);
    expect(await onA('build-1').get('/en/posts/b', {})).toBeNull();
    expect(await onA('build-2').get('/en/posts/b', {})).toBeNull();
  });

  it('gives every entry a lifetime and the tag bookkeeping none (volatile-lru never evicts it)', async () => {
    await render('/en/posts/ttl', page('<p>ttl</p>'), { cacheControl: { revalidate: 60, expire: 360 } });
    await render('data-ttl', data({ ttl: true }), dataCtx);
    await withRedis(async (client) => {
      const ttl = await client.ttl(storeA.entryKey('build-1', '/en/posts/ttl'));
      expect(ttl).toBeGreaterThan(300);
      expect(ttl).toBeLessThanOrEqual(360);
      expect(await client.ttl(storeA.entryKey('build-1', 'data-ttl'))).toBeGreaterThan(0);
      expect(await client.ttl(`${prefix}:tags`)).toBe(-1);
    });
  });

  it('refuses every older entry when the tag bookkeeping was lost (evicted or flushed)', async () => {
    await render('/en/posts/kept', page('<p>kept</p>', { tags: 'other' }));
    await withRedis((client) => client.del(`${prefix}:tags`));
    expect(await onB().get('/en/posts/kept', {})).toBeNull();
    await render('/en/posts/kept', page('<p>kept again</p>', { tags: 'other' }), {}, onB());
    expect(await onA().get('/en/posts/kept', {})).not.toBeNull();
  });
});
