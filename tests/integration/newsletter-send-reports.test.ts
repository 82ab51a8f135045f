// What the Newsletters screen reports of each send, and the send rate, on both databases:
// recipients, sent, failed, bounced (a report about a recipient after the send, not
// before) and unsubscribed since (by the send's link); the list pages by keyset. The rate
// (e-mails per minute, a site setting bounded 1–100,000) spreads a send over the worker's
// ticks, each tick's `now` passed in (no sleeping), and never holds other e-mails back.
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { renderDocument } from '@/core/markdown/render-document';
import type { Locale } from '@/core/locales';
import { makePublishInput } from '@/core/studio/post-inputs';
import type { Db } from '@/db/client';
import { enqueueEmail } from '@/db/mail/email-outbox';
import { recordAddressEvent } from '@/db/members/address-state';
import { migrateToLatest } from '@/db/migrate';
import { expandQueuedSends, finishSends } from '@/db/newsletters/expand-sends';
import { readSendRate } from '@/db/newsletters/send-rate';
import { listSendReports } from '@/db/newsletters/send-report';
import { unsubscribeFromNewsletter } from '@/db/newsletters/unsubscribe';
import { createContentRepository } from '@/db/repositories/content-repository';
import { createPublishingRepository } from '@/db/repositories/publishing-repository';
import { createAccount } from '@/server/auth/accounts';
import { deliverDueEmails } from '@/server/mail/deliver-outbox';
import type { MailMessage, MailSender } from '@/server/mail/mail-transport';
import { createNewsletterComposer } from '@/server/newsletters/compose-newsletter';
import { makePost, unique } from './helpers/factories';
import { testTargets, type TestDatabase } from './helpers/test-databases';

vi.mock('next/cache', async () => (await import('./helpers/next-doubles')).nextCacheDouble);
vi.mock('next-intl/server', async () => (await import('./helpers/next-doubles')).nextIntlDouble);
vi.mock('@/server/studio/action-helpers', async (importOriginal) => ({
  ...(await importOriginal<typeof import('@/server/studio/action-helpers')>()),
  allowedActor: async () => ({ id: 'owner', role: 'owner', authorId: null, name: 'Owner', email: 'owner@example.com' }),
}));

const { saveSendRateAction } = await import('@/server/studio/actions/newsletter-actions');

function useAsSiteDatabase(db: Db | undefined): void {
  (globalThis as Record<symbol, unknown>)[Symbol.for('duet.database')] = db;
}

/** Records what was sent; refuses (a permanent 554 after the data, not the recipient) the addresses in `refuse`. */
function recordingSender(refuse: Set<string> = new Set()): MailSender & { sent: MailMessage[] } {
  const sent: MailMessage[] = [];
  return {
    kind: 'files',
    sent,
    async send(message) {
      if (refuse.has(message.to)) throw Object.assign(new Error('554 rejected'), { responseCode: 554, command: 'DATA' });
      sent.push(message);
    },
  };
}

