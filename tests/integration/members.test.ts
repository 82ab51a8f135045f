// Members on both databases, through the route a browser or a program calls: subscribe →
// the confirmation e-mail written as an .eml file (parsed with mailparser) in the member's
// language → its link confirms once → subscribed to the default newsletter. The answer is
// the same for a known and an unknown address; a honeypot and the limits act silently
// (only a client over its own limit is told); and the outbox sends a message exactly once
// even when a worker died holding it.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { simpleParser } from 'mailparser';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import * as membersRoute from '@/app/api/v1/members/route';
import { migrateToLatest } from '@/db/migrate';
import * as membersMigration from '@/db/migrations/2026-12-26T0001-members';
import { claimDueEmails, enqueueEmail, outboxLeaseMs } from '@/db/mail/email-outbox';
import { deliverDueEmails } from '@/server/mail/deliver-outbox';
import { createMailSender, outboxDir } from '@/server/mail/mail-transport';
import { hashToken } from '@/core/members/member-token';
import { pruneThrottle } from '@/server/auth/login-throttle-store';
import { confirmMember } from '@/server/members/confirm-member';
import { addressKeyPrefix, addressPolicy, clientKeyPrefix, clientPolicy } from '@/server/members/subscribe-member';
import { forgetGlobalDatabase, useAsGlobalDatabase } from './helpers/global-database';
import { unique } from './helpers/factories';
import { testTargets, type TestDatabase } from './helpers/test-databases';

vi.mock('next/cache', () => ({ revalidateTag: vi.fn(), unstable_cache: <T>(read: T) => read }));

const site = 'http://localhost:4510';
let clientNumber = 0;

function post(body: string, type: string, headers: Record<string, string> = {}) {
  const request = new Request(`${site}/api/v1/members`, {
    method: 'POST',
    headers: { origin: site, host: 'localhost:4510', 'content-type': type, 'x-duet-client-address': `192.0.2.${(clientNumber % 250) + 1}`, ...headers },
    body,
  });
  return membersRoute.POST(request, { params: Promise.resolve({}) });
}
const subscribe = (fields: Record<string, unknown>, headers: Record<string, string> = {}) => post(JSON.stringify(fields), 'application/json', headers);
const address = () => `${unique('reader')}@example.com`.toLowerCase();

