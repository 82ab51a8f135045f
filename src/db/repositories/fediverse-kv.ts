// Fedify's key–value store over Duet's own database (server/fediverse/kv-store.ts adapts it
// to Fedify's interface): values are JSON text, a key is its parts URI-encoded and joined by
// '/', so a prefix of parts is a prefix of text. An expired value reads as missing and is
// removed by `prune`. Compare-and-swap is one UPDATE (or INSERT) whose condition is the old
// value, so two instances racing on a key never both win.
import { sql, type ExpressionBuilder, type Kysely } from 'kysely';
import type { Database } from '../schema';

export type KvParts = readonly string[];

export const encodeKvKey = (parts: KvParts): string => parts.map((p) => encodeURIComponent(p)).join('/');
export const decodeKvKey = (key: string): string[] => key.split('/').map((p) => decodeURIComponent(p));

const notExpired = (nowIso: string) => (eb: ExpressionBuilder<Database, 'fediverse_kv'>) =>
  eb.or([eb('expires_at', 'is', null), eb('expires_at', '>', nowIso)]);

export function createFediverseKv(db: Kysely<Database>) {
  return {
    async get(parts: KvParts, now = new Date()): Promise<unknown> {
      const row = await db
        .selectFrom('fediverse_kv')
        .select('value')
        .where('key', '=', encodeKvKey(parts))
        .where(notExpired(now.toISOString()))
        .executeTakeFirst();
      return row === undefined ? undefined : (JSON.parse(row.value) as unknown);
    },

    async set(parts: KvParts, value: unknown, ttlMs: number | null, now = new Date()): Promise<void> {
      const text = JSON.stringify(value ?? null);
      const expires = ttlMs === null ? null : new Date(now.getTime() + ttlMs).toISOString();
      await db
        .insertInto('fediverse_kv')
        .values({ key: encodeKvKey(parts), value: text, expires_at: expires })
        .onConflict((oc) => oc.column('key').doUpdateSet({ value: text, expires_at: expires }))
        .execute();
    },

    async delete(parts: KvParts): Promise<void> {
      await db.deleteFrom('fediverse_kv').where('key', '=', encodeKvKey(parts)).execute();
    },

    /** Sets `next` only while the stored value is `expected` (undefined: absent). True when it did. */
    async cas(parts: KvParts, expected: unknown, next: unknown, ttlMs: number | null, now = new Date()): Promise<boolean> {
      const key = encodeKvKey(parts);
      const nowIso = now.toISOString();
      const text = JSON.stringify(next ?? null);
      const expires = ttlMs === null ? null : new Date(now.getTime() + ttlMs).toISOString();
      if (expected === undefined) {
        // An expired row is absent: clear it first so the insert can take its place.
        await db.deleteFrom('fediverse_kv').where('key', '=', key).where('expires_at', '<=', nowIso).execute();
        const inserted = await db
          .insertInto('fediverse_kv')
          .values({ key, value: text, expires_at: expires })
          .onConflict((oc) => oc.column('key').doNothing())
          .executeTakeFirst();
        return Number(inserted.numInsertedOrUpdatedRows ?? 0) > 0;
      }
      const updated = await db
        .updateTable('fediverse_kv')
        .set({ value: text, expires_at: expires })
        .where('key', '=', key)
        .where('value', '=', JSON.stringify(expected))
        .where(notExpired(nowIso))
        .executeTakeFirst();
      return Number(updated.numUpdatedRows) > 0;
    },

    /** Every live entry whose key starts with these parts (all of them without a prefix). */
    async list(prefix: KvParts | undefined, now = new Date()): Promise<Array<{ key: string[]; value: unknown }>> {
      let query = db.selectFrom('fediverse_kv').select(['key', 'value']).where(notExpired(now.toISOString()));
      if (prefix && prefix.length > 0) {
        const p = encodeKvKey(prefix);
        query = query.where((eb) => eb.or([eb('key', '=', p), eb(sql<string>`substr(${sql.ref('key')}, 1, ${p.length + 1})`, '=', `${p}/`)]));
      }
      const rows = await query.orderBy('key').execute();
      return rows.map((r) => ({ key: decodeKvKey(r.key), value: JSON.parse(r.value) as unknown }));
    },

    /** Removes expired values. */
    async prune(now = new Date()): Promise<void> {
      await db.deleteFrom('fediverse_kv').where('expires_at', '<=', now.toISOString()).execute();
    },
  };
}
