// API keys on both databases, as a program meets them through a route: only a hash is
// stored, scope and revocation hold, the account's current role is what the key acts with,
// the rate is limited with Retry-After, CORS follows the key, and every answer is logged.
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { AppError } from '@/core/errors/app-error';
import { migrateToLatest } from '@/db/migrate';
import { createApiKeysRepository, hashApiKey } from '@/db/repositories/api-keys';
import * as adminCreate from '@/app/api/v1/admin/posts/route';
import { createAccount } from '@/server/auth/accounts';
import { changeAccountRole, removeAccount } from '@/server/auth/manage-accounts';
import { defineRoute } from '@/server/api/define-route';
import { forgetCachedKeys } from '@/server/api-keys/key-cache';
import { requireApiKey, withApiKey } from '@/server/api-keys/require-api-key';
import { resetRateLimits } from '@/server/api-keys/rate-limit';
import { flushKeyUses } from '@/server/api-keys/usage-log';
import { createTestApiKey } from './helpers/api-keys';
import { unique } from './helpers/factories';
import { forgetGlobalDatabase, useAsGlobalDatabase } from './helpers/global-database';
import { testTargets, type TestDatabase } from './helpers/test-databases';

// Outside a Next server there is no cache to revalidate.
vi.mock('next/cache', () => ({ revalidateTag: vi.fn(), unstable_cache: <T>(read: T) => read }));

const base = 'http://localhost/api/v1/content/probe';

/** A keyed GET route: answers 200 with the key's role, or throws what `?fail=` names. */
const probe = defineRoute({
  GET: withApiKey('content', (request, { key }) => {
    if (new URL(request.url).searchParams.get('fail') === 'missing') throw new AppError('NOT_FOUND', 'There is no such post.');
    return Response.json({ role: key.user.role, scope: key.scope });
  }),
});

const call = (url: string, headers: Record<string, string> = {}) => probe.GET(new Request(url, { headers }), { params: Promise.resolve({}) });
const bearer = (key: string) => ({ authorization: `Bearer ${key}` });

async function refusal(promise: Promise<unknown>): Promise<AppError> {
  const error = await promise.then(() => null, (e: unknown) => e);
  expect(error).toBeInstanceOf(AppError);
  return error as AppError;
}

