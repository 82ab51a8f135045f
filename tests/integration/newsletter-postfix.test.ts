// Newsletter e-mails through a real MTA, on both databases: a private Postfix on loopback
// (helpers/postfix.ts) delivers into a Maildir, and the messages are read back with
// mailparser: each recipient exactly once (counted by Postfix's Delivered-To) although two
// workers deliver at once and a third died holding rows, in the member's language (the
// `both` member's bilingual), with the sender, both parts and a one-click unsubscribe that
// works. Without Postfix (or root) the suite is skipped with a notice; in CI it must run.
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Kysely } from 'kysely';
import * as unsubscribeRoute from '@/app/api/v1/members/unsubscribe/route';
import { renderDocument } from '@/core/markdown/render-document';
import { makePublishInput } from '@/core/studio/post-inputs';
import { migrateToLatest } from '@/db/migrate';
import { claimDueEmails } from '@/db/mail/email-outbox';
import { expandQueuedSends } from '@/db/newsletters/expand-sends';
import { createContentRepository } from '@/db/repositories/content-repository';
import { createPublishingRepository } from '@/db/repositories/publishing-repository';
import type { Database } from '@/db/schema';
import { createAccount } from '@/server/auth/accounts';
import { deliverDueEmails } from '@/server/mail/deliver-outbox';
import { createMailSender } from '@/server/mail/mail-transport';
import { createNewsletterComposer } from '@/server/newsletters/compose-newsletter';
import { makePost, unique } from './helpers/factories';
import { forgetGlobalDatabase, useAsGlobalDatabase } from './helpers/global-database';
import { postfixMissing, startPostfix, type PostfixInstance } from './helpers/postfix';
import { testTargets, type TestDatabase } from './helpers/test-databases';

vi.mock('next/cache', () => ({ revalidateTag: vi.fn(), unstable_cache: <T>(read: T) => read }));

const site = 'http://localhost:4011';
const missing = postfixMissing();
if (missing && process.env.CI === 'true') throw new Error(`The Postfix suite is mandatory in CI, and ${missing}.`);
if (missing) console.warn(`\n*** Postfix suite SKIPPED: ${missing}. It runs in CI. ***\n`);

async function addMember(db: Kysely<Database>, language: 'zh' | 'en' | 'both', newsletterId: number) {
  const email = `${unique(`pf-${language}`)}@example.com`.toLowerCase();
  const now = new Date().toISOString();
  const row = await db.insertInto('members').values({ email, language, status: 'subscribed', created_at: now, confirmed_at: now, unsubscribed_at: null }).returning('id').executeTakeFirstOrThrow();
  await db.insertInto('member_newsletters').values({ member_id: Number(row.id), newsletter_id: newsletterId, created_at: now }).execute();
  return { id: Number(row.id), email, language };
}

