// Sending a published language to a newsletter, on both databases: the publication records
// the send in its transaction (409 when that language already went to that newsletter, and
// then nothing is published), the worker writes one outbox row per recipient in chunks
// (members in the send's language, `both` members once per post with the two versions,
// the other language only with the fallback setting), each e-mail carries the member's
// one-click unsubscribe, a schedule sends when the text goes live, and two workers at once
// or a worker that died holding rows still deliver each recipient exactly once.
import { readdirSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { simpleParser, type ParsedMail } from 'mailparser';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { migrateToLatest } from '@/db/migrate';
import { renderDocument } from '@/core/markdown/render-document';
import type { Locale } from '@/core/locales';
import { makePublishInput } from '@/core/studio/post-inputs';
import { createContentRepository, type ContentRepository } from '@/db/repositories/content-repository';
import { createPublishingRepository, type PublishingRepository } from '@/db/repositories/publishing-repository';
import { claimDueEmails } from '@/db/mail/email-outbox';
import { expandQueuedSends, finishSends } from '@/db/newsletters/expand-sends';
import { readPostSends } from '@/db/newsletters/newsletter-sends';
import { createSiteSettings } from '@/db/repositories/site-settings';
import { createAccount } from '@/server/auth/accounts';
import { deliverDueEmails } from '@/server/mail/deliver-outbox';
import { createMailSender, outboxDir, type MailSender } from '@/server/mail/mail-transport';
import { createNewsletterComposer } from '@/server/newsletters/compose-newsletter';
import type { Kysely } from 'kysely';
import type { Database } from '@/db/schema';
import * as unsubscribeRoute from '@/app/api/v1/members/unsubscribe/route';
import { useAsGlobalDatabase, forgetGlobalDatabase } from './helpers/global-database';
import { makePost, unique } from './helpers/factories';
import { testTargets, type TestDatabase } from './helpers/test-databases';

vi.mock('next/cache', () => ({ revalidateTag: vi.fn(), unstable_cache: <T>(read: T) => read }));

const site = 'http://localhost:4010';

async function addMember(db: Kysely<Database>, language: 'zh' | 'en' | 'both', newsletterId: number, status = 'subscribed'): Promise<{ id: number; email: string }> {
  const email = `${unique(`m-${language}`)}@example.com`.toLowerCase();
  const row = await db
    .insertInto('members')
    .values({ email, language, status, created_at: new Date().toISOString(), confirmed_at: status === 'subscribed' ? new Date().toISOString() : null, unsubscribed_at: null })
    .returning('id')
    .executeTakeFirstOrThrow();
  await db.insertInto('member_newsletters').values({ member_id: Number(row.id), newsletter_id: newsletterId, created_at: new Date().toISOString() }).execute();
  return { id: Number(row.id), email };
}

for (const target of testTargets) {
  describe.skipIf(target.skip)(`newsletter sends (${target.name})`, () => {
    let t: TestDatabase;
    let content: ContentRepository;
    let publishing: PublishingRepository;
    let userId: string;
    let weekly: number;
    let other: number;
    const members: Record<'zh' | 'en' | 'both', Array<{ id: number; email: string }>> = { zh: [], en: [], both: [] };

    beforeAll(async () => {
      vi.stubEnv('SITE_URL', site);
      t = await target.open();
      await migrateToLatest(t.db);
      useAsGlobalDatabase(t.db);
      content = createContentRepository(t.db, renderDocument);
      publishing = createPublishingRepository(t.db, renderDocument);
      userId = (await createAccount(t.db, { name: 'Editor', email: `${unique('e')}@example.com`, password: 'long enough pw', role: 'editor' })).id;
      const now = new Date().toISOString();
      weekly = Number((await t.db.insertInto('newsletters').values({ name_zh: '双声周刊', name_en: 'Duet Weekly', is_default: 1, created_at: now }).returning('id').executeTakeFirstOrThrow()).id);
      other = Number((await t.db.insertInto('newsletters').values({ name_zh: '别的', name_en: 'Other', created_at: now }).returning('id').executeTakeFirstOrThrow()).id);
      for (let i = 0; i < 5; i += 1) members.zh.push(await addMember(t.db, 'zh', weekly));
      for (let i = 0; i < 3; i += 1) members.en.push(await addMember(t.db, 'en', weekly));
      for (let i = 0; i < 2; i += 1) members.both.push(await addMember(t.db, 'both', weekly));
      // Never a recipient: not confirmed, left, or on another newsletter only.
      await addMember(t.db, 'zh', weekly, 'pending');
      await addMember(t.db, 'zh', weekly, 'unsubscribed');
      await addMember(t.db, 'zh', other);
    });
    afterAll(async () => {
      forgetGlobalDatabase();
      vi.unstubAllEnvs();
      await t?.close();
    });
    beforeEach(async () => {
      rmSync(outboxDir(t.dataDir), { recursive: true, force: true });
      await t.db.deleteFrom('settings').where('key', '=', 'newsletterFallback').execute();
    });

    /** A header as sent (mailparser folds List-* headers into one object). */
    const headerOf = (mail: ParsedMail, key: string) => mail.headerLines.find((h) => h.key === key)?.line.replace(/^[^:]*:\s*/, '');

    /** A post written in both languages, nothing published yet. */
    function draftPost() {
      const slug = unique('nl');
      return makePost(content, {
        status: 'draft',
        translations: {
          zh: { slug: `zh-${slug}`, title: `中文标题 ${slug}`, excerpt: '摘要', body: '第一段。\n\n## 小标题\n\n第二段。', state: 'draft' },
          en: { slug, title: `English title ${slug}`, excerpt: 'Excerpt', body: 'First paragraph.\n\n## Subheading\n\nSecond paragraph.', state: 'draft' },
        },
      });
    }

    const publish = (postId: number, locale: Locale, newsletter?: number | 'default') =>
      publishing.act(makePublishInput(new Date()).parse({ postId, locale, action: 'publish', ...(newsletter === undefined ? {} : { newsletter }) }), userId);

    function countingSender(): MailSender & { calls: Map<string, number> } {
      const files = createMailSender({ NODE_ENV: 'test' }, t.dataDir);
      const calls = new Map<string, number>();
      return {
        kind: 'files',
        calls,
        async send(message) {
          calls.set(message.to, (calls.get(message.to) ?? 0) + 1);
          await files.send(message);
        },
      };
    }

    const deliver = (sender: MailSender, now = new Date()) =>
      deliverDueEmails({ db: t.db, sender, fromNameOf: () => 'Duet', compose: createNewsletterComposer(t.db), now: () => now, batch: 3 });

    /** Every .eml written, parsed, by recipient. */
    async function delivered(): Promise<Map<string, ParsedMail[]>> {
      const byRecipient = new Map<string, ParsedMail[]>();
      let names: string[] = [];
      try {
        names = readdirSync(outboxDir(t.dataDir)).filter((n) => n.endsWith('.eml'));
      } catch {
        return byRecipient;
      }
      for (const name of names) {
        const mail = await simpleParser(readFileSync(join(outboxDir(t.dataDir), name)));
        const to = (Array.isArray(mail.to) ? mail.to[0] : mail.to)!.value[0]!.address!;
        byRecipient.set(to, [...(byRecipient.get(to) ?? []), mail]);
      }
      return byRecipient;
    }

    it('sends a language to its readers once, both readers one e-mail, with a one-click unsubscribe', async () => {
      const post = await draftPost();
      await publish(post.id, 'zh', 'default');
      expect((await readPostSends(t.db, post.id)).map((s) => [s.locale, s.state])).toEqual([['zh', 'queued']]);
      // Chunks of two members: the expansion resumes after each.
      expect(await expandQueuedSends(t.db, new Date(), 2)).toBe(7);
      const sender = countingSender();
      expect(await deliver(sender)).toBe(7);
      await finishSends(t.db, new Date());
      const [send] = await readPostSends(t.db, post.id);
      expect(send).toMatchObject({ locale: 'zh', state: 'sent', recipients: 7, sent: 7, failed: 0, pending: 0 });

      const mails = await delivered();
      expect([...mails.keys()].sort()).toEqual([...members.zh, ...members.both].map((m) => m.email).sort());
      for (const list of mails.values()) expect(list).toHaveLength(1);
      const zhMail = mails.get(members.zh[0]!.email)![0]!;
      expect(zhMail.subject).toBe(post.translations.zh!.title);
      expect(zhMail.headers.get('content-language')).toBe('zh');
      expect(headerOf(zhMail, 'list-unsubscribe-post')).toBe('List-Unsubscribe=One-Click');
      const unsubscribe = String(headerOf(zhMail, 'list-unsubscribe'));
      expect(unsubscribe).toMatch(new RegExp(`^<${site}/api/v1/members/unsubscribe\\?token=${members.zh[0]!.id}\\.${weekly}\\.[A-Za-z0-9_-]{32}>$`));
      expect(zhMail.text).toContain('第二段。');
      expect(zhMail.text).toContain(`${site}/zh/posts/${post.translations.zh!.slug}`);
      expect(zhMail.html).toContain('第二段。');
      expect(zhMail.html).toContain(`${site}/zh/members/unsubscribe?token=${members.zh[0]!.id}.${weekly}.`);
      // Inlined: the article's paragraphs carry their style.
      expect(zhMail.html).toMatch(/<p style="[^"]*margin/);
      expect(zhMail.html).toContain('prefers-color-scheme: dark');
      // The en text is not live yet: a both reader gets the Chinese alone.
      const bothMail = mails.get(members.both[0]!.email)![0]!;
      expect(bothMail.headers.get('content-language')).toBe('zh');

      // Once per language and newsletter: refused, and the refusal publishes nothing.
      await expect(publish(post.id, 'zh', 'default')).rejects.toMatchObject({ code: 'CONFLICT', reason: 'newsletter-already-sent' });

      // The English text, sent later: English readers only; both readers already had this post.
      rmSync(outboxDir(t.dataDir), { recursive: true, force: true });
      await publish(post.id, 'en', weekly);
      expect(await expandQueuedSends(t.db, new Date())).toBe(3);
      await deliver(countingSender());
      const enMails = await delivered();
      expect([...enMails.keys()].sort()).toEqual(members.en.map((m) => m.email).sort());
      expect(enMails.get(members.en[0]!.email)![0]!.headers.get('content-language')).toBe('en');
    });

    it('gives a both reader the two versions block by block when both are live', async () => {
      const post = await draftPost();
      await publish(post.id, 'en');
      await publish(post.id, 'zh', weekly);
      await expandQueuedSends(t.db, new Date());
      await deliver(countingSender());
      const mail = (await delivered()).get(members.both[1]!.email)![0]!;
      expect(mail.subject).toBe(`${post.translations.zh!.title} / ${post.translations.en!.title}`);
      expect(mail.headers.get('content-language')).toBe('zh, en');
      // Each row of the table holds a Chinese block and its English counterpart.
      const html = String(mail.html);
      const row = /<tr>\s*<td[^>]*lang="zh"[^>]*><p[^>]*>第二段。<\/p><\/td>\s*<td[^>]*lang="en"[^>]*><p[^>]*>Second paragraph.<\/p><\/td><\/tr>/;
      expect(html).toMatch(row);
      expect(mail.text).toContain('第二段。');
      expect(mail.text).toContain('Second paragraph.');
    });

    it('sends readers of the other language the text with a note only when the site says so', async () => {
      const post = await draftPost();
      await createSiteSettings(t.db).saveNewsletterFallback('other');
      await publish(post.id, 'zh', weekly);
      expect(await expandQueuedSends(t.db, new Date())).toBe(10);
      await deliver(countingSender());
      const mail = (await delivered()).get(members.en[2]!.email)![0]!;
      expect(mail.headers.get('content-language')).toBe('zh');
      expect(mail.text).toContain('This article is not available in English yet; here it is in Chinese.');
      expect(String(mail.html)).toContain(`${site}/en/members/unsubscribe?token=`);
    });

    it('refuses an unknown newsletter (400 naming the field) and publishes nothing', async () => {
      const post = await draftPost();
      await expect(publish(post.id, 'zh', 999_999)).rejects.toMatchObject({ code: 'VALIDATION', fields: { newsletter: ['No newsletter has this id.'] } });
      expect(await t.db.selectFrom('live_translations').select('locale').where('post_id', '=', post.id).execute()).toEqual([]);
      expect(makePublishInput(new Date()).safeParse({ postId: post.id, locale: 'zh', action: 'publish', newsletter: 'weekly' }).success).toBe(false);
      expect(makePublishInput(new Date()).safeParse({ postId: post.id, locale: 'zh', action: 'unpublish', newsletter: 'default' }).success).toBe(false);
    });

    it('sends a scheduled publication when the scheduler puts it live, and forgets it with its schedule', async () => {
      const post = await draftPost();
      const at = new Date(Date.now() + 60_000);
      await publishing.act(makePublishInput(new Date()).parse({ postId: post.id, locale: 'zh', action: 'schedule', publishAt: at.toISOString(), newsletter: 'default' }), userId);
      expect((await readPostSends(t.db, post.id)).map((s) => s.state)).toEqual(['scheduled']);
      expect(await expandQueuedSends(t.db, new Date())).toBe(0);
      await publishing.runDue(new Date(at.getTime() + 1000));
      expect((await readPostSends(t.db, post.id)).map((s) => s.state)).toEqual(['queued']);
      expect(await expandQueuedSends(t.db, new Date())).toBe(7);

      const cancelled = await draftPost();
      await publishing.act(makePublishInput(new Date()).parse({ postId: cancelled.id, locale: 'en', action: 'schedule', publishAt: at.toISOString(), newsletter: weekly }), userId);
      await publishing.act(makePublishInput(new Date()).parse({ postId: cancelled.id, locale: 'en', action: 'cancel-schedule' }), userId);
      expect(await readPostSends(t.db, cancelled.id)).toEqual([]);
    });

    it('delivers each recipient once with two workers at once and after a worker died holding rows', async () => {
      await t.db.updateTable('email_outbox').set({ status: 'sent' }).where('status', 'in', ['pending', 'sending']).execute();
      const post = await draftPost();
      await publish(post.id, 'zh', 'default');
      // Two instances expand the same send at once: one row per recipient.
      await Promise.all([expandQueuedSends(t.db, new Date(), 2), expandQueuedSends(t.db, new Date(), 3)]);
      const rows = await t.db.selectFrom('email_outbox').select(['member_id']).where('send_id', 'in', (await readPostSends(t.db, post.id)).map((s) => s.id)).execute();
      expect(rows).toHaveLength(7);

      // A worker claimed three rows and died: its lease lapses, and they go out once.
      const dead = await claimDueEmails(t.db, new Date(Date.now() - 10 * 60_000), 3);
      expect(dead).toHaveLength(3);
      const sender = countingSender();
      await Promise.all([deliver(sender), deliver(sender)]);
      const later = new Date(Date.now() + 6 * 60_000);
      await Promise.all([deliver(sender, later), deliver(sender, later)]);
      const mails = await delivered();
      const recipients = [...members.zh, ...members.both].map((m) => m.email).sort();
      expect([...mails.keys()].sort()).toEqual(recipients);
      for (const email of recipients) {
        expect(mails.get(email)).toHaveLength(1);
        expect(sender.calls.get(email)).toBe(1);
      }
    });

    it('unsubscribes by a POST with no cookie from anywhere (RFC 8058), and a GET leads to the page', async () => {
      const post = await draftPost();
      const reader = await addMember(t.db, 'en', weekly);
      await publish(post.id, 'en', weekly);
      await expandQueuedSends(t.db, new Date());
      await deliver(countingSender());
      const mail = (await delivered()).get(reader.email)![0]!;
      const address = /^<(.+)>$/.exec(String(headerOf(mail, 'list-unsubscribe')))![1]!;
      const call = (method: string, url: string, headers: Record<string, string> = {}, body?: string) =>
        unsubscribeRoute[method as 'GET' | 'POST'](new Request(url, { method, headers, body }), { params: Promise.resolve({}) });

      const opened = await call('GET', address);
      expect(opened.status).toBe(303);
      expect(opened.headers.get('location')).toBe(`/en/members/unsubscribe?token=${new URL(address).searchParams.get('token')}`);

      const forged = address.replace(/.{4}$/, 'AAAA');
      expect((await call('POST', forged, { 'content-type': 'application/x-www-form-urlencoded' }, 'List-Unsubscribe=One-Click')).status).toBe(404);
      expect((await t.db.selectFrom('members').select('status').where('id', '=', reader.id).executeTakeFirstOrThrow()).status).toBe('subscribed');

      // A mail provider's server: another origin, no cookie.
      const done = await call('POST', address, { 'content-type': 'application/x-www-form-urlencoded', origin: 'https://mail.example.net' }, 'List-Unsubscribe=One-Click');
      expect(done.status).toBe(200);
      expect(await t.db.selectFrom('member_newsletters').select('newsletter_id').where('member_id', '=', reader.id).execute()).toEqual([]);
      expect((await t.db.selectFrom('members').select('status').where('id', '=', reader.id).executeTakeFirstOrThrow()).status).toBe('unsubscribed');
      // Twice: still fine. And the next send does not reach them.
      expect((await call('POST', address, { 'content-type': 'application/x-www-form-urlencoded' }, 'List-Unsubscribe=One-Click')).status).toBe(200);
      const next = await draftPost();
      await publish(next.id, 'en', weekly);
      await expandQueuedSends(t.db, new Date());
      const rows = await t.db.selectFrom('email_outbox').select('member_id').where('member_id', '=', reader.id).execute();
      expect(rows).toHaveLength(1);
    });
  });
}