for (const target of testTargets) {
  describe.skipIf(target.skip)(`newsletter send reports and send rate (${target.name})`, () => {
    let t: TestDatabase;
    let userId: string;
    let newsletterId: number;

    beforeAll(async () => {
      vi.stubEnv('SITE_URL', 'http://localhost:4012');
      t = await target.open();
      await migrateToLatest(t.db);
      useAsSiteDatabase(t.db);
      userId = (await createAccount(t.db, { name: 'Editor', email: `${unique('e')}@example.com`, password: 'long enough pw', role: 'editor' })).id;
      newsletterId = Number((await t.db.insertInto('newsletters').values({ name_zh: '周刊', name_en: 'Weekly', is_default: 1, created_at: new Date().toISOString() }).returning('id').executeTakeFirstOrThrow()).id);
    });
    afterAll(async () => {
      useAsSiteDatabase(undefined);
      vi.unstubAllEnvs();
      await t?.close();
    });

    async function addMembers(count: number): Promise<Array<{ id: number; email: string }>> {
      const added = [];
      for (let i = 0; i < count; i += 1) {
        const email = `${unique('r')}@example.com`.toLowerCase();
        const now = new Date().toISOString();
        const row = await t.db.insertInto('members').values({ email, language: 'zh', status: 'subscribed', created_at: now, confirmed_at: now, unsubscribed_at: null }).returning('id').executeTakeFirstOrThrow();
        await t.db.insertInto('member_newsletters').values({ member_id: Number(row.id), newsletter_id: newsletterId, created_at: now }).execute();
        added.push({ id: Number(row.id), email });
      }
      return added;
    }

    /** Clears the members and outbox of earlier tests: each test counts its own recipients. */
    async function clearReaders() {
      await t.db.deleteFrom('email_outbox').execute();
      await t.db.deleteFrom('members').execute();
    }

    async function publishAndSend(at: Date, locale: Locale = 'zh') {
      const slug = unique('rp');
      const post = await makePost(createContentRepository(t.db, renderDocument), {
        status: 'draft',
        publishedAt: null,
        translations: { zh: { slug: `zh-${slug}`, title: `报告 ${slug}`, excerpt: '摘要', body: '正文。', state: 'draft' } },
      });
      await createPublishingRepository(t.db, renderDocument).act(makePublishInput(at).parse({ postId: post.id, locale, action: 'publish', newsletter: newsletterId }), userId);
      await expandQueuedSends(t.db, at);
      return post;
    }

    const deliver = (sender: MailSender, at: Date, sendRate?: number) =>
      deliverDueEmails({ db: t.db, sender, fromNameOf: () => 'Duet', compose: createNewsletterComposer(t.db), now: () => at, batch: 50, sendRate });

    it('counts each send’s recipients, sent, failed, bounced since and unsubscribed since', async () => {
      await clearReaders();
      const [, refused, bouncedLater, leaving, bouncedBefore] = await addMembers(5);
      const sentAt = new Date();
      // A bounce reported before the send says nothing about it (the address was not marked by this row).
      await t.db.insertInto('email_events').values({ provider: 'ses', event_id: unique('old'), kind: 'bounced', email: bouncedBefore!.email, received_at: new Date(sentAt.getTime() - 86_400_000).toISOString() }).execute();
      const post = await publishAndSend(sentAt);
      expect(await deliver(recordingSender(new Set([refused!.email])), sentAt)).toBe(4);
      await finishSends(t.db, sentAt);
      const later = new Date(sentAt.getTime() + 60_000);
      await recordAddressEvent(t.db, { provider: 'ses', eventId: unique('b'), kind: 'bounced', email: bouncedLater!.email }, later);
      await unsubscribeFromNewsletter(t.db, { memberId: leaving!.id, newsletterId }, later);
      const { sends } = await listSendReports(t.db, { limit: 20 });
      expect(sends[0]).toMatchObject({ postId: post.id, title: post.translations.zh!.title, locale: 'zh', newsletter: { zh: '周刊', en: 'Weekly' }, state: 'sent', recipients: 5, sent: 4, failed: 1, bounced: 1, unsubscribed: 1 });
    });

    it('pages the sends newest first by keyset', async () => {
      const before = await listSendReports(t.db, { limit: 1000 });
      const made = [await publishAndSend(new Date()), await publishAndSend(new Date()), await publishAndSend(new Date())];
      const first = await listSendReports(t.db, { limit: 2 });
      expect(first.sends.map((s) => s.postId)).toEqual([made[2]!.id, made[1]!.id]);
      expect(first.next).toBe(first.sends[1]!.id);
      const second = await listSendReports(t.db, { before: first.next!, limit: 2 });
      expect(second.sends[0]!.postId).toBe(made[0]!.id);
      const all = await listSendReports(t.db, { limit: 1000 });
      expect(all.sends).toHaveLength(before.sends.length + 3);
      expect(all.next).toBeNull();
    });

    it('spreads a send over ticks at a low rate, and never holds a confirmation back', async () => {
      await clearReaders();
      await addMembers(5);
      const t0 = new Date(Date.now() + 3_600_000);
      await publishAndSend(t0);
      const sender = recordingSender();
      const at = (seconds: number) => new Date(t0.getTime() + seconds * 1000);
      expect(await deliver(sender, at(0), 2)).toBe(2);
      // A tick 15 s later: the minute's two are spent; a confirmation still goes.
      await enqueueEmail(t.db, { kind: 'member-confirm', recipient: 'new@example.com', locale: 'zh', subject: '确认', text: 'x', html: '<p>x</p>' }, at(15));
      expect(await deliver(sender, at(15), 2)).toBe(1);
      expect(sender.sent.at(-1)!.to).toBe('new@example.com');
      expect(await deliver(sender, at(45), 2)).toBe(0);
      expect(await deliver(sender, at(61), 2)).toBe(2);
      expect(await deliver(sender, at(122), 2)).toBe(1);
      expect(await deliver(sender, at(200), 2)).toBe(0);
      expect(sender.sent.filter((m) => m.to !== 'new@example.com')).toHaveLength(5);
      // Without a rate (the default 600 a minute) all five would have gone in the first tick.
      expect(await readSendRate(t.db)).toBe(600);
    });

    it('saves the rate within 1–100,000 and refuses anything else naming the field', async () => {
      const form = (perMinute: string) => {
        const data = new FormData();
        data.set('$locale', 'en');
        data.set('perMinute', perMinute);
        return data;
      };
      for (const bad of ['0', '100001', '1.5', 'fast', '']) {
        const state = await saveSendRateAction({ status: 'idle' }, form(bad));
        expect(state.status, bad).toBe('error');
        expect(Object.keys(state.fields ?? {})).toEqual(['perMinute']);
      }
      expect(await readSendRate(t.db)).toBe(600);
      expect(await saveSendRateAction({ status: 'idle' }, form('30'))).toMatchObject({ status: 'done' });
      expect(await readSendRate(t.db)).toBe(30);
      await t.db.deleteFrom('settings').where('key', '=', 'newsletterSendRate').execute();
    });
  });
}
