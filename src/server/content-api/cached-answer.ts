// The Content API's reads go through the data cache under the same `content` tag as the
// pages, so they are dropped by the same publication that refreshes the pages, and
// never change otherwise. What is kept is the serialized answer and its ETag.
import { unstable_cache } from 'next/cache';
import type { ApiContext } from '@/core/content-api/to-api-resources';
import { getDatabase, type Db } from '@/db/client';
import { ensureDatabase } from '@/server/ensure-database';
import type { Locale } from '@/core/locales';
import { toCachedJson, type CachedJson } from '@/server/api/cacheable-json';
import { contentTag } from '@/server/content';
import { absoluteUrl } from '@/core/config/site-url';

export async function contentDatabase(): Promise<Db> {
  await ensureDatabase();
  return getDatabase();
}

export function apiContext(locale: Locale | null): ApiContext {
  return { locale, absolute: absoluteUrl };
}

/**
 * A cached read named `name`, keyed by its arguments (JSON). `build` returns the answer,
 * or null for "nothing published here", which is kept too (a publication drops it).
 */
export function cachedAnswer<A extends unknown[], T>(name: string, build: (...args: A) => Promise<T | null>) {
  return (...args: A): Promise<CachedJson<T> | null> =>
    unstable_cache(
      async () => {
        const value = await build(...args);
        return value === null ? null : toCachedJson(value);
      },
      ['duet', 'content-api', name, JSON.stringify(args)],
      { tags: [contentTag] },
    )();
}
