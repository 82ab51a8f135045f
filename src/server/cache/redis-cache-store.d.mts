// Types of redis-cache-store.mjs, which Next loads as plain JavaScript.
export const TIMEOUT_MS: number;

export interface RedisCacheStore {
  entryKey(buildId: string, key: string): string;
  read(entryKey: string, knownTags: string[]): Promise<{ now: string; m?: string; v?: string } | null>;
  write(entryKey: string, entry: { since: string | null; tags: string[]; value: string; ttlSeconds: number }): Promise<boolean>;
  remove(entryKey: string): Promise<void>;
  invalidate(tags: string[]): Promise<boolean>;
  connected(): Promise<void>;
  close(): void;
}

export function createRedisCacheStore(options: { url: string; prefix?: string }): RedisCacheStore;
export function sharedRedisCacheStore(env?: Readonly<Record<string, string | undefined>>): RedisCacheStore;