testTargets.forEach((target, index) => {
  describe.skipIf(target.skip || missing !== null)(`newsletter through Postfix (${target.name})`, () => {
    let t: TestDatabase;
    let postfix: PostfixInstance;
    beforeAll(async () => {
      vi.stubEnv('SITE_URL', site);
      postfix = await startPostfix(4090 + index);
      t = await target.open();
      await migrateToLatest(t.db);
      useAsGlobalDatabase(t.db);
    }, 60_000);
    afterAll(async () => {
      forgetGlobalDatabase();
      vi.unstubAllEnvs();
      await postfix?.stop();
      await t?.close();
    });

    it('delivers each member one message in their language, exactly once, with a working unsubscribe', async () => {
      const now = new Date().toISOString();
      const newsletter = Number((await t.db.insertInto('newsletters').values({ name_zh: '双声周刊', name_en: 'Duet Weekly', is_default: 1, sender_name: 'Duet Weekly', reply_to: 'editors@duet.test', created_at: now }).returning('id').executeTakeFirstOrThrow()).id);
      const members: Array<{ id: number; email: string; language: 'zh' | 'en' | 'both' }> = [];
      for (const language of ['zh', 'zh', 'zh', 'en', 'en', 'both', 'both'] as const) members.push(await addMember(t.db, language, newsletter));
      const content = createContentRepository(t.db, renderDocument);
      const publishing = createPublishingRepository(t.db, renderDocument);
      const userId = (await createAccount(t.db, { name: 'Editor', email: `${unique('e')}@example.com`, password: 'long enough pw', role: 'editor' })).id;
      const slug = unique('pf');
      const post = await makePost(content, {
        status: 'draft',
        translations: {
          zh: { slug: `zh-${slug}`, title: `茶与时间 ${slug}`, excerpt: '摘要', body: '第一段。\n\n第二段。', state: 'draft' },
          en: { slug, title: `Tea and time ${slug}`, excerpt: 'Excerpt', body: 'First paragraph.\n\nSecond paragraph.', state: 'draft' },
        },
      });
      const act = (locale: 'zh' | 'en', send: boolean) =>
        publishing.act(makePublishInput(new Date()).parse({ postId: post.id, locale, action: 'publish', ...(send ? { newsletter: 'default' } : {}) }), userId);
      await act('en', false);
      await act('zh', true);
      await act('en', true);
      expect(await expandQueuedSends(t.db, new Date())).toBe(7);

      const sender = createMailSender({ NODE_ENV: 'test', SMTP_URL: postfix.smtpUrl, MAIL_FROM: 'news@duet.test' });
      const deliver = (at = new Date()) => deliverDueEmails({ db: t.db, sender, fromNameOf: () => 'Duet', compose: createNewsletterComposer(t.db), now: () => at, batch: 2 });
      // A worker took two messages and died (its lease lapsed); two live workers share the rest, then take those.
      expect(await claimDueEmails(t.db, new Date(Date.now() - 10 * 60_000), 2)).toHaveLength(2);
      await Promise.all([deliver(), deliver()]);
      const later = new Date(Date.now() + 6 * 60_000);
      await Promise.all([deliver(later), deliver(later)]);

      await postfix.waitFor(7);
      // Every send has had its 250: once the queue is empty, anything sent twice is here too.
      await postfix.drained();
      const delivered = await postfix.delivered();
      expect(delivered).toHaveLength(7);
      for (const member of members) {
        const mine = delivered.filter((d) => d.to === member.email);
        expect(mine, member.email).toHaveLength(1);
        const { mail } = mine[0]!;
        expect(mail.headers.get('content-language')).toBe(member.language === 'both' ? 'zh, en' : member.language);
        expect(mail.subject).toBe(member.language === 'en' ? post.translations.en!.title : member.language === 'zh' ? post.translations.zh!.title : `${post.translations.zh!.title} / ${post.translations.en!.title}`);
        expect(mail.from?.value[0]).toEqual({ address: 'news@duet.test', name: 'Duet Weekly' });
        expect(mail.replyTo?.value[0]?.address).toBe('editors@duet.test');
        expect(mail.text).toContain(member.language === 'en' ? 'Second paragraph.' : '第二段。');
        expect(String(mail.html)).toContain(member.language === 'en' ? 'Second paragraph.' : '第二段。');
        expect(mail.headerLines.find((h) => h.key === 'list-unsubscribe-post')?.line).toBe('List-Unsubscribe-Post: List-Unsubscribe=One-Click');
      }

      // The one-click unsubscribe of a delivered message, as a mail provider posts it.
      const [first] = delivered.filter((d) => d.to === members[3]!.email);
      const address = /<(.+)>/.exec(first!.mail.headerLines.find((h) => h.key === 'list-unsubscribe')!.line)![1]!;
      const answer = await unsubscribeRoute.POST(new Request(address, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: 'List-Unsubscribe=One-Click' }), { params: Promise.resolve({}) });
      expect(answer.status).toBe(200);
      expect((await t.db.selectFrom('members').select('status').where('id', '=', members[3]!.id).executeTakeFirstOrThrow()).status).toBe('unsubscribed');
    }, 90_000);
  });
});
