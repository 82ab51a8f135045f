// Fedify's KvStore over Duet's own database (db/repositories/fediverse-kv.ts): caches of
// remote documents and keys, and the inbox's idempotence records, shared by every instance
// on the same database and kept across restarts.
import type { KvKey, KvStore, KvStoreListEntry, KvStoreSetOptions } from '@fedify/fedify';
import type { Db } from '@/db/client';
import { createFediverseKv } from '@/db/repositories/fediverse-kv';

const ttlMs = (options?: KvStoreSetOptions): number | null => (options?.ttl ? options.ttl.total('millisecond') : null);

export class DatabaseKvStore implements KvStore {
  readonly #kv: ReturnType<typeof createFediverseKv>;

  constructor(db: Db) {
    this.#kv = createFediverseKv(db);
  }

  async get<T = unknown>(key: KvKey): Promise<T | undefined> {
    return (await this.#kv.get(key)) as T | undefined;
  }

  set(key: KvKey, value: unknown, options?: KvStoreSetOptions): Promise<void> {
    return this.#kv.set(key, value, ttlMs(options));
  }

  delete(key: KvKey): Promise<void> {
    return this.#kv.delete(key);
  }

  cas(key: KvKey, expectedValue: unknown, newValue: unknown, options?: KvStoreSetOptions): Promise<boolean> {
    return this.#kv.cas(key, expectedValue, newValue, ttlMs(options));
  }

  async *list(prefix?: KvKey): AsyncIterable<KvStoreListEntry> {
    for (const entry of await this.#kv.list(prefix)) yield { key: entry.key as unknown as KvKey, value: entry.value };
  }
}
