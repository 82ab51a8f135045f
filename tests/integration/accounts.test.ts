// Studio accounts on both databases: the owner's setup happens once, sign-in sets a
// session cookie, wrong credentials look the same whether or not the account exists, the
// throttle locks an account and an address after five failures, and a new password ends
// every session.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AppError } from '@/core/errors/app-error';
import { migrateToLatest } from '@/db/migrate';
import { countUsers, createAccount, RateLimitedError, setPassword, setupOwner, signIn } from '@/server/auth/accounts';
import { authFor } from '@/server/auth/auth';
import { acceptInvite, createInvite, findOpenInvite, listOpenInvites, revokeInvite } from '@/server/auth/invites';
import { clearFailures, reserveAttempt } from '@/server/auth/login-throttle-store';
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

    it('counts each attempt before checking it: 100 at once with the right password at #90 give no session', async () => {
      const email = `${unique('storm')}@example.com`;
      await createAccount(t.db, { name: 'Storm', email, password: 'the right password', role: 'author' });
      const attempts = Array.from({ length: 100 }, (_, i) =>
        signIn(t.db, { email, password: i === 89 ? 'the right password' : `guess ${i}` }, { headers: headers(), address: `10.5.${Math.floor(i / 250)}.${i % 250}` }),
      );
      const results = await Promise.allSettled(attempts);
      expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(0);
      const codes = results.map((r) => ((r as PromiseRejectedResult).reason as AppError).code);
      // Five were heard (the fifth answered with the lock), the other 95 refused unheard.
      expect(codes.filter((c) => c === 'UNAUTHENTICATED').length).toBeLessThanOrEqual(5);
      expect(codes.filter((c) => c === 'RATE_LIMITED').length).toBeGreaterThanOrEqual(95);
      const row = await t.db.selectFrom('login_throttle').selectAll().where('key', '=', `account:${email}`).executeTakeFirstOrThrow();
      expect(row.locked_until).not.toBeNull();
    }, 60_000);

    it('forgets attempts older than the window, and a success forgives the ones before it', async () => {
      const keys = [`account:${unique('window')}@example.com`];
      const at = (minutes: number) => new Date(Date.UTC(2026, 10, 22, 10, minutes));
      for (const minute of [0, 4, 8, 12]) expect((await reserveAttempt(t.db, keys, at(minute))).allowed).toBe(true);
      // 16 minutes after the first: a new window, so this is attempt one of it, not five.
      expect(await reserveAttempt(t.db, keys, at(16))).toMatchObject({ allowed: true, waitIfFailed: 0 });
      for (const minute of [17, 18, 19]) await reserveAttempt(t.db, keys, at(minute));
      expect(await reserveAttempt(t.db, keys, at(20))).toMatchObject({ allowed: true, waitIfFailed: 15 * 60 });
      expect(await reserveAttempt(t.db, keys, at(21))).toMatchObject({ allowed: false, wait: 14 * 60 });
      // The lock runs out; counting starts again.
      expect(await reserveAttempt(t.db, keys, at(36))).toMatchObject({ allowed: true, waitIfFailed: 0 });
      await clearFailures(t.db, keys);
      expect(await t.db.selectFrom('login_throttle').selectAll().where('key', 'in', keys).execute()).toEqual([]);
    });

    it('invites die when revoked, or when their inviter may no longer invite', async () => {
      const inviter = await createAccount(t.db, { name: 'Inviter', email: `${unique('inviter')}@example.com`, password: 'inviter password', role: 'admin' });
      const make = async () => (await createInvite(t.db, { email: `${unique('guest')}@example.com`, role: 'editor', invitedBy: inviter.id })).token;
      const [kept, revoked, orphaned] = [await make(), await make(), await make()];
      expect(await findOpenInvite(t.db, kept)).not.toBeNull();

      const revokedEmail = (await findOpenInvite(t.db, revoked))!.email;
      await revokeInvite(t.db, (await listOpenInvites(t.db)).find((i) => i.email === revokedEmail)!.id);
      expect(await findOpenInvite(t.db, revoked)).toBeNull();
      await expect(acceptInvite(t.db, revoked, { name: 'Guest', password: 'guest password 1' })).rejects.toMatchObject({ code: 'NOT_FOUND' });

      // The inviter becomes an editor, who may not invite: every link they made dies.
      await t.db.updateTable('auth_users').set({ role: 'editor' }).where('id', '=', inviter.id).execute();
      expect(await findOpenInvite(t.db, kept)).toBeNull();
      expect(await findOpenInvite(t.db, orphaned)).toBeNull();
      expect((await listOpenInvites(t.db)).some((i) => i.email.includes('guest'))).toBe(false);
      // Back to admin: the links work again (they were never used).
      await t.db.updateTable('auth_users').set({ role: 'admin' }).where('id', '=', inviter.id).execute();
      expect(await findOpenInvite(t.db, kept)).not.toBeNull();
      await t.db.deleteFrom('auth_users').where('id', '=', inviter.id).execute();
      expect(await findOpenInvite(t.db, kept)).toBeNull();
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
