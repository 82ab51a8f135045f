// A member's own account on both databases, through the routes a browser or a program
// calls: a sign-in link only for a confirmed member (the answer the same for anyone), the
// link's token traded once for a session cookie, the account read and changed, the data
// downloaded, and the account deleted with everything that names it.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { simpleParser } from 'mailparser';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import * as meDataRoute from '@/app/api/v1/members/me/data/route';
import * as meRoute from '@/app/api/v1/members/me/route';
import * as sessionRoute from '@/app/api/v1/members/session/route';
import * as signInRoute from '@/app/api/v1/members/sign-in/route';
import * as membersRoute from '@/app/api/v1/members/route';
import { migrateToLatest } from '@/db/migrate';
import { confirmMember } from '@/server/members/confirm-member';
import { signInWithToken } from '@/server/members/member-session';
import { deliverDueEmails } from '@/server/mail/deliver-outbox';
import { createMailSender, outboxDir } from '@/server/mail/mail-transport';
import { forgetGlobalDatabase, useAsGlobalDatabase } from './helpers/global-database';
import { unique } from './helpers/factories';
import { testTargets, type TestDatabase } from './helpers/test-databases';
import { recordAddressEvent } from '@/db/members/address-state';

vi.mock('next/cache', () => ({ revalidateTag: vi.fn(), unstable_cache: <T>(read: T) => read }));

const site = 'http://localhost:4520';
let clientNumber = 0;
type Route = { [method: string]: unknown };

function call(route: Route, method: string, path: string, init: { body?: string; type?: string; cookie?: string; origin?: string } = {}) {
  const headers: Record<string, string> = { host: 'localhost:4520', 'x-duet-client-address': `198.51.100.${(clientNumber % 250) + 1}` };
  if (init.type) headers['content-type'] = init.type;
  if (init.cookie) headers.cookie = init.cookie;
  if (method !== 'GET') headers.origin = init.origin ?? site;
  const handler = route[method] as (request: Request, context: { params: Promise<object> }) => Promise<Response>;
  return handler(new Request(`${site}${path}`, { method, headers, body: init.body }), { params: Promise.resolve({}) });
}
const json = (route: Route, method: string, path: string, body: unknown, cookie?: string) => call(route, method, path, { body: JSON.stringify(body), type: 'application/json', cookie });
const form = (route: Route, path: string, fields: Record<string, string>, cookie?: string) =>
  call(route, 'POST', path, { body: new URLSearchParams(fields).toString(), type: 'application/x-www-form-urlencoded', cookie });
const address = () => `${unique('member')}@example.com`.toLowerCase();

