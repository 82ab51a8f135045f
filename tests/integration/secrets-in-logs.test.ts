// No key reaches a log line, on both databases: a key sent as ?key=, ?api_key= or in the
// Authorization header, answered 200, 401, 403, 404, 429 or 500, leaves the log lines
// `defineRoute` and the key's usage log write with `[redacted]` where it was. The logger is
// the server's own (its redaction), writing to an array instead of stdout.
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { AppError } from '@/core/errors/app-error';
import { migrateToLatest } from '@/db/migrate';
import { createAccount } from '@/server/auth/accounts';
import { defineRoute } from '@/server/api/define-route';
import { forgetCachedKeys } from '@/server/api-keys/key-cache';
import { resetRateLimits } from '@/server/api-keys/rate-limit';
import { withApiKey } from '@/server/api-keys/require-api-key';
import { flushKeyUses } from '@/server/api-keys/usage-log';
import { redactedMarker } from '@/server/log-redaction';
import { createTestApiKey } from './helpers/api-keys';
import { unique } from './helpers/factories';
import { forgetGlobalDatabase, useAsGlobalDatabase } from './helpers/global-database';
import { testTargets, type TestDatabase } from './helpers/test-databases';

const logLines = vi.hoisted(() => [] as string[]);
vi.mock('@/server/logger', async (importOriginal) => {
  const actual = await importOriginal<typeof import('@/server/logger')>();
  return { ...actual, logger: actual.createLogger({ level: 'debug', destination: { write: (line: string) => void logLines.push(line) } }) };
});

const base = 'http://localhost/api/v1/content/probe';

/** A keyed route that answers 200, or fails as `?fail=` says: 404, or a fault whose message holds the key. */
const probe = defineRoute({
  GET: withApiKey('content', (request, { key }) => {
    const url = new URL(request.url);
    if (url.searchParams.get('fail') === 'missing') throw new AppError('NOT_FOUND', 'There is no such post.');
    if (url.searchParams.get('fail') === 'fault') throw new Error(`could not use ${url.searchParams.get('key') ?? request.headers.get('authorization')} for ${key.user.email}`);
    return Response.json({ ok: true });
  }),
});
const adminProbe = defineRoute({ POST: withApiKey('admin', () => Response.json({ ok: true })) }, { writesFrom: 'any' });

const call = (url: string, headers: Record<string, string> = {}) => probe.GET(new Request(url, { headers }), { params: Promise.resolve({}) });

for (const target of testTargets) {
  describe.skipIf(target.skip)(`secrets in the log (${target.name})`, () => {
    let t: TestDatabase;
    let userId: string;
    beforeAll(async () => {
      t = await target.open();
      await migrateToLatest(t.db);
      useAsGlobalDatabase(t.db);
      userId = (await createAccount(t.db, { name: 'Logged', email: `${unique('log')}@example.com`, password: 'long password', role: 'admin' })).id;
    });
    afterAll(async () => {
      await flushKeyUses();
      forgetGlobalDatabase();
      await t?.close();
    });
    beforeEach(() => {
      logLines.length = 0;
      forgetCachedKeys();
      resetRateLimits();
    });

    /** The lines written since the test began: none holds the key, and some say `[redacted]` where it was. */
    function expectNoKeyLogged(key: string, minimumLines: number) {
      expect(logLines.length).toBeGreaterThanOrEqual(minimumLines);
      const log = logLines.join('');
      expect(log).not.toContain(key);
      expect(log).not.toContain(key.slice(12));
      expect(log).toContain(redactedMarker);
    }

    it('a key in ?key= is never logged, whatever the answer', async () => {
      const key = await createTestApiKey(t.db, { scope: 'content', userId, rateLimitPerMinute: 3 });
      const statuses = [];
      for (const fail of ['', '&fail=missing', '&fail=fault', '', '']) statuses.push((await call(`${base}?key=${key}${fail}`)).status);
      expect(statuses).toEqual([200, 404, 500, 429, 429]);
      const refused = await adminProbe.POST(new Request(`${base}?key=${key}`, { method: 'POST' }), { params: Promise.resolve({}) });
      expect(refused.status).toBe(403);
      const unknown = `duet_c_${'Q'.repeat(43)}`;
      expect((await call(`${base}?key=${unknown}`)).status).toBe(401);
      expectNoKeyLogged(key, 6);
      expectNoKeyLogged(unknown, 1);
      // What the lines are about is still there: the path, the status, the request.
      expect(logLines.some((line) => line.includes('"status":429') && line.includes(`/api/v1/content/probe?key=${redactedMarker}`))).toBe(true);
    });

    it('a key in ?api_key= or an escaped ?%6Bey= is never logged either', async () => {
      const key = await createTestApiKey(t.db, { scope: 'content', userId });
      expect((await call(`${base}?api_key=${key}`)).status).toBe(401);
      expect((await call(`${base}?%6Bey=${key}`)).status).toBe(200);
      expectNoKeyLogged(key, 2);
    });

    it('a key in the Authorization header is never logged', async () => {
      const key = await createTestApiKey(t.db, { scope: 'content', userId });
      const authorization = { authorization: `Bearer ${key}` };
      expect((await call(`${base}?fail=missing`, authorization)).status).toBe(404);
      expect((await call(base, { authorization: `Bearer ${key}x` })).status).toBe(401);
      expect((await call(`${base}?fail=fault`, authorization)).status).toBe(500);
      expectNoKeyLogged(key, 3);
    });
  });
}
