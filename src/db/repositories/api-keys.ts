// API keys in the database: made (the plain key is returned once and never stored), found
// by the hash of a presented key together with the account it acts for, revoked, and
// their uses written in batches and read back for the Studio.
import { createHash, randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import { defaultRateLimits, formatApiKey, keyPrefix, type ApiKeyScope, type CreateApiKeyInput } from '@/core/api-keys/api-key';
import { isRole, type Role } from '@/core/auth/permissions';
import type { Database } from '@/db/schema';

export function hashApiKey(key: string): string {
  return createHash('sha256').update(key).digest('hex');
}

export interface ApiKeySummary {
  id: number;
  name: string;
  scope: ApiKeyScope;
  prefix: string;
  allowedOrigins: string[];
  rateLimitPerMinute: number;
  createdAt: string;
  lastUsedAt: string | null;
  revokedAt: string | null;
  userId: string;
  userName: string | null;
}

/** A live key with the account it acts for, as a request presents it. */
export interface ActiveApiKey {
  id: number;
  scope: ApiKeyScope;
  allowedOrigins: string[];
  rateLimitPerMinute: number;
  user: { id: string; role: Role; authorId: number | null; name: string; email: string };
}

export interface ApiKeyUseRow {
  keyId: number;
  at: string;
  method: string;
  path: string;
  status: number;
  ip: string | null;
  requestId: string | null;
}

function readOrigins(json: string): string[] {
  try {
    const value: unknown = JSON.parse(json);
    return Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string') : [];
  } catch {
    return [];
  }
}

const asScope = (value: string): ApiKeyScope => (value === 'admin' ? 'admin' : 'content');

export function createApiKeysRepository(db: Kysely<Database>) {
  return {
    /** Makes a key for `userId`; the plain key is in the answer and nowhere else. */
    async create(input: CreateApiKeyInput, userId: string, now = new Date()): Promise<{ key: string; summary: ApiKeySummary }> {
      const key = formatApiKey(input.scope, randomBytes(32));
      const row = await db
        .insertInto('api_keys')
        .values({
          name: input.name,
          scope: input.scope,
          prefix: keyPrefix(key),
          key_hash: hashApiKey(key),
          user_id: userId,
          allowed_origins: JSON.stringify(input.allowedOrigins),
          rate_limit_per_minute: input.rateLimitPerMinute ?? defaultRateLimits[input.scope],
          created_at: now.toISOString(),
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      const summary = (await this.list()).find((k) => k.id === row.id);
      if (!summary) throw new Error('The new key was not found.');
      return { key, summary };
    },

    async list(): Promise<ApiKeySummary[]> {
      const rows = await db
        .selectFrom('api_keys')
        .leftJoin('auth_users', 'auth_users.id', 'api_keys.user_id')
        .select(['api_keys.id', 'api_keys.name', 'api_keys.scope', 'api_keys.prefix', 'api_keys.allowed_origins', 'api_keys.rate_limit_per_minute'])
        .select(['api_keys.created_at', 'api_keys.last_used_at', 'api_keys.revoked_at', 'api_keys.user_id', 'auth_users.name as user_name'])
        .orderBy('api_keys.revoked_at', (ob) => ob.desc().nullsFirst())
        .orderBy('api_keys.id', 'desc')
        .execute();
      return rows.map((r) => ({
        id: r.id,
        name: r.name,
        scope: asScope(r.scope),
        prefix: r.prefix,
        allowedOrigins: readOrigins(r.allowed_origins),
        rateLimitPerMinute: r.rate_limit_per_minute,
        createdAt: r.created_at,
        lastUsedAt: r.last_used_at,
        revokedAt: r.revoked_at,
        userId: r.user_id,
        userName: r.user_name ?? null,
      }));
    },

    /** The key a request presents, if it exists, is not revoked, and its account still has a role. */
    async findActive(key: string): Promise<ActiveApiKey | null> {
      const row = await db
        .selectFrom('api_keys')
        .innerJoin('auth_users', 'auth_users.id', 'api_keys.user_id')
        .leftJoin('authors', 'authors.user_id', 'auth_users.id')
        .select(['api_keys.id', 'api_keys.scope', 'api_keys.allowed_origins', 'api_keys.rate_limit_per_minute'])
        .select(['auth_users.id as user_id', 'auth_users.role', 'auth_users.name', 'auth_users.email', 'authors.id as author_id'])
        .where('api_keys.key_hash', '=', hashApiKey(key))
        .where('api_keys.revoked_at', 'is', null)
        .executeTakeFirst();
      if (!row || !isRole(row.role)) return null;
      return {
        id: row.id,
        scope: asScope(row.scope),
        allowedOrigins: readOrigins(row.allowed_origins),
        rateLimitPerMinute: row.rate_limit_per_minute,
        user: { id: row.user_id, role: row.role, authorId: row.author_id ?? null, name: row.name, email: row.email },
      };
    },

    /** Revokes a key; true when it was live. Revoked keys stay listed, with their uses. */
    async revoke(id: number, byUserId: string, now = new Date()): Promise<boolean> {
      const result = await db
        .updateTable('api_keys')
        .set({ revoked_at: now.toISOString(), revoked_by: byUserId })
        .where('id', '=', id)
        .where('revoked_at', 'is', null)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) > 0;
    },

    /** Writes a batch of uses and each key's latest use, in one transaction. */
    async recordUses(uses: ApiKeyUseRow[]): Promise<void> {
      if (uses.length === 0) return;
      const latest = new Map<number, string>();
      for (const use of uses) if ((latest.get(use.keyId) ?? '') < use.at) latest.set(use.keyId, use.at);
      await db.transaction().execute(async (trx) => {
        for (let i = 0; i < uses.length; i += 200) {
          const values = uses.slice(i, i + 200).map((u) => ({ key_id: u.keyId, at: u.at, method: u.method, path: u.path, status: u.status, ip: u.ip, request_id: u.requestId }));
          await trx.insertInto('api_key_uses').values(values).execute();
        }
        for (const [keyId, at] of latest) {
          await trx.updateTable('api_keys').set({ last_used_at: at }).where('id', '=', keyId).execute();
        }
      });
    },

    async listUses(keyId: number, limit = 50): Promise<ApiKeyUseRow[]> {
      const rows = await db.selectFrom('api_key_uses').selectAll().where('key_id', '=', keyId).orderBy('id', 'desc').limit(limit).execute();
      return rows.map((r) => ({ keyId: r.key_id, at: r.at, method: r.method, path: r.path, status: r.status, ip: r.ip, requestId: r.request_id }));
    },

    /** Keeps the log bounded: uses older than `before` go. */
    async pruneUses(before: Date): Promise<number> {
      const result = await db.deleteFrom('api_key_uses').where('at', '<', before.toISOString()).executeTakeFirst();
      return Number(result.numDeletedRows);
    },
  };
}

export type ApiKeysRepository = ReturnType<typeof createApiKeysRepository>;
