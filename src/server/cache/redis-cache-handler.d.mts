// Types of redis-cache-handler.mjs, which Next loads as plain JavaScript.
import type { RedisCacheStore } from './redis-cache-store.mjs';

export default class RedisCacheHandler {
  constructor(options?: { serverDistDir?: string; store?: RedisCacheStore; buildId?: string });
  get(key: string, ctx?: { tags?: string[]; softTags?: string[]; revalidate?: number | false; kind?: string }): Promise<{ value: unknown; lastModified: number; cacheControl?: unknown } | null>;
  set(key: string, value: unknown, ctx?: { tags?: string[]; fetchCache?: boolean; cacheControl?: unknown }): Promise<void>;
  revalidateTag(tags: string | string[], durations?: unknown): Promise<void>;
  resetRequestCache(): void;
}
