// What a presented key was found to be (its account, that account's role, or nothing),
// kept two seconds so a busy program costs one database read per key every two seconds.
// A revocation, a role change or an account's removal forgets the entries it touches at
// once on this instance; other instances forget them within the two seconds.
//
// The cache lives on globalThis: Next bundles this module once for the route handlers and
// again for the Studio's server actions, and a revocation made by an action must reach the
// copy the API's routes read.
import type { ActiveApiKey } from '@/db/repositories/api-keys';

export const keyCacheMs = 2_000;
const maxEntries = 2_000;

interface KeyCache {
  entries: Map<string, { key: ActiveApiKey | null; until: number }>;
  /** Moves on every forget: a lookup that began before it does not store what it read. */
  generation: number;
}

const globalKey = Symbol.for('duet.apiKeyCache');
const holder = globalThis as unknown as Record<symbol, KeyCache | undefined>;
const cache: KeyCache = (holder[globalKey] ??= { entries: new Map(), generation: 0 });

/**
 * The key behind `text`, from the cache or from `read`. A forget while `read` runs (a role
 * changed meanwhile) keeps its result out of the cache, so the old role is not kept on.
 */
export async function cachedKey(text: string, read: () => Promise<ActiveApiKey | null>, now = Date.now()): Promise<ActiveApiKey | null> {
  const hit = cache.entries.get(text);
  if (hit && hit.until > now) return hit.key;
  const generation = cache.generation;
  const key = await read();
  if (generation === cache.generation) {
    if (cache.entries.size >= maxEntries) cache.entries.clear();
    cache.entries.set(text, { key, until: now + keyCacheMs });
  }
  return key;
}

/**
 * Forgets what the cache holds for the keys of `userId` (a role change, a removal), or for
 * every key (a revocation; tests). Keys found to be invalid are kept: forgetting cannot
 * make them valid.
 */
export function forgetCachedKeys(userId?: string): void {
  cache.generation += 1;
  if (userId === undefined) {
    cache.entries.clear();
    return;
  }
  for (const [text, entry] of cache.entries) if (entry.key?.user.id === userId) cache.entries.delete(text);
}
