// Makes API keys for tests through the same repository the Studio uses; returns the plain key.
import type { Kysely } from 'kysely';
import type { ApiKeyScope } from '@/core/api-keys/api-key';
import { createApiKeysRepository } from '@/db/repositories/api-keys';
import type { Database } from '@/db/schema';

export async function createTestApiKey(
  db: Kysely<Database>,
  options: { scope: ApiKeyScope; userId: string; allowedOrigins?: string[]; rateLimitPerMinute?: number; name?: string },
): Promise<string> {
  const { key } = await createApiKeysRepository(db).create(
    { name: options.name ?? `test ${options.scope} key`, scope: options.scope, allowedOrigins: options.allowedOrigins ?? [], rateLimitPerMinute: options.rateLimitPerMinute },
    options.userId,
  );
  return key;
}
