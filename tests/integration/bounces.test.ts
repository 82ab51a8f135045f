// A permanent refusal stops sending, on both databases: an SMTP server's 5xx to RCPT TO
// marks the member's address bounced, a temporary 4xx never does, and the next newsletter
// send skips bounced and complained addresses (its recipients are never written).
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Kysely } from 'kysely';
import { renderDocument } from '@/core/markdown/render-document';
import { makePublishInput } from '@/core/studio/post-inputs';
import { migrateToLatest } from '@/db/migrate';
import { enqueueEmail } from '@/db/mail/email-outbox';
import { hashToken, newToken } from '@/core/members/member-token';
import { readAddressState, recordAddressEvent } from '@/db/members/address-state';
import { setMemberSubscribed } from '@/db/members/member-account';
import { confirmSubscription } from '@/db/members/member-rows';
import { expandQueuedSends } from '@/db/newsletters/expand-sends';
import { createContentRepository, type ContentRepository } from '@/db/repositories/content-repository';
import { createPublishingRepository, type PublishingRepository } from '@/db/repositories/publishing-repository';
import type { Database } from '@/db/schema';
import { createAccount } from '@/server/auth/accounts';
import { deliverDueEmails } from '@/server/mail/deliver-outbox';
import { createMailSender } from '@/server/mail/mail-transport';
import { createNewsletterComposer } from '@/server/newsletters/compose-newsletter';
import { forgetGlobalDatabase, useAsGlobalDatabase } from './helpers/global-database';
import { makePost, unique } from './helpers/factories';
import { startSmtpSink, type SmtpSink } from './helpers/smtp-sink';
import { testTargets, type TestDatabase } from './helpers/test-databases';

vi.mock('next/cache', () => ({ revalidateTag: vi.fn(), unstable_cache: <T>(read: T) => read }));

async function addMember(db: Kysely<Database>, newsletterId: number): Promise<string> {
  const email = `${unique('m')}@example.com`.toLowerCase();
  const now = new Date().toISOString();
  const row = await db.insertInto('members').values({ email, language: 'zh', status: 'subscribed', created_at: now, confirmed_at: now, unsubscribed_at: null }).returning('id').executeTakeFirstOrThrow();
  await db.insertInto('member_newsletters').values({ member_id: Number(row.id), newsletter_id: newsletterId, created_at: now }).execute();
  return email;
}

