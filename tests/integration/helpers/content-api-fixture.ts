// What the Content API suites share: a migrated test database made the process's own (the
// route handlers reach it through getDatabase()), the repositories that write content as
// the Studio does, an owner with a content key, and `get`, which calls a route handler as
// Next would and checks its answer against the OpenAPI document. The suites mock
// next/cache and next-intl/server with helpers/next-doubles.ts.
import { renderDocument } from '@/core/markdown/render-document';
import { migrateToLatest } from '@/db/migrate';
import { createContentRepository } from '@/db/repositories/content-repository';
import { createPublishingRepository } from '@/db/repositories/publishing-repository';
import { createStudioRepository } from '@/db/repositories/studio-repository';
import { forgetCachedKeys } from '@/server/api-keys/key-cache';
import { resetRateLimits } from '@/server/api-keys/rate-limit';
import { flushKeyUses } from '@/server/api-keys/usage-log';
import { createAccount } from '@/server/auth/accounts';
import { createTestApiKey } from './api-keys';
import { unique } from './factories';
import { forgetGlobalDatabase, useAsGlobalDatabase as makeProcessDatabase } from './global-database';
import { clearCacheDouble } from './next-doubles';
import { callWithContract } from './openapi-contract';
import type { TestTarget } from './test-databases';

export type RouteHandler = (request: Request, context: { params: Promise<Record<string, string | string[]>> }) => Promise<Response>;

export const origin = 'http://localhost';

export async function openContentApi(target: TestTarget) {
  const t = await target.open();
  await migrateToLatest(t.db);
  makeProcessDatabase(t.db);
  clearCacheDouble();
  forgetCachedKeys();
  resetRateLimits();
  const owner = await createAccount(t.db, { name: 'Owner', email: `${unique('owner')}@example.com`, password: 'a long enough password', role: 'owner' });
  const key = await createTestApiKey(t.db, { scope: 'content', userId: owner.id, allowedOrigins: ['https://reader.example'], rateLimitPerMinute: 100_000 });

  /** GET `path` through `handler` with the key (unless `headers` says otherwise), checked against the contract. */
  async function get(handler: RouteHandler, path: string, params: Record<string, string> = {}, headers: Record<string, string> = {}, method = 'GET') {
    const request = new Request(`${origin}${path}`, { method, headers: { authorization: `Bearer ${key}`, ...headers } });
    const { response, body } = await callWithContract(handler, request, params);
    return { response, status: response.status, body: body as any }; // eslint-disable-line @typescript-eslint/no-explicit-any
  }

  return {
    t,
    key,
    ownerId: owner.id,
    content: createContentRepository(t.db, renderDocument),
    studio: createStudioRepository(t.db, renderDocument),
    publishing: createPublishingRepository(t.db, renderDocument),
    get,
    async close() {
      await flushKeyUses();
      forgetGlobalDatabase();
      await t.close();
    },
  };
}

export type ContentApiFixture = Awaited<ReturnType<typeof openContentApi>>;