for (const target of testTargets) {
  describe.skipIf(target.skip)(`member accounts (${target.name})`, () => {
    let t: TestDatabase;
    beforeAll(async () => {
      vi.stubEnv('SITE_URL', site);
      t = await target.open();
      await migrateToLatest(t.db);
      useAsGlobalDatabase(t.db);
    });
    afterAll(async () => {
      forgetGlobalDatabase();
      vi.unstubAllEnvs();
      await t?.close();
    });
    beforeEach(() => {
      clientNumber += 1;
    });

    const deliver = () => deliverDueEmails({ db: t.db, sender: createMailSender({ NODE_ENV: 'test' }, t.dataDir), fromNameOf: () => 'Duet', now: () => new Date() });
    const outboxFor = (email: string, kind: string) => t.db.selectFrom('email_outbox').selectAll().where('recipient', '=', email).where('kind', '=', kind).execute();
    async function lastMail(email: string, kind: string) {
      await deliver();
      const rows = await outboxFor(email, kind);
      return simpleParser(readFileSync(join(outboxDir(t.dataDir), `${rows.at(-1)!.id}.eml`)));
    }

    /** A member who subscribed and confirmed, in `language`. */
    async function confirmedMember(language: 'zh' | 'en' | 'both') {
      const email = address();
      expect((await json(membersRoute, 'POST', '/api/v1/members', { email, language })).status).toBe(202);
      const mail = await lastMail(email, 'member-confirm');
      const token = /members\/confirm\?token=([\w-]{43})/.exec(mail.text ?? '')![1];
      expect((await confirmMember(t.db, token)).state).toBe('valid');
      return email;
    }

    async function signIn(email: string, locale?: 'zh' | 'en') {
      expect((await json(signInRoute, 'POST', '/api/v1/members/sign-in', { email, ...(locale ? { locale } : {}) })).status).toBe(202);
      const mail = await lastMail(email, 'member-sign-in');
      const token = /members\/sign-in\?token=([\w-]{43})/.exec(mail.text ?? '')?.[1];
      expect(token).toBeDefined();
      const answer = await json(sessionRoute, 'POST', '/api/v1/members/session', { token });
      expect(answer.status).toBe(204);
      const cookie = answer.headers.get('set-cookie') ?? '';
      expect(cookie).toMatch(/^duet_member=[\w-]{43}; Path=\/; HttpOnly; SameSite=Lax; Max-Age=2592000$/);
      return { cookie: cookie.split(';')[0]!, token: token!, mail };
    }

    it('sends a sign-in link to a confirmed member in their language, and to nobody else, answering alike', async () => {
      const chinese = await confirmedMember('zh');
      const pending = address();
      await json(membersRoute, 'POST', '/api/v1/members', { email: pending, language: 'en' });
      const answers = [];
      for (const email of [chinese, pending, address()]) {
        const answer = await json(signInRoute, 'POST', '/api/v1/members/sign-in', { email });
        answers.push({ status: answer.status, body: await answer.text() });
      }
      expect(new Set(answers.map((a) => JSON.stringify(a))).size).toBe(1);
      expect(answers[0]!.status).toBe(202);
      expect(await outboxFor(pending, 'member-sign-in')).toHaveLength(0);
      const mail = await lastMail(chinese, 'member-sign-in');
      expect(mail.subject).toBe('「双声」的登录链接');
      expect(mail.text).toContain(`${site}/zh/members/sign-in?token=`);
      // Asked from an English page: the e-mail and the link are English.
      expect((await json(signInRoute, 'POST', '/api/v1/members/sign-in', { email: chinese, locale: 'en' })).status).toBe(202);
      const english = await lastMail(chinese, 'member-sign-in');
      expect(english.subject).toBe('Your sign-in link for Duet');
      expect(english.text).toContain(`${site}/en/members/sign-in?token=`);
    });

    it('trades a sign-in link for a session once; a used, expired or made-up one opens nothing', async () => {
      const email = await confirmedMember('en');
      const { cookie, token } = await signIn(email);
      const again = await json(sessionRoute, 'POST', '/api/v1/members/session', { token });
      expect(again.status).toBe(400);
      expect(((await again.json()) as { error: { reason: string } }).error.reason).toBe('sign-in-used');
      expect(again.headers.get('set-cookie')).toBeNull();
      // A form post with a used link goes back to the sign-in page, which says why.
      const viaForm = await form(sessionRoute, '/api/v1/members/session?locale=zh', { token });
      expect(viaForm.status).toBe(303);
      expect(viaForm.headers.get('location')).toBe('/zh/members/sign-in?link=used');

      await json(signInRoute, 'POST', '/api/v1/members/sign-in', { email });
      const late = /members\/sign-in\?token=([\w-]{43})/.exec((await lastMail(email, 'member-sign-in')).text ?? '')![1];
      expect((await signInWithToken(t.db, late, new Date(Date.now() + 61 * 60_000))).state).toBe('expired');
      expect((await signInWithToken(t.db, 'x'.repeat(43))).state).toBe('unknown');

      const me = await call(meRoute, 'GET', '/api/v1/members/me', { cookie });
      expect(me.status).toBe(200);
      expect(await me.json()).toMatchObject({ member: { email, language: 'en', status: 'subscribed' }, newsletters: [{ chosen: true, name: { zh: '双声', en: 'Duet' } }] });
      expect((await call(meRoute, 'GET', '/api/v1/members/me')).status).toBe(401);
      expect((await call(meRoute, 'GET', '/api/v1/members/me', { cookie: 'duet_member=' + 'y'.repeat(43) })).status).toBe(401);
    });

    it('changes language and newsletters, unsubscribes and subscribes again, from JSON and from the forms', async () => {
      const email = await confirmedMember('zh');
      const { cookie } = await signIn(email);
      const bad = await json(meRoute, 'PATCH', '/api/v1/members/me', { language: 'fr', newsletters: [] }, cookie);
      expect(bad.status).toBe(400);
      expect(((await bad.json()) as { error: { fields: Record<string, string[]> } }).error.fields).toHaveProperty('language');
      const changed = await json(meRoute, 'PATCH', '/api/v1/members/me', { language: 'both', newsletters: [] }, cookie);
      expect(await changed.json()).toMatchObject({ member: { language: 'both' }, newsletters: [{ chosen: false }] });

      const saved = await form(meRoute, '/api/v1/members/me?locale=en', { intent: 'save', language: 'en', newsletters: '1' }, cookie);
      expect(saved.status).toBe(303);
      expect(saved.headers.get('location')).toBe('/en/members/account#account-saved');
      const unsubscribed = await form(meRoute, '/api/v1/members/me?locale=en', { intent: 'unsubscribe' }, cookie);
      expect(unsubscribed.headers.get('location')).toBe('/en/members/account#account-unsubscribed');
      const member = await t.db.selectFrom('members').selectAll().where('email', '=', email).executeTakeFirstOrThrow();
      expect(member).toMatchObject({ language: 'en', status: 'unsubscribed' });
      expect(member.unsubscribed_at).not.toBeNull();
      await form(meRoute, '/api/v1/members/me?locale=en', { intent: 'resubscribe' }, cookie);
      expect((await t.db.selectFrom('members').select('status').where('email', '=', email).executeTakeFirstOrThrow()).status).toBe('subscribed');

      // Not signed in: the form goes to the sign-in page; another site's form is refused.
      expect((await form(meRoute, '/api/v1/members/me?locale=zh', { intent: 'unsubscribe' })).headers.get('location')).toBe('/zh/members/sign-in?link=signed-out');
      const forged = await call(meRoute, 'POST', '/api/v1/members/me?locale=en', { body: 'intent=unsubscribe', type: 'application/x-www-form-urlencoded', cookie, origin: 'https://evil.example' });
      expect(forged.status).toBe(403);

      const out = await form(meRoute, '/api/v1/members/me?locale=zh', { intent: 'sign-out' }, cookie);
      expect(out.headers.get('location')).toBe('/zh/members/sign-in#signed-out');
      expect(out.headers.get('set-cookie')).toContain('Max-Age=0');
      expect((await call(meRoute, 'GET', '/api/v1/members/me', { cookie })).status).toBe(401);
    });

    it('gives the member their data and deletes everything that names them', async () => {
      const email = await confirmedMember('both');
      const { cookie } = await signIn(email);
      await recordAddressEvent(t.db, { provider: 'postmark', eventId: `Bounce:1:${email}`, kind: 'bounced', email }, new Date());
      const download = await call(meDataRoute, 'GET', '/api/v1/members/me/data', { cookie });
      expect(download.headers.get('content-disposition')).toBe('attachment; filename="member-data.json"');
      const data = (await download.json()) as { member: Record<string, unknown>; emails: { kind: string }[]; newsletters: unknown[]; sessions: unknown[]; deliveryReports: unknown[] };
      expect(data.member).toMatchObject({ email, language: 'both', status: 'subscribed' });
      expect(data.member).not.toHaveProperty('id');
      expect(data.emails.map((e) => e.kind)).toEqual(['member-confirm', 'member-sign-in']);
      expect(data.sessions).toHaveLength(1);
      expect(data.deliveryReports).toEqual([{ provider: 'postmark', kind: 'bounced', receivedAt: expect.any(String) }]);
      expect(JSON.stringify(data)).not.toMatch(/token|hash/i);

      const mismatch = await form(meRoute, '/api/v1/members/me?locale=en', { intent: 'delete', confirmEmail: 'someone@example.com' }, cookie);
      expect(mismatch.headers.get('location')).toBe('/en/members/account#account-delete-mismatch');
      expect(await t.db.selectFrom('members').select('id').where('email', '=', email).executeTakeFirst()).toBeDefined();

      const deleted = await form(meRoute, '/api/v1/members/me?locale=en', { intent: 'delete', confirmEmail: email.toUpperCase() }, cookie);
      expect(deleted.headers.get('location')).toBe('/en/members/sign-in#account-deleted');
      expect(await t.db.selectFrom('members').select('id').where('email', '=', email).executeTakeFirst()).toBeUndefined();
      expect(await t.db.selectFrom('email_outbox').select('id').where('recipient', '=', email).execute()).toHaveLength(0);
      expect(await t.db.selectFrom('email_events').select('id').where('email', '=', email).execute()).toHaveLength(0);
      expect((await call(meRoute, 'GET', '/api/v1/members/me', { cookie })).status).toBe(401);
    });
  });
}
