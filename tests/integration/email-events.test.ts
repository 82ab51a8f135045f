// The bounce and complaint webhooks on both databases, each provider with payloads shaped
// as its documentation shows them (Brevo's too: a token or Basic credentials, as it signs
// nothing; its own unsubscribe unsubscribes without marking): a good signature marks the address (a complaint also
// unsubscribes), a forged or stale one is a 401 that changes nothing, the same event twice
// changes nothing more, and a provider with no secret configured has no route (404).
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EmailEventsConfig } from '@/core/config/email-events';
import type { SnsEnvelope } from '@/core/mail-events/sns-signature';
import { migrateToLatest } from '@/db/migrate';
import { defineRoute } from '@/server/api/define-route';
import { createEmailEventHandlers } from '@/server/mail-events/email-event-routes';
import { createCertificateCache } from '@/server/mail-events/sns-certificates';
import * as brevoRoute from '@/app/api/v1/email-events/brevo/route';
import * as resendRoute from '@/app/api/v1/email-events/resend/route';
import { makeCertificate, mailgunBody as signedMailgunBody, sesBounce, sesComplaint, signSns as sign, svixHeaders as signedSvixHeaders } from './helpers/email-event-payloads';
import { unique } from './helpers/factories';
import { testTargets, type TestDatabase } from './helpers/test-databases';

const topicArn = 'arn:aws:sns:us-west-2:123456789012:duet-bounces';
const certUrl = 'https://sns.us-west-2.amazonaws.com/SimpleNotificationService-f3ecfb7224c7233fe7bb5f59f96de52f.pem';
const resendSecret = `whsec_${randomBytes(24).toString('base64')}`;
const mailgunKey = 'key-mailgun-signing-0123456789';
const config: EmailEventsConfig = {
  ses: { topicArns: [topicArn], confirmSubscriptions: false },
  postmark: { user: 'postmark', password: 'a long shared secret' },
  resend: { secret: resendSecret },
  mailgun: { signingKey: mailgunKey },
  brevo: { token: 'brevo-token-0123456789abcdef', user: 'brevo', password: 'another long shared secret' },
};

const svixHeaders = (body: string, at: Date, secret = resendSecret) => signedSvixHeaders(body, at, secret);
const mailgunBody = (event: Record<string, unknown>, at: Date, key = mailgunKey) => signedMailgunBody(event, at, key);

