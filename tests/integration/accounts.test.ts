// Studio accounts on both databases: the owner's setup happens once, sign-in sets a
// session cookie, wrong credentials look the same whether or not the account exists, the
// throttle locks an account and an address after five failures, and a new password ends
// every session.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AppError } from '@/core/errors/app-error';
import { migrateToLatest } from '@/db/migrate';
import { countUsers, createAccount, RateLimitedError, setPassword, setupOwner, signIn } from '@/server/auth/accounts';
import { authFor } from '@/server/auth/auth';
import { unique } from './helpers/factories';
import { testTargets, type TestDatabase } from './helpers/test-databases';

const headers = () => new Headers({ 'user-agent': 'vitest' });

async function codeOf(promise: Promise<unknown>): Promise<string> {
  try {
    await promise;
    return 'ok';
  } catch (error) {
    return error instanceof AppError ? error.code : `threw ${String(error)}`;
  }
}

for (const target of testTargets) {
  describe.skipIf(target.skip)(`accounts (${target.name})`, () => {
    let t: TestDatabase;
    beforeAll(async () => {
      t = await target.open();
      await migrateToLatest(t.db);
    });
    afterAll(() => t?.close());

    it('creates the owner once, with a byline', async () => {
      expect(await countUsers(t.db)).toBe(0);
      const owner = await setupOwner(t.db, { name: '林晓', email: 'Owner@Example.com', password: 'a long passphrase' });
      expect(owner).toMatchObject({ role: 'owner', email: 'owner@example.com' });
      expect(await codeOf(setupOwner(t.db, { name: 'Other', email: 'other@example.com', password: 'another passphrase' }))).toBe('CONFLICT');
      const byline = await t.db.selectFrom('authors').select(['handle', 'user_id']).where('user_id', '=', owner.id).executeTakeFirstOrThrow();
      expect(byline.handle).toBe('lin-xiao');
      expect(await countUsers(t.db)).toBe(1);
    });

    it('refuses a second account with the same e-mail address, whatever its case', async () => {
      const email = `${unique('dup')}@example.com`;
      await createAccount(t.db, { name: 'First', email, password: 'passphrase one', role: 'author' });
      expect(await codeOf(createAccount(t.db, { name: 'Second', email: email.toUpperCase(), password: 'passphrase two', role: 'author' }))).toBe('CONFLICT');
    });

    it('signs in with the right password and sets an HttpOnly, SameSite=Lax session cookie', async () => {
      const email = `${unique('writer')}@example.com`;
      await createAccount(t.db, { name: 'Writer', email, password: 'right password', role: 'author' });
      const result = await signIn(t.db, { email, password: 'right password' }, { headers: headers(), address: '10.0.0.1' });
      const cookie = result.headers.get('set-cookie') ?? '';
      expect(cookie).toMatch(/duet\.session_token=/);
      expect(cookie).toMatch(/HttpOnly/i);
      expect(cookie).toMatch(/SameSite=Lax/i);
      const token = decodeURIComponent(/duet\.session_token=([^;]+)/.exec(cookie)![1]!);
      const session = await authFor(t.db).api.getSession({ headers: new Headers({ cookie: `duet.session_token=${encodeURIComponent(token)}` }) });
      expect(session?.user.email).toBe(email);
    });

    it('answers a wrong password and an unknown account alike', async () => {
      const email = `${unique('known')}@example.com`;
      await createAccount(t.db, { name: 'Known', email, password: 'right password', role: 'author' });
      const wrong = signIn(t.db, { email, password: 'wrong password' }, { headers: headers(), address: '10.0.0.2' });
      const unknown = signIn(t.db, { email: `nobody-${email}`, password: 'wrong password' }, { headers: headers(), address: '10.0.0.3' });
      const [a, b] = await Promise.allSettled([wrong, unknown]);
      expect(a.status).toBe('rejected');
      expect(b.status).toBe('rejected');
      const [ea, eb] = [(a as PromiseRejectedResult).reason as AppError, (b as PromiseRejectedResult).reason as AppError];
      expect([ea.code, ea.message]).toEqual([eb.code, eb.message]);
      expect(ea.code).toBe('UNAUTHENTICATED');
    });

    it('locks an account after five failures, even against the right password, with a wait', async () => {
      const email = `${unique('locked')}@example.com`;
      await createAccount(t.db, { name: 'Locked', email, password: 'right password', role: 'author' });
      const codes: string[] = [];
      for (let i = 0; i < 5; i++) {
        codes.push(await codeOf(signIn(t.db, { email, password: `wrong ${i}` }, { headers: headers(), address: `10.1.0.${i}` })));
      }
      expect(codes).toEqual(['UNAUTHENTICATED', 'UNAUTHENTICATED', 'UNAUTHENTICATED', 'UNAUTHENTICATED', 'RATE_LIMITED']);
      const error = await signIn(t.db, { email, password: 'right password' }, { headers: headers(), address: '10.1.1.1' }).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(RateLimitedError);
      expect((error as RateLimitedError).retryAfter).toBeGreaterThan(14 * 60);
    });

    it('locks an address after five failures across accounts, without saying which exist', async () => {
      const codes: string[] = [];
      for (let i = 0; i < 6; i++) {
        codes.push(await codeOf(signIn(t.db, { email: `${unique('spray')}@example.com`, password: 'guess' }, { headers: headers(), address: '10.2.0.9' })));
      }
      expect(codes.slice(4)).toEqual(['RATE_LIMITED', 'RATE_LIMITED']);
    });

    it('ends every session when the password changes', async () => {
      const email = `${unique('reset')}@example.com`;
      await createAccount(t.db, { name: 'Reset', email, password: 'old password', role: 'editor' });
      const { headers: set } = await signIn(t.db, { email, password: 'old password' }, { headers: headers(), address: '10.3.0.1' });
      const cookie = /duet\.session_token=[^;]+/.exec(set.get('set-cookie')!)![0];
      expect(await authFor(t.db).api.getSession({ headers: new Headers({ cookie }) })).not.toBeNull();
      await setPassword(t.db, email, 'new password here');
      expect(await authFor(t.db).api.getSession({ headers: new Headers({ cookie }) })).toBeNull();
      expect(await codeOf(signIn(t.db, { email, password: 'old password' }, { headers: headers(), address: '10.3.0.2' }))).toBe('UNAUTHENTICATED');
      expect(await codeOf(signIn(t.db, { email, password: 'new password here' }, { headers: headers(), address: '10.3.0.3' }))).toBe('ok');
    });
  });
}
