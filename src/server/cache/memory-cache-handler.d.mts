// Types of memory-cache-handler.mjs, which Next loads as plain JavaScript.
export default class MemoryCacheHandler {
  constructor(options?: unknown);
  get(key: string, ctx?: unknown): Promise<{ value: unknown; lastModified: number; cacheControl?: unknown } | null>;
  set(key: string, value: unknown, ctx?: { tags?: string[]; fetchCache?: boolean; cacheControl?: unknown }): Promise<void>;
  revalidateTag(tags: string | string[], durations?: unknown): Promise<void>;
  resetRequestCache(): void;
}

export function cacheStats(): { entries: number; bytes: number; maxBytes: number; evictions: number; refusedErrors: number };