for (const target of testTargets) {
  describe.skipIf(target.skip)(`bounce and complaint webhooks (${target.name})`, () => {
    let t: TestDatabase;
    const certificate = makeCertificate();
    // After the certificate is made: a certificate is refused before its validity starts.
    const now = new Date(Date.now() + 1000);
    const fetched: string[] = [];
    let routes: Record<'ses' | 'postmark' | 'resend' | 'mailgun' | 'brevo', ReturnType<typeof defineRoute>>;

    beforeAll(async () => {
      t = await target.open();
      await migrateToLatest(t.db);
      const handlers = createEmailEventHandlers({
        config,
        certificates: createCertificateCache(async (url) => {
          fetched.push(url);
          return certificate.pem;
        }),
        fetchText: async (url) => {
          fetched.push(url);
          return '';
        },
        db: async () => t.db,
        now: () => now,
      });
      routes = {
        ses: defineRoute({ POST: handlers.ses }, { writesFrom: 'any' }),
        postmark: defineRoute({ POST: handlers.postmark }, { writesFrom: 'any' }),
        resend: defineRoute({ POST: handlers.resend }, { writesFrom: 'any' }),
        mailgun: defineRoute({ POST: handlers.mailgun }, { writesFrom: 'any' }),
        brevo: defineRoute({ POST: handlers.brevo }, { writesFrom: 'any' }),
      };
    });
    afterAll(async () => {
      await t?.close();
    });

    async function addMember(): Promise<string> {
      const email = `${unique('reader')}@example.com`.toLowerCase();
      await t.db.insertInto('members').values({ email, language: 'zh', status: 'subscribed', created_at: now.toISOString(), confirmed_at: now.toISOString(), unsubscribed_at: null }).execute();
      return email;
    }
    const memberOf = (email: string) => t.db.selectFrom('members').select(['status', 'address_state', 'unsubscribed_at']).where('email', '=', email).executeTakeFirstOrThrow();
    const eventCount = async () => Number((await t.db.selectFrom('email_events').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n);

    function post(provider: keyof typeof routes, body: string, headers: Record<string, string> = {}, query = '') {
      const request = new Request(`http://localhost/api/v1/email-events/${provider}${query}`, { method: 'POST', headers: { 'Content-Type': 'application/json', ...headers }, body });
      return routes[provider].POST(request, { params: Promise.resolve({}) });
    }

    function snsNotification(message: string, version: '1' | '2', overrides: Partial<SnsEnvelope> = {}): SnsEnvelope {
      return sign({ Type: 'Notification', MessageId: crypto.randomUUID(), TopicArn: topicArn, Message: message, Timestamp: now.toISOString(), SignatureVersion: version, SigningCertURL: certUrl, ...overrides }, certificate.key);
    }

    it('SES: a permanent bounce marks (signature versions 1 and 2), a transient one does not, a replay changes nothing', async () => {
      const [hard, hardToo, soft] = [await addMember(), await addMember(), await addMember()];
      const first = snsNotification(sesBounce(hard, 'Permanent'), '1');
      const response = await post('ses', JSON.stringify({ ...first, UnsubscribeURL: 'https://sns.us-west-2.amazonaws.com/?Action=Unsubscribe' }));
      expect(response.status).toBe(200);
      expect(await response.json()).toEqual({ events: 1, changed: 1 });
      expect(await memberOf(hard)).toMatchObject({ status: 'subscribed', address_state: 'bounced' });
      expect((await post('ses', JSON.stringify(snsNotification(sesBounce(hardToo, 'Permanent'), '2', { Subject: 'Amazon SES Email Event Notification' })))).status).toBe(200);
      expect((await memberOf(hardToo)).address_state).toBe('bounced');
      expect(await (await post('ses', JSON.stringify(snsNotification(sesBounce(soft, 'Transient'), '2')))).json()).toEqual({ events: 0, changed: 0 });
      expect((await memberOf(soft)).address_state).toBeNull();
      const events = await eventCount();
      const again = await post('ses', JSON.stringify(first));
      expect(await again.json()).toEqual({ events: 1, changed: 0 });
      expect(await eventCount()).toBe(events);
      // The certificate was fetched once and kept.
      expect(fetched.filter((u) => u === certUrl)).toHaveLength(1);
    });

    it('SES: a complaint marks and unsubscribes', async () => {
      const email = await addMember();
      expect((await post('ses', JSON.stringify(snsNotification(sesComplaint(email), '2')))).status).toBe(200);
      const member = await memberOf(email);
      expect(member).toMatchObject({ status: 'unsubscribed', address_state: 'complained' });
      expect(member.unsubscribed_at).not.toBeNull();
    });

    it('SES: forged, foreign, stale or off-SNS messages are 401 and change nothing', async () => {
      const email = await addMember();
      const events = await eventCount();
      const good = snsNotification(sesBounce(email, 'Permanent'), '2');
      const forged = { ...good, Message: sesComplaint(email) };
      expect((await post('ses', JSON.stringify(forged))).status).toBe(401);
      const other = makeCertificate();
      const signedByAnother = sign({ ...good }, other.key);
      expect((await post('ses', JSON.stringify(signedByAnother))).status).toBe(401);
      expect((await post('ses', JSON.stringify(snsNotification(sesBounce(email, 'Permanent'), '2', { SigningCertURL: 'https://sns.evil.example.com/cert.pem' })))).status).toBe(401);
      expect((await post('ses', JSON.stringify(snsNotification(sesBounce(email, 'Permanent'), '2', { SigningCertURL: 'http://sns.us-west-2.amazonaws.com/x.pem' })))).status).toBe(401);
      expect((await post('ses', JSON.stringify(snsNotification(sesBounce(email, 'Permanent'), '2', { TopicArn: 'arn:aws:sns:us-west-2:999999999999:other' })))).status).toBe(401);
      const stale = snsNotification(sesBounce(email, 'Permanent'), '2', { Timestamp: new Date(now.getTime() - 2 * 60 * 60_000).toISOString() });
      expect((await post('ses', JSON.stringify(stale))).status).toBe(401);
      expect((await post('ses', JSON.stringify({ Type: 'Notification' }))).status).toBe(400);
      expect((await memberOf(email)).address_state).toBeNull();
      expect(await eventCount()).toBe(events);
      expect(fetched.some((u) => u.includes('evil') || u.startsWith('http:'))).toBe(false);
    });

    it('SES: a subscription confirmation is logged, not opened, unless the setting says so', async () => {
      const confirmation = sign(
        {
          Type: 'SubscriptionConfirmation',
          MessageId: crypto.randomUUID(),
          Token: '2336412f37fb687f5d51e6e241d09c805a5a57b30d712f794cc5f6a988666d92768dd60a747ba6f3beb71854e285d6ad02428b09ceece29417f1f02d609c582afbacc99c583a916b9981dd2728f4ae6fdb82efd087cc3b7849e05798d2d2785c03b0879594eeac82c01f235d0e717736',
          TopicArn: topicArn,
          Message: `You have chosen to subscribe to the topic ${topicArn}.\nTo confirm the subscription, visit the SubscribeURL included in this message.`,
          SubscribeURL: `https://sns.us-west-2.amazonaws.com/?Action=ConfirmSubscription&TopicArn=${topicArn}&Token=2336412f37`,
          Timestamp: now.toISOString(),
          SignatureVersion: '1',
          SigningCertURL: certUrl,
        },
        certificate.key,
      );
      const response = await post('ses', JSON.stringify(confirmation));
      expect(response.status).toBe(200);
      expect(await response.json()).toEqual({ confirmed: false });
      expect(fetched.some((u) => u.includes('ConfirmSubscription'))).toBe(false);
      const tampered = { ...confirmation, SubscribeURL: 'https://sns.us-west-2.amazonaws.com/?Action=ConfirmSubscription&TopicArn=other' };
      expect((await post('ses', JSON.stringify(tampered))).status).toBe(401);

      // With DUET_SES_CONFIRM_SUBSCRIPTIONS=1 the site opens it itself (only on SNS's own host).
      const opened: string[] = [];
      const confirming = createEmailEventHandlers({
        config: { ...config, ses: { topicArns: [topicArn], confirmSubscriptions: true } },
        certificates: createCertificateCache(async () => certificate.pem),
        fetchText: async (url) => {
          opened.push(url);
          return '';
        },
        db: async () => t.db,
        now: () => now,
      });
      const request = new Request('http://localhost/api/v1/email-events/ses', { method: 'POST', headers: { 'Content-Type': 'text/plain; charset=UTF-8' }, body: JSON.stringify(confirmation) });
      expect(await (await defineRoute({ POST: confirming.ses }, { writesFrom: 'any' }).POST(request, { params: Promise.resolve({}) })).json()).toEqual({ confirmed: true });
      expect(opened).toEqual([confirmation.SubscribeURL]);
    });

    it('refuses a body over 256 KB before reading it', async () => {
      const big = 'x'.repeat(300 * 1024);
      const response = await routes.mailgun.POST(new Request('http://localhost/api/v1/email-events/mailgun', { method: 'POST', headers: { 'Content-Type': 'application/json', 'Content-Length': String(big.length) }, body: big }), { params: Promise.resolve({}) });
      expect(response.status).toBe(413);
    });

    it('Postmark: HTTP Basic credentials; a hard bounce marks, a soft one does not, a spam complaint unsubscribes, twice is once', async () => {
      const [hard, soft, spam] = [await addMember(), await addMember(), await addMember()];
      const auth = { Authorization: `Basic ${Buffer.from('postmark:a long shared secret').toString('base64')}` };
      const bounce = (email: string, type: string, id: number) =>
        JSON.stringify({ RecordType: 'Bounce', MessageStream: 'outbound', ID: id, Type: type, TypeCode: type === 'HardBounce' ? 1 : 4096, Name: 'Hard bounce', Tag: 'Test', MessageID: '883953f4-6105-42a2-a16a-77a8eac79483', Metadata: { a_key: 'a_value' }, ServerID: 23, Description: 'The server was unable to deliver your message (ex: unknown user, mailbox not found).', Details: 'Test bounce details', Email: email, From: 'sender@example.com', BouncedAt: '2019-11-05T16:33:54.9070259Z', DumpAvailable: true, Inactive: true, CanActivate: true, Subject: 'Test subject', Content: '<Full dump of bounce>' });
      const hardBody = bounce(hard, 'HardBounce', 4323372036854775807);
      expect((await post('postmark', hardBody)).status).toBe(401);
      expect((await post('postmark', hardBody, { Authorization: `Basic ${Buffer.from('postmark:wrong').toString('base64')}` })).status).toBe(401);
      expect((await memberOf(hard)).address_state).toBeNull();
      expect(await (await post('postmark', hardBody, auth)).json()).toEqual({ events: 1, changed: 1 });
      expect(await (await post('postmark', hardBody, auth)).json()).toEqual({ events: 1, changed: 0 });
      expect((await memberOf(hard)).address_state).toBe('bounced');
      expect(await (await post('postmark', bounce(soft, 'SoftBounce', 7), auth)).json()).toEqual({ events: 0, changed: 0 });
      const complaint = JSON.stringify({ RecordType: 'SpamComplaint', MessageStream: 'outbound', ID: 42, Type: 'SpamComplaint', TypeCode: 512, Name: 'Spam complaint', Tag: 'Test', MessageID: '00000000-0000-0000-0000-000000000000', ServerID: 1234, Description: '', Details: 'Test spam complaint details', Email: spam, From: 'sender@example.com', BouncedAt: '2019-11-05T16:33:54.9070259Z', DumpAvailable: true, Inactive: true, CanActivate: false, Subject: 'Test subject', Content: '<Abuse report dump>' });
      expect((await post('postmark', complaint, auth)).status).toBe(200);
      expect(await memberOf(spam)).toMatchObject({ status: 'unsubscribed', address_state: 'complained' });
      expect((await memberOf(soft)).address_state).toBeNull();
    });

    it('Resend: Svix signatures; bounced and complained mark, forged and stale are 401, a replay changes nothing', async () => {
      const [bounced, complained, forgedFor] = [await addMember(), await addMember(), await addMember()];
      const event = (type: string, email: string) =>
        JSON.stringify({
          type,
          created_at: '2024-11-22T23:41:12.126Z',
          data: { broadcast_id: '8b146471-e88e-4322-86af-016cd36fd216', created_at: '2024-11-22T23:41:11.894719+00:00', email_id: '56761188-7520-42d8-8898-ff6fc54ce618', from: 'Acme <onboarding@resend.dev>', to: [email], subject: 'Sending this example', ...(type === 'email.bounced' ? { bounce: { message: "The recipient's email address is on the suppression list.", subType: 'Suppressed', type: 'Permanent' } } : {}) },
        });
      const body = event('email.bounced', bounced);
      const headers = svixHeaders(body, now);
      expect(await (await post('resend', body, headers)).json()).toEqual({ events: 1, changed: 1 });
      expect(await (await post('resend', body, headers)).json()).toEqual({ events: 1, changed: 0 });
      expect((await memberOf(bounced)).address_state).toBe('bounced');
      const complaint = event('email.complained', complained);
      expect((await post('resend', complaint, svixHeaders(complaint, now))).status).toBe(200);
      expect(await memberOf(complained)).toMatchObject({ status: 'unsubscribed', address_state: 'complained' });

      const forged = event('email.bounced', forgedFor);
      expect((await post('resend', forged, svixHeaders(forged, now, `whsec_${randomBytes(24).toString('base64')}`))).status).toBe(401);
      expect((await post('resend', forged, { ...headers })).status).toBe(401);
      expect((await post('resend', forged, svixHeaders(forged, new Date(now.getTime() - 6 * 60_000)))).status).toBe(401);
      expect((await post('resend', forged)).status).toBe(401);
      expect((await memberOf(forgedFor)).address_state).toBeNull();
    });

    it('Mailgun: signed permanent failures and complaints mark; temporary failures, forged and stale signatures do not', async () => {
      const [failed, complained, temporary, forgedFor] = [await addMember(), await addMember(), await addMember(), await addMember()];
      const failure = (email: string, severity: string, id: string) => ({
        event: 'failed', id, timestamp: 1521233195.375624, 'log-level': 'error', severity, reason: 'bounce',
        envelope: { sender: 'news@duet.example', transport: 'smtp', targets: email },
        'delivery-status': { code: 550, message: '5.1.1 The email account that you tried to reach does not exist.', description: '', 'attempt-no': 1 },
        message: { headers: { to: email, 'message-id': '20180316205953.1.example@duet.example', from: 'news@duet.example', subject: 'Test' }, size: 111 },
        recipient: email, 'recipient-domain': 'example.com', tags: [], 'user-variables': {},
      });
      const body = JSON.stringify(mailgunBody(failure(failed, 'permanent', 'G9Bn5sl1TC6nu79C8C0bwg'), now));
      expect(await (await post('mailgun', body)).json()).toEqual({ events: 1, changed: 1 });
      expect(await (await post('mailgun', body)).json()).toEqual({ events: 1, changed: 0 });
      expect((await memberOf(failed)).address_state).toBe('bounced');
      expect(await (await post('mailgun', JSON.stringify(mailgunBody(failure(temporary, 'temporary', 'Fs7-5t81S2ufsfbfkV5UCw'), now)))).json()).toEqual({ events: 0, changed: 0 });
      const complaint = { event: 'complained', id: '-Agny091SquKnsrW2NEKUA', timestamp: 1521233123.501324, 'log-level': 'warn', recipient: complained, tags: [], 'user-variables': {} };
      expect((await post('mailgun', JSON.stringify(mailgunBody(complaint, now)))).status).toBe(200);
      expect(await memberOf(complained)).toMatchObject({ status: 'unsubscribed', address_state: 'complained' });

      expect((await post('mailgun', JSON.stringify(mailgunBody(failure(forgedFor, 'permanent', 'forged-1'), now, 'not-the-key')))).status).toBe(401);
      expect((await post('mailgun', JSON.stringify(mailgunBody(failure(forgedFor, 'permanent', 'stale-1'), new Date(now.getTime() - 10 * 60_000))))).status).toBe(401);
      expect((await memberOf(forgedFor)).address_state).toBeNull();
      expect((await memberOf(temporary)).address_state).toBeNull();
    });

    it('Brevo: a token (bearer or in the URL) or Basic; hard bounce, spam and unsubscribed act, soft bounce does not, forged is 401', async () => {
      const [hard, soft, spam, left, listed, forgedFor] = [await addMember(), await addMember(), await addMember(), await addMember(), await addMember(), await addMember()];
      // The transactional webhook's documented attributes, one event per request.
      const event = (name: string, email: string, messageId: string) => ({
        event: name, email, id: 26224, date: '2020-10-09 00:00:00', ts: 1604933619, 'message-id': messageId, ts_event: 1604933654,
        subject: 'My first Transactional', 'X-Mailin-custom': 'some_custom_header', template_id: 22, tag: '["transactionalTag"]',
        sending_ip: '185.41.28.109', ts_epoch: 1604933654000, tags: ['myFirstTransactional'], ...(name.endsWith('bounce') ? { reason: '550 5.1.1 user unknown' } : {}),
      });
      const bearer = { Authorization: 'Bearer brevo-token-0123456789abcdef' };
      const basic = { Authorization: `Basic ${Buffer.from('brevo:another long shared secret').toString('base64')}` };
      const hardBody = JSON.stringify(event('hard_bounce', hard, '<202010090000.1@smtp-relay.mailin.fr>'));
      expect((await post('brevo', hardBody)).status).toBe(401);
      expect((await post('brevo', hardBody, { Authorization: 'Bearer brevo-token-0123456789abcdeX' })).status).toBe(401);
      expect((await post('brevo', hardBody, {}, '?token=brevo-token')).status).toBe(401);
      expect((await post('brevo', hardBody, { Authorization: `Basic ${Buffer.from('brevo:wrong').toString('base64')}` })).status).toBe(401);
      expect((await memberOf(hard)).address_state).toBeNull();
      expect(await (await post('brevo', hardBody, bearer)).json()).toEqual({ events: 1, changed: 1 });
      expect(await (await post('brevo', hardBody, {}, '?token=brevo-token-0123456789abcdef')).json()).toEqual({ events: 1, changed: 0 });
      expect((await memberOf(hard)).address_state).toBe('bounced');
      expect(await (await post('brevo', JSON.stringify(event('soft_bounce', soft, '<2.x@relay>')), basic)).json()).toEqual({ events: 0, changed: 0 });
      expect((await post('brevo', JSON.stringify(event('spam', spam, '<3.x@relay>')), basic)).status).toBe(200);
      expect(await memberOf(spam)).toMatchObject({ status: 'unsubscribed', address_state: 'complained' });
      // Unsubscribed through Brevo's own link: the member leaves, the address stays deliverable.
      expect(await (await post('brevo', JSON.stringify(event('unsubscribed', left, '<4.x@relay>')), bearer)).json()).toEqual({ events: 1, changed: 1 });
      expect(await memberOf(left)).toMatchObject({ status: 'unsubscribed', address_state: null });
      // A batched webhook's list of events.
      const batch = JSON.stringify([event('delivered', listed, '<5.x@relay>'), event('hard_bounce', listed, '<6.x@relay>')]);
      expect(await (await post('brevo', batch, bearer)).json()).toEqual({ events: 1, changed: 1 });
      expect((await memberOf(listed)).address_state).toBe('bounced');
      expect((await post('brevo', JSON.stringify(event('hard_bounce', forgedFor, '<7.x@relay>')), { Authorization: 'Bearer guessed' }, '?token=guessed')).status).toBe(401);
      expect((await memberOf(forgedFor)).address_state).toBeNull();
      expect((await memberOf(soft)).address_state).toBeNull();
    });
  });
}

describe('a provider with nothing configured', () => {
  it('has no route (404), before reading anything', async () => {
    const saved = process.env.DUET_RESEND_WEBHOOK_SECRET;
    delete process.env.DUET_RESEND_WEBHOOK_SECRET;
    try {
      const response = await resendRoute.POST(new Request('http://localhost/api/v1/email-events/resend', { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: '{}' }), { params: Promise.resolve({}) });
      expect(response.status).toBe(404);
    } finally {
      if (saved !== undefined) process.env.DUET_RESEND_WEBHOOK_SECRET = saved;
    }
  });

  it('Brevo has no route (404) without its token or credentials', async () => {
    const keys = ['DUET_BREVO_WEBHOOK_TOKEN', 'DUET_BREVO_WEBHOOK_USER', 'DUET_BREVO_WEBHOOK_PASSWORD'] as const;
    const saved = keys.map((key) => process.env[key]);
    for (const key of keys) delete process.env[key];
    try {
      const response = await brevoRoute.POST(new Request('http://localhost/api/v1/email-events/brevo?token=x', { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: '{}' }), { params: Promise.resolve({}) });
      expect(response.status).toBe(404);
    } finally {
      keys.forEach((key, i) => {
        if (saved[i] !== undefined) process.env[key] = saved[i];
      });
    }
  });
});