for (const target of testTargets) {
  describe.skipIf(target.skip)(`bounces stop sending (${target.name})`, () => {
    let t: TestDatabase;
    let sink: SmtpSink;
    let content: ContentRepository;
    let publishing: PublishingRepository;
    let userId: string;
    let weekly: number;

    beforeAll(async () => {
      vi.stubEnv('SITE_URL', 'http://localhost:3900');
      t = await target.open();
      await migrateToLatest(t.db);
      useAsGlobalDatabase(t.db);
      sink = await startSmtpSink();
      content = createContentRepository(t.db, renderDocument);
      publishing = createPublishingRepository(t.db, renderDocument);
      userId = (await createAccount(t.db, { name: 'Editor', email: `${unique('e')}@example.com`, password: 'long enough pw', role: 'editor' })).id;
      weekly = Number((await t.db.insertInto('newsletters').values({ name_zh: '双声周刊', name_en: 'Duet Weekly', is_default: 1, created_at: new Date().toISOString() }).returning('id').executeTakeFirstOrThrow()).id);
    });
    afterAll(async () => {
      forgetGlobalDatabase();
      vi.unstubAllEnvs();
      await sink?.close();
      await t?.close();
    });

    const sender = () => createMailSender({ NODE_ENV: 'test', SMTP_URL: sink.url, MAIL_FROM: 'news@duet.example' }, t.dataDir);
    const deliver = (now = new Date()) => deliverDueEmails({ db: t.db, sender: sender(), fromNameOf: () => 'Duet', compose: createNewsletterComposer(t.db), now: () => now });

    async function publishToNewsletter(): Promise<number> {
      const slug = unique('b');
      const post = await makePost(content, { status: 'draft', translations: { zh: { slug: `zh-${slug}`, title: `标题 ${slug}`, excerpt: '摘要', body: '第一段。', state: 'draft' } } });
      await publishing.act(makePublishInput(new Date()).parse({ postId: post.id, locale: 'zh', action: 'publish', newsletter: 'default' }), userId);
      return post.id;
    }
    const recipientsOfPost = async (postId: number) =>
      (await t.db.selectFrom('email_outbox as o').innerJoin('newsletter_sends as s', 's.id', 'o.send_id').select('o.recipient').where('s.post_id', '=', postId).execute()).map((r) => r.recipient).sort();

    it('a 5xx to the recipient marks the address; a 4xx is tried again and marks nothing', async () => {
      const [gone, busy] = [await addMember(t.db, weekly), await addMember(t.db, weekly)];
      sink.refuse.add(gone);
      sink.defer.add(busy);
      const now = new Date();
      for (const to of [gone, busy]) await enqueueEmail(t.db, { kind: 'test', recipient: to, locale: 'zh', subject: '你好', text: '你好', html: '<p>你好</p>' }, now);
      expect(await deliver(now)).toBe(0);
      expect(await readAddressState(t.db, gone)).toBe('bounced');
      expect(await readAddressState(t.db, busy)).toBeNull();
      const rows = await t.db.selectFrom('email_outbox').select(['recipient', 'status', 'last_error']).where('kind', '=', 'test').execute();
      expect(rows.find((r) => r.recipient === busy)).toMatchObject({ status: 'pending' });
      expect(rows.find((r) => r.recipient === busy)?.last_error).toContain('450');
      expect(rows.find((r) => r.recipient === gone)).toMatchObject({ status: 'failed' });
      sink.refuse.delete(gone);
      sink.defer.delete(busy);
    });

    it('a newsletter is not sent to an address refused by SMTP, nor to one that bounced or complained by webhook', async () => {
      const [refused, bouncedByWebhook, complainer, reader] = [await addMember(t.db, weekly), await addMember(t.db, weekly), await addMember(t.db, weekly), await addMember(t.db, weekly)];
      sink.refuse.add(refused);
      const first = await publishToNewsletter();
      await expandQueuedSends(t.db, new Date());
      expect(await recipientsOfPost(first)).toEqual(expect.arrayContaining([refused, bouncedByWebhook, complainer, reader]));
      await deliver();
      expect(await readAddressState(t.db, refused)).toBe('bounced');
      expect(sink.messages.filter((m) => m.to.includes(reader))).toHaveLength(1);
      sink.refuse.delete(refused);

      await recordAddressEvent(t.db, { provider: 'mailgun', eventId: unique('ev'), kind: 'bounced', email: bouncedByWebhook }, new Date());
      await recordAddressEvent(t.db, { provider: 'resend', eventId: unique('ev'), kind: 'complained', email: complainer }, new Date());
      const second = await publishToNewsletter();
      await expandQueuedSends(t.db, new Date());
      const recipients = await recipientsOfPost(second);
      expect(recipients).toContain(reader);
      for (const marked of [refused, bouncedByWebhook, complainer]) expect(recipients).not.toContain(marked);
      const before = sink.messages.length;
      await deliver();
      const sentNow = sink.messages.slice(before).flatMap((m) => m.to);
      expect(sentNow).toContain(reader);
      for (const marked of [refused, bouncedByWebhook, complainer]) expect(sentNow).not.toContain(marked);
    });

    it('a mark drops the newsletter e-mails already written for the member and not yet sent', async () => {
      const [late, reader] = [await addMember(t.db, weekly), await addMember(t.db, weekly)];
      const postId = await publishToNewsletter();
      await expandQueuedSends(t.db, new Date());
      expect(await recipientsOfPost(postId)).toEqual(expect.arrayContaining([late, reader]));
      await recordAddressEvent(t.db, { provider: 'postmark', eventId: unique('ev'), kind: 'bounced', email: late }, new Date());
      expect(await recipientsOfPost(postId)).not.toContain(late);
      expect(await recipientsOfPost(postId)).toContain(reader);
    });

    it('a new confirmation from the mailbox, or subscribing again from the account page, clears the mark', async () => {
      const [complainer, bounced] = [await addMember(t.db, weekly), await addMember(t.db, weekly)];
      await recordAddressEvent(t.db, { provider: 'ses', eventId: unique('ev'), kind: 'complained', email: complainer }, new Date());
      await recordAddressEvent(t.db, { provider: 'ses', eventId: unique('ev'), kind: 'bounced', email: bounced }, new Date());
      const token = newToken();
      const member = await t.db.selectFrom('members').select('id').where('email', '=', complainer).executeTakeFirstOrThrow();
      await t.db.updateTable('members').set({ status: 'pending' }).where('id', '=', member.id).execute();
      await t.db.insertInto('member_tokens').values({ member_id: member.id, token_hash: hashToken(token), purpose: 'confirm', created_at: new Date().toISOString(), expires_at: new Date(Date.now() + 3600_000).toISOString() }).execute();
      expect((await confirmSubscription(t.db, hashToken(token), new Date())).state).toBe('valid');
      expect(await readAddressState(t.db, complainer)).toBeNull();
      const other = await t.db.selectFrom('members').select('id').where('email', '=', bounced).executeTakeFirstOrThrow();
      await setMemberSubscribed(t.db, other.id, false, new Date());
      expect(await readAddressState(t.db, bounced)).toBe('bounced');
      await setMemberSubscribed(t.db, other.id, true, new Date());
      expect(await readAddressState(t.db, bounced)).toBeNull();
    });
  });
}