for (const target of testTargets) {
  describe.skipIf(target.skip)(`API keys (${target.name})`, () => {
    let t: TestDatabase;
    let adminUser: string;
    beforeAll(async () => {
      t = await target.open();
      await migrateToLatest(t.db);
      useAsGlobalDatabase(t.db);
      adminUser = (await createAccount(t.db, { name: 'Key maker', email: `${unique('k')}@example.com`, password: 'long password', role: 'admin' })).id;
    });
    afterAll(async () => {
      await flushKeyUses();
      forgetGlobalDatabase();
      await t?.close();
    });
    beforeEach(() => {
      forgetCachedKeys();
      resetRateLimits();
    });

    it('stores only a hash: the key is shown once and never kept', async () => {
      const repo = createApiKeysRepository(t.db);
      const { key, summary } = await repo.create({ name: 'App', scope: 'content', allowedOrigins: [] }, adminUser);
      const row = await t.db.selectFrom('api_keys').selectAll().where('id', '=', summary.id).executeTakeFirstOrThrow();
      expect(row.key_hash).toBe(hashApiKey(key));
      expect(JSON.stringify(row)).not.toContain(key.slice(12));
      expect(summary).toMatchObject({ name: 'App', scope: 'content', prefix: key.slice(0, 12), rateLimitPerMinute: 600, revokedAt: null, userName: 'Key maker' });
      expect(JSON.stringify(await repo.list())).not.toContain(key.slice(12));
    });

    it('refuses a missing, mistyped or unknown key with 401 and says how to send one', async () => {
      const missing = await call(base);
      expect(missing.status).toBe(401);
      expect(await missing.json()).toMatchObject({ error: { reason: 'api-key-missing' } });
      for (const key of ['nonsense', `duet_c_${'x'.repeat(43)}`]) {
        const answer = await call(base, bearer(key));
        expect(answer.status).toBe(401);
        expect((await answer.json()).error.reason).toBe('api-key-invalid');
      }
    });

    it('takes the key from the header or from ?key=, and acts with the account\'s current role', async () => {
      const key = await createTestApiKey(t.db, { scope: 'admin', userId: adminUser });
      expect(await (await call(base, bearer(key))).json()).toEqual({ role: 'admin', scope: 'admin' });
      expect((await call(`${base}?key=${key}`)).status).toBe(200);
      await t.db.updateTable('auth_users').set({ role: 'translator' }).where('id', '=', adminUser).execute();
      forgetCachedKeys();
      expect(await (await call(base, bearer(key))).json()).toEqual({ role: 'translator', scope: 'admin' });
      await t.db.updateTable('auth_users').set({ role: 'admin' }).where('id', '=', adminUser).execute();
    });

    it('keeps a content key to reading: the admin scope refuses it with 403', async () => {
      const content = await createTestApiKey(t.db, { scope: 'content', userId: adminUser });
      const admin = await createTestApiKey(t.db, { scope: 'admin', userId: adminUser });
      const request = (key: string) => new Request(base, { headers: bearer(key) });
      expect((await refusal(requireApiKey(request(content), 'admin'))).reason).toBe('api-key-scope');
      await expect(requireApiKey(request(admin), 'admin')).resolves.toMatchObject({ scope: 'admin' });
      await expect(requireApiKey(request(admin), 'content')).resolves.toMatchObject({ scope: 'admin' });
    });

    it('stops a revoked key, and a key whose account is gone', async () => {
      const repo = createApiKeysRepository(t.db);
      const key = await createTestApiKey(t.db, { scope: 'content', userId: adminUser });
      const id = (await repo.list()).find((k) => key.startsWith(k.prefix))!.id;
      expect((await call(base, bearer(key))).status).toBe(200);
      expect(await repo.revoke(id, adminUser)).toBe(true);
      expect(await repo.revoke(id, adminUser)).toBe(false);
      forgetCachedKeys();
      expect((await call(base, bearer(key))).status).toBe(401);

      const leaving = await createAccount(t.db, { name: 'Leaving', email: `${unique('l')}@example.com`, password: 'long password', role: 'owner' });
      const orphan = await createTestApiKey(t.db, { scope: 'content', userId: leaving.id });
      expect((await call(base, bearer(orphan))).status).toBe(200);
      await t.db.deleteFrom('authors').where('user_id', '=', leaving.id).execute();
      await t.db.deleteFrom('auth_accounts').where('user_id', '=', leaving.id).execute();
      await t.db.deleteFrom('auth_users').where('id', '=', leaving.id).execute();
      forgetCachedKeys();
      expect((await call(base, bearer(orphan))).status).toBe(401);
    });

    it('acts with the new role from the very next request after a role change, and not at all after a removal', async () => {
      const demoted = await createAccount(t.db, { name: 'Demoted', email: `${unique('d')}@example.com`, password: 'long password', role: 'admin' });
      const key = await createTestApiKey(t.db, { scope: 'admin', userId: demoted.id });
      const createDraft = (title: string) =>
        adminCreate.POST(
          new Request('http://localhost/api/v1/admin/posts', { method: 'POST', headers: { ...bearer(key), 'content-type': 'application/json' }, body: JSON.stringify({ title, sourceLocale: 'en' }) }),
          { params: Promise.resolve({}) },
        );
      // The key is now cached as an admin's.
      expect((await createDraft('While an admin')).status).toBe(201);
      expect(await (await call(base, bearer(key))).json()).toEqual({ role: 'admin', scope: 'admin' });
      await changeAccountRole(t.db, demoted.id, 'translator');
      const refused = await createDraft('After the demotion');
      expect(refused.status).toBe(403);
      expect(await (await call(base, bearer(key))).json()).toEqual({ role: 'translator', scope: 'admin' });
      await removeAccount(t.db, demoted.id);
      expect((await call(base, bearer(key))).status).toBe(401);
    });

    it('limits a key to its rate per minute, with Retry-After', async () => {
      const key = await createTestApiKey(t.db, { scope: 'content', userId: adminUser, rateLimitPerMinute: 3 });
      const statuses = [];
      for (let i = 0; i < 4; i++) statuses.push((await call(base, bearer(key))).status);
      expect(statuses).toEqual([200, 200, 200, 429]);
      const limited = await call(base, bearer(key));
      expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
      expect((await limited.json()).error.reason).toBe('api-key-rate');
    });

    it('lets only the key\'s origins read answers in a browser, errors included', async () => {
      const key = await createTestApiKey(t.db, { scope: 'content', userId: adminUser, allowedOrigins: ['https://app.example'] });
      const allowed = await call(`${base}?fail=missing`, { ...bearer(key), origin: 'https://app.example' });
      expect(allowed.status).toBe(404);
      expect(allowed.headers.get('access-control-allow-origin')).toBe('https://app.example');
      const other = await call(base, { ...bearer(key), origin: 'https://evil.example' });
      expect(other.headers.get('access-control-allow-origin')).toBeNull();
      const any = await createTestApiKey(t.db, { scope: 'content', userId: adminUser, allowedOrigins: ['*'] });
      expect((await call(base, { ...bearer(any), origin: 'https://anywhere.example' })).headers.get('access-control-allow-origin')).toBe('*');
    });

    it('logs every use with its status, never the key itself', async () => {
      const repo = createApiKeysRepository(t.db);
      const key = await createTestApiKey(t.db, { scope: 'content', userId: adminUser, name: 'Logged' });
      await call(`${base}?key=${key}`);
      await call(`${base}?key=${key}&fail=missing`);
      await flushKeyUses();
      const summary = (await repo.list()).find((k) => k.name === 'Logged')!;
      const uses = await repo.listUses(summary.id);
      expect(uses.map((u) => [u.method, u.path, u.status])).toEqual([
        ['GET', '/api/v1/content/probe', 404],
        ['GET', '/api/v1/content/probe', 200],
      ]);
      expect(summary.lastUsedAt).not.toBeNull();
      expect(JSON.stringify(uses)).not.toContain(key);
    });
  });
}
