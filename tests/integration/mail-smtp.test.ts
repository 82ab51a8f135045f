// The outbox through SMTP (SMTP_URL set): each message reaches the server once, with its
// language and stable Message-ID; a permanent refusal (5xx) is recorded and not tried
// again; a server that cannot be reached is tried again later, up to the last attempt.
import { simpleParser } from 'mailparser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrateToLatest } from '@/db/migrate';
import { enqueueEmail, maxAttempts } from '@/db/mail/email-outbox';
import { deliverDueEmails } from '@/server/mail/deliver-outbox';
import { createMailSender } from '@/server/mail/mail-transport';
import { startSmtpSink, type SmtpSink } from './helpers/smtp-sink';
import { testTargets, type TestDatabase } from './helpers/test-databases';

const target = testTargets[0]!;

describe(`e-mail through SMTP (${target.name})`, () => {
  let t: TestDatabase;
  let sink: SmtpSink;
  beforeAll(async () => {
    t = await target.open();
    await migrateToLatest(t.db);
    sink = await startSmtpSink();
  });
  afterAll(async () => {
    await sink?.close();
    await t?.close();
  });

  const deliver = (now: Date) =>
    deliverDueEmails({ db: t.db, sender: createMailSender({ NODE_ENV: 'test', SMTP_URL: sink.url, MAIL_FROM: 'news@duet.example' }, t.dataDir), fromNameOf: () => '双声', now: () => now });

  it('sends each message once, in its language, from the configured address', async () => {
    const now = new Date();
    const id = await enqueueEmail(t.db, { kind: 'test', recipient: 'reader@example.com', locale: 'both', subject: '你好 / Hello', text: '你好\n\nHello', html: '<p>你好</p><p>Hello</p>' }, now);
    expect(await deliver(now)).toBe(1);
    expect(await deliver(now)).toBe(0);
    expect(sink.messages).toHaveLength(1);
    const [message] = sink.messages;
    expect(message!.to).toEqual(['reader@example.com']);
    const mail = await simpleParser(message!.raw);
    expect(mail.subject).toBe('你好 / Hello');
    expect(mail.from?.value[0]).toEqual({ name: '双声', address: 'news@duet.example' });
    expect(mail.headers.get('content-language')).toBe('zh, en');
    expect(mail.messageId).toBe(`<outbox-${id}@localhost>`);
    expect(mail.text).toContain('Hello');
    expect(mail.html).toContain('<p>你好</p>');
  });

  it('gives up a message the server refuses for good, and records why', async () => {
    sink.refuse.add('gone@example.com');
    const now = new Date();
    const id = await enqueueEmail(t.db, { kind: 'test', recipient: 'gone@example.com', locale: 'en', subject: 'Hi', text: 'Hi', html: '<p>Hi</p>' }, now);
    expect(await deliver(now)).toBe(0);
    const row = await t.db.selectFrom('email_outbox').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ status: 'failed', attempts: 1 });
    expect(row.last_error).toContain('550');
    expect(sink.messages.some((m) => m.to.includes('gone@example.com'))).toBe(false);
  });

  it('tries again later when the server cannot be reached, and gives up after the last attempt', async () => {
    const closed = await startSmtpSink();
    await closed.close();
    let now = new Date();
    const id = await enqueueEmail(t.db, { kind: 'test', recipient: 'later@example.com', locale: 'zh', subject: '你好', text: '你好', html: '<p>你好</p>' }, now);
    const sendTo = (url: string) =>
      deliverDueEmails({ db: t.db, sender: createMailSender({ NODE_ENV: 'test', SMTP_URL: url }, t.dataDir), fromNameOf: () => '双声', now: () => now });
    const row = () => t.db.selectFrom('email_outbox').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
    expect(await sendTo(closed.url)).toBe(0);
    expect(await row()).toMatchObject({ status: 'pending', attempts: 1 });
    // Not again before its retry time.
    expect(await sendTo(closed.url)).toBe(0);
    expect((await row()).attempts).toBe(1);
    for (let attempt = 2; attempt <= maxAttempts; attempt++) {
      now = new Date(now.getTime() + 60 * 60_000);
      await sendTo(closed.url);
    }
    expect(await row()).toMatchObject({ status: 'failed', attempts: maxAttempts });
  });
});
