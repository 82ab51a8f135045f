import { describe, expect, it } from 'vitest';
import MemoryCacheHandler, { cacheStats } from './memory-cache-handler.mjs';

// A small bound, so the eviction test needs little memory.
process.env.DUET_CACHE_MAX_MB = '8';

const page = (html: string, status = 200, tags = 'content,_N_T_/en/posts/a') => ({
  kind: 'APP_PAGE',
  html,
  rscData: Buffer.from('rsc'),
  status,
  headers: { 'x-next-cache-tags': tags },
});

describe('MemoryCacheHandler', () => {
  const cache = new MemoryCacheHandler();

  it('keeps a page and gives it back', async () => {
    await cache.set('/en/posts/a', page('<p>a</p>'), { cacheControl: { revalidate: 60 } });
    expect(await cache.get('/en/posts/a')).toMatchObject({ value: { html: '<p>a</p>' }, cacheControl: { revalidate: 60 } });
  });

  it('never keeps a not-found or failed render', async () => {
    await cache.set('/en/posts/missing', page('not found', 404), {});
    await cache.set('/en/posts/broken', page('error', 500), {});
    await cache.set('/en/posts/x/og.png', { kind: 'APP_ROUTE', body: Buffer.from(''), status: 404, headers: {} }, {});
    expect(await cache.get('/en/posts/missing')).toBeNull();
    expect(await cache.get('/en/posts/broken')).toBeNull();
    expect(await cache.get('/en/posts/x/og.png')).toBeNull();
  });

  it('drops every entry carrying a revalidated tag, pages and data alike', async () => {
    await cache.set('data', { kind: 'FETCH', data: { body: '{}' }, revalidate: false }, { fetchCache: true, tags: ['content'] });
    await cache.set('/en/about', page('<p>about</p>'), {});
    await cache.set('/en/other', page('<p>other</p>', 200, 'other'), {});
    await cache.revalidateTag(['content']);
    expect(await cache.get('data')).toBeNull();
    expect(await cache.get('/en/about')).toBeNull();
    expect(await cache.get('/en/other')).not.toBeNull();
  });

  it('stays within its size bound, dropping the least recently used first', async () => {
    const { maxBytes } = cacheStats();
    const big = 'x'.repeat(Math.floor(maxBytes / 10));
    await cache.set('/first', page(big), {});
    for (let i = 0; i < 30; i++) {
      await cache.set(`/page-${i}`, page(big), {});
      await cache.get('/first'); // kept warm: it survives
    }
    expect(cacheStats().bytes).toBeLessThanOrEqual(maxBytes);
    expect(await cache.get('/first')).not.toBeNull();
    expect(await cache.get('/page-0')).toBeNull();
    expect(cacheStats().evictions).toBeGreaterThan(0);
  });
});
