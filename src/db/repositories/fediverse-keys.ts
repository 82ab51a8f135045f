// The key pairs of each language's actor, as JWK text: made once by whichever instance
// asks first (an insert that yields to a row already there), then read by every instance.
import type { Kysely } from 'kysely';
import type { Locale } from '@/core/locales';
import type { Database } from '../schema';
import { toIsoTimestamp } from './map-rows';

export interface StoredKeyPair {
  algorithm: string;
  privateJwk: string;
  publicJwk: string;
}

export function createFediverseKeys(db: Kysely<Database>) {
  return {
    async list(locale: Locale): Promise<StoredKeyPair[]> {
      const rows = await db.selectFrom('fediverse_keys').select(['algorithm', 'private_jwk', 'public_jwk']).where('locale', '=', locale).orderBy('algorithm', 'desc').execute();
      return rows.map((r) => ({ algorithm: r.algorithm, privateJwk: r.private_jwk, publicJwk: r.public_jwk }));
    },

    /** Stores a pair unless one of this algorithm is there already (another instance won). */
    async addIfMissing(locale: Locale, pair: StoredKeyPair, now = new Date()): Promise<void> {
      await db
        .insertInto('fediverse_keys')
        .values({ locale, algorithm: pair.algorithm, private_jwk: pair.privateJwk, public_jwk: pair.publicJwk, created_at: toIsoTimestamp(now) })
        .onConflict((oc) => oc.columns(['locale', 'algorithm']).doNothing())
        .execute();
    },
  };
}