for (const target of testTargets) {
  describe.skipIf(target.skip)(`members (${target.name})`, () => {
    let t: TestDatabase;
    beforeAll(async () => {
      // The link in the e-mail is made absolute with the site's public address.
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
    afterEach(() => vi.useRealTimers());

    const sender = () => createMailSender({ NODE_ENV: 'test' }, t.dataDir);
    const deliver = (now = new Date()) => deliverDueEmails({ db: t.db, sender: sender(), fromNameOf: () => 'Duet', now: () => now });
    const outboxFor = (email: string) => t.db.selectFrom('email_outbox').selectAll().where('recipient', '=', email).execute();
    const memberOf = (email: string) => t.db.selectFrom('members').selectAll().where('email', '=', email).executeTakeFirst();

    async function mailTo(email: string) {
      const rows = await outboxFor(email);
      expect(rows).toHaveLength(1);
      const file = join(outboxDir(t.dataDir), `${rows[0]!.id}.eml`);
      return simpleParser(readFileSync(file));
    }
    const tokenIn = (text: string) => /members\/confirm\?token=([A-Za-z0-9_-]{43})/.exec(text)?.[1];

    it('has a migration that is safe to run again', async () => {
      await membersMigration.up(t.db as never);
      expect(await t.db.selectFrom('email_outbox').select('id').limit(1).execute()).toBeDefined();
    });

    it('confirms a Chinese reader by the link of an e-mail written in Chinese', async () => {
      const email = address();
      const answer = await subscribe({ email: email.toUpperCase(), language: 'zh' }, { 'accept-language': 'zh-CN,zh;q=0.9' });
      expect(answer.status).toBe(202);
      expect(((await answer.json()) as { message: string }).message).toContain('确认邮件');
      expect((await memberOf(email))?.status).toBe('pending');

      expect(await deliver()).toBeGreaterThanOrEqual(1);
      const mail = await mailTo(email);
      expect(mail.subject).toBe('请确认订阅「双声」');
      expect(mail.headers.get('content-language')).toBe('zh');
      expect(mail.from?.value[0]?.name).toBe('Duet');
      expect(mail.text).toContain('有人（希望是您）');
      expect(mail.text).not.toContain('Confirm');
      expect(mail.html).toContain('确认订阅');
      const token = tokenIn(mail.text ?? '');
      expect(token).toBeDefined();
      expect(mail.text).toContain(`${site}/zh/members/confirm?token=`);
      // The token is nowhere in the database, and the sent message's parts are gone.
      const sent = (await outboxFor(email))[0]!;
      expect(sent).toMatchObject({ status: 'sent', text_body: null, html_body: null, attempts: 1 });
      const tokens = await t.db.selectFrom('member_tokens').select('token_hash').execute();
      expect(tokens.some((r) => r.token_hash.includes(token!))).toBe(false);

      expect(await confirmMember(t.db, token)).toEqual({ state: 'valid', language: 'zh' });
      expect(await memberOf(email)).toMatchObject({ status: 'subscribed', language: 'zh' });
      const newsletters = await t.db
        .selectFrom('member_newsletters')
        .innerJoin('newsletters', 'newsletters.id', 'member_newsletters.newsletter_id')
        .innerJoin('members', 'members.id', 'member_newsletters.member_id')
        .select(['newsletters.name_zh', 'newsletters.name_en', 'newsletters.is_default'])
        .where('members.email', '=', email)
        .execute();
      expect(newsletters).toEqual([{ name_zh: '双声', name_en: 'Duet', is_default: 1 }]);
      // Single use: a second opening says so, and changes nothing.
      expect(await confirmMember(t.db, token)).toEqual({ state: 'used', language: 'zh' });
    });

    it('writes to a both reader in Chinese then English, and to an English reader in English only', async () => {
      const both = address();
      const english = address();
      expect((await subscribe({ email: both, language: 'both' })).status).toBe(202);
      expect((await subscribe({ email: english, language: 'en' })).status).toBe(202);
      await deliver();
      const bilingual = await mailTo(both);
      expect(bilingual.subject).toBe('请确认订阅「双声」 / Confirm your subscription to Duet');
      expect(bilingual.headers.get('content-language')).toBe('zh, en');
      const text = bilingual.text ?? '';
      expect(text.indexOf('中英文新文章')).toBeGreaterThan(-1);
      expect(text.indexOf('中英文新文章')).toBeLessThan(text.indexOf('in Chinese and English'));
      expect(text).toContain('/zh/members/confirm?token=');
      const mail = await mailTo(english);
      expect(mail.subject).toBe('Confirm your subscription to Duet');
      expect(mail.text).toContain('by e-mail in English');
      expect(mail.text).not.toMatch(/[\u4e00-\u9fff]/);
      expect(mail.text).toContain('/en/members/confirm?token=');
    });

    it('answers a known and an unknown address alike', async () => {
      const known = address();
      await subscribe({ email: known, language: 'en' });
      await deliver();
      expect((await confirmMember(t.db, tokenIn((await mailTo(known)).text ?? ''))).state).toBe('valid');

      const answers = await Promise.all([subscribe({ email: known, language: 'zh' }), subscribe({ email: address(), language: 'zh' })]);
      expect(answers.map((a) => a.status)).toEqual([202, 202]);
      const [first, second] = await Promise.all(answers.map((a) => a.text()));
      expect(first).toBe(second);
      expect(answers[0]!.headers.get('content-type')).toBe(answers[1]!.headers.get('content-type'));
      // A subscribed member's choices are not changed by whoever types their address; the
      // member gets a sign-in link to their account, in their own language.
      expect(await memberOf(known)).toMatchObject({ status: 'subscribed', language: 'en' });
      const mails = await outboxFor(known);
      expect(mails.map((m) => m.kind)).toEqual(['member-confirm', 'member-sign-in']);
      expect(mails[1]).toMatchObject({ locale: 'en', subject: 'Your sign-in link for Duet' });
    });

    it('makes one member of two first requests for one address at once', async () => {
      const email = address();
      const answers = await Promise.all([subscribe({ email, language: 'zh' }), subscribe({ email, language: 'en' })]);
      expect(answers.map((a) => a.status)).toEqual([202, 202]);
      expect(await t.db.selectFrom('members').select('id').where('email', '=', email).execute()).toHaveLength(1);
      expect(await outboxFor(email)).toHaveLength(2);
    });

    it('refuses bad input naming the fields, and ignores a filled honeypot silently', async () => {
      const bad = await subscribe({ email: 'nobody', language: 'fr' });
      expect(bad.status).toBe(400);
      expect(Object.keys(((await bad.json()) as { error: { fields: object } }).error.fields).sort()).toEqual(['email', 'language']);

      const email = address();
      const bot = await subscribe({ email, language: 'en', website: 'http://spam.example' });
      expect(bot.status).toBe(202);
      expect(await memberOf(email)).toBeUndefined();
      expect(await outboxFor(email)).toHaveLength(0);
    });

    it('sends a form back to its page with a notice, and never to another site', async () => {
      const form = (fields: Record<string, string>) => post(new URLSearchParams(fields).toString(), 'application/x-www-form-urlencoded');
      const email = address();
      const sent = await form({ email, language: 'both', website: '', returnTo: '/en/posts/hello' });
      expect(sent.status).toBe(303);
      expect(sent.headers.get('location')).toBe('/en/posts/hello#subscribe-sent');
      expect((await memberOf(email))?.language).toBe('both');
      const invalid = await form({ email: 'nope', language: 'zh', returnTo: '/zh' });
      expect(invalid.headers.get('location')).toBe('/zh#subscribe-invalid');
      const foreign = await form({ email: address(), language: 'zh', returnTo: '//evil.example/x' });
      expect(foreign.headers.get('location')).toBe('/#subscribe-invalid');
      // A page's larger form (end of an article, home) gets its own notices, not the footer's.
      const main = await form({ email: address(), language: 'en', website: '', returnTo: '/en/posts/hello', place: 'main' });
      expect(main.headers.get('location')).toBe('/en/posts/hello#subscribe-main-sent');
      const mainInvalid = await form({ email: 'nope', language: 'en', returnTo: '/en', place: 'main' });
      expect(mainInvalid.headers.get('location')).toBe('/en#subscribe-main-invalid');
      const madeUp = await form({ email: 'nope', language: 'en', returnTo: '/en', place: 'sidebar' });
      expect(madeUp.headers.get('location')).toBe('/en#subscribe-invalid');
    });

    it('refuses a request from another site', async () => {
      const answer = await subscribe({ email: address(), language: 'zh' }, { origin: 'https://evil.example' });
      expect(answer.status).toBe(403);
    });

    it('says when a link has expired', async () => {
      const email = address();
      await subscribe({ email, language: 'en' });
      await deliver();
      const token = tokenIn((await mailTo(email)).text ?? '');
      expect(await confirmMember(t.db, token, new Date(Date.now() + 49 * 3600 * 1000))).toEqual({ state: 'expired', language: 'en' });
      expect((await memberOf(email))?.status).toBe('pending');
      expect(await confirmMember(t.db, 'x'.repeat(43))).toEqual({ state: 'unknown', language: null });
      expect(await confirmMember(t.db, undefined)).toEqual({ state: 'unknown', language: null });
    });

    it('sends an address at most three confirmations an hour, and refuses a client past twenty requests', async () => {
      const email = address();
      for (let i = 0; i < 5; i++) expect((await subscribe({ email, language: 'zh' }, { 'x-duet-client-address': `198.51.100.${i + 1}` })).status).toBe(202);
      expect(await outboxFor(email)).toHaveLength(3);

      const statuses: number[] = [];
      for (let i = 0; i < 21; i++) statuses.push((await subscribe({ email: address(), language: 'zh' }, { 'x-duet-client-address': '203.0.113.9' })).status);
      expect(statuses.slice(0, 20).every((s) => s === 202)).toBe(true);
      const refused = await subscribe({ email: address(), language: 'zh' }, { 'x-duet-client-address': '203.0.113.9' });
      expect(refused.status).toBe(429);
      expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);

      // The limits' rows name no address, and go once they have lapsed.
      const keys = (await t.db.selectFrom('login_throttle').select('key').execute()).map((r) => r.key);
      expect(keys.some((k) => k.includes('@'))).toBe(false);
      expect(keys).toContain(`member-address:${hashToken(email)}`);
      const later = new Date(Date.now() + 3 * 3600 * 1000);
      await pruneThrottle(t.db, addressKeyPrefix, addressPolicy, later);
      await pruneThrottle(t.db, clientKeyPrefix, clientPolicy, later);
      expect(await t.db.selectFrom('login_throttle').select('key').where('key', 'like', 'member-%').execute()).toEqual([]);
    });

    it('sends a message exactly once when the worker holding it died mid-send', async () => {
      await deliver();
      const start = new Date();
      const id = await enqueueEmail(t.db, { kind: 'test', recipient: address(), locale: 'en', subject: 'Once', text: 'once', html: '<p>once</p>' }, start);
      // A worker claims it and dies before marking it sent (no file was written).
      const claimed = await claimDueEmails(t.db, start, 50);
      expect(claimed.map((r) => Number(r.id))).toEqual([id]);
      // While the lease holds, no one else takes it.
      expect(await deliver(new Date(start.getTime() + 60_000))).toBe(0);
      // After it lapses, the next run sends it, once; later runs find nothing.
      const later = new Date(start.getTime() + outboxLeaseMs + 1000);
      expect(await deliver(later)).toBe(1);
      expect(await deliver(new Date(later.getTime() + outboxLeaseMs * 2))).toBe(0);
      const row = await t.db.selectFrom('email_outbox').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
      expect(row).toMatchObject({ status: 'sent', attempts: 2 });
      expect(readdirSync(outboxDir(t.dataDir)).filter((f) => f === `${id}.eml`)).toHaveLength(1);
    });

    it('hands each message to one of two workers claiming at once', async () => {
      await deliver();
      const now = new Date();
      const ids = await Promise.all(Array.from({ length: 10 }, (_, i) => enqueueEmail(t.db, { kind: 'test', recipient: `race${i}@example.com`, locale: 'zh', subject: 's', text: 't', html: 'h' }, now)));
      const [a, b] = await Promise.all([claimDueEmails(t.db, now, 6), claimDueEmails(t.db, now, 6)]);
      const claimedIds = [...a, ...b].map((r) => Number(r.id));
      expect(new Set(claimedIds).size).toBe(claimedIds.length);
      expect(claimedIds.every((id) => ids.includes(id))).toBe(true);
      expect(claimedIds.length).toBe(10);
    });
  });
}
