// Each language actor's two key pairs (#29): RSA for HTTP Signatures (what Mastodon checks)
// and Ed25519 for Object Integrity Proofs, made once, stored in fediverse_keys and shared by
// every instance. Imported keys are kept in memory for the life of the process.
import { exportJwk, generateCryptoKeyPair, importJwk } from '@fedify/fedify';
import type { Locale } from '@/core/locales';
import type { Db } from '@/db/client';
import { createFediverseKeys } from '@/db/repositories/fediverse-keys';

const algorithms = ['RSASSA-PKCS1-v1_5', 'Ed25519'] as const;
const cache = new Map<string, Promise<CryptoKeyPair[]>>();

async function loadOrCreate(db: Db, locale: Locale): Promise<CryptoKeyPair[]> {
  const keys = createFediverseKeys(db);
  let stored = await keys.list(locale);
  const missing = algorithms.filter((a) => !stored.some((s) => s.algorithm === a));
  if (missing.length > 0) {
    for (const algorithm of missing) {
      const pair = await generateCryptoKeyPair(algorithm);
      await keys.addIfMissing(locale, { algorithm, privateJwk: JSON.stringify(await exportJwk(pair.privateKey)), publicJwk: JSON.stringify(await exportJwk(pair.publicKey)) });
    }
    // Another instance may have won the insert: read back what is stored.
    stored = await keys.list(locale);
  }
  const ordered = algorithms.map((a) => stored.find((s) => s.algorithm === a)).filter((s) => s !== undefined);
  return Promise.all(
    ordered.map(async (s) => ({
      privateKey: await importJwk(JSON.parse(s.privateJwk) as JsonWebKey, 'private'),
      publicKey: await importJwk(JSON.parse(s.publicJwk) as JsonWebKey, 'public'),
    })),
  );
}

/** RSA first (HTTP Signatures use the first RSA key), then Ed25519. */
export function actorKeyPairs(db: Db, locale: Locale): Promise<CryptoKeyPair[]> {
  const key = locale;
  let pairs = cache.get(key);
  if (!pairs) {
    pairs = loadOrCreate(db, locale);
    cache.set(key, pairs);
    pairs.catch(() => cache.delete(key));
  }
  return pairs;
}

/** Tests that swap databases start from the keys of the new one. */
export function forgetActorKeys(): void {
  cache.clear();
}
