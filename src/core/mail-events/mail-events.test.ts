import { describe, expect, it } from 'vitest';
import { brevoEvents, brevoInput, postmarkEvents, resendEvents, sesEvents } from './provider-events';
import { isBasicAuthorized, isTokenAuthorized, verifySvixSignature } from './shared-secrets';
import { isSnsCertificateUrl, snsCanonicalString } from './sns-signature';

describe('Svix signatures (Resend)', () => {
  // The test vector of Svix's own documentation.
  const secret = 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw';
  const headers = { id: 'msg_p5jXN8AQM9LWM0D4loKWxJek', timestamp: '1614265330', signature: 'v1,g0hM9SsE+OTPJTGt/tmIKtSyZlE3uFJELVlNIOLJ1OE=' };
  const at = new Date(1614265330 * 1000);

  it('accepts the documented example, among other signatures of a rotation', () => {
    expect(verifySvixSignature(secret, headers, '{"test": 2432232314}', at)).toBe(true);
    expect(verifySvixSignature(secret, { ...headers, signature: `v1,AAAA ${headers.signature}` }, '{"test": 2432232314}', at)).toBe(true);
  });

  it('refuses a changed body, another id, and a timestamp over five minutes off', () => {
    expect(verifySvixSignature(secret, headers, '{"test": 2432232315}', at)).toBe(false);
    expect(verifySvixSignature(secret, { ...headers, id: 'msg_other' }, '{"test": 2432232314}', at)).toBe(false);
    expect(verifySvixSignature(secret, headers, '{"test": 2432232314}', new Date(at.getTime() + 5 * 60_000 + 1000))).toBe(false);
    expect(verifySvixSignature(secret, { ...headers, signature: 'v2,g0hM9SsE+OTPJTGt/tmIKtSyZlE3uFJELVlNIOLJ1OE=' }, '{"test": 2432232314}', at)).toBe(false);
  });
});

describe('SNS signatures (SES)', () => {
  it('signs the documented fields in order, Subject only when present', () => {
    const base = { Type: 'Notification', MessageId: 'm1', TopicArn: 'arn:t', Message: 'hi', Timestamp: '2012-05-02T00:54:06.655Z', SignatureVersion: '1', Signature: 's', SigningCertURL: 'u' };
    expect(snsCanonicalString(base)).toBe('Message\nhi\nMessageId\nm1\nTimestamp\n2012-05-02T00:54:06.655Z\nTopicArn\narn:t\nType\nNotification\n');
    expect(snsCanonicalString({ ...base, Subject: 'S' })).toContain('MessageId\nm1\nSubject\nS\nTimestamp');
    const confirmation = snsCanonicalString({ ...base, Type: 'SubscriptionConfirmation', SubscribeURL: 'https://x', Token: 'tok' });
    expect(confirmation).toBe('Message\nhi\nMessageId\nm1\nSubscribeURL\nhttps://x\nTimestamp\n2012-05-02T00:54:06.655Z\nToken\ntok\nTopicArn\narn:t\nType\nSubscriptionConfirmation\n');
  });

  it('takes a certificate only from https://sns.<region>.amazonaws.com', () => {
    expect(isSnsCertificateUrl('https://sns.us-west-2.amazonaws.com/SimpleNotificationService-abc.pem')).toBe(true);
    expect(isSnsCertificateUrl('https://sns.cn-north-1.amazonaws.com.cn/SimpleNotificationService-abc.pem')).toBe(true);
    for (const url of ['http://sns.us-west-2.amazonaws.com/a.pem', 'https://sns.us-west-2.amazonaws.com.evil.example/a.pem', 'https://evil.example/sns.us-west-2.amazonaws.com/a.pem', 'https://sns.us-west-2.amazonaws.com:8443/a.pem', 'https://x@sns.us-west-2.amazonaws.com/a.pem', 'https://sns.us-west-2.amazonaws.com/a.txt', 'not a url']) {
      expect(isSnsCertificateUrl(url), url).toBe(false);
    }
  });

  it('marks permanent bounces and complaints only', () => {
    const bounce = (type: string) => JSON.stringify({ notificationType: 'Bounce', bounce: { bounceType: type, bouncedRecipients: [{ emailAddress: 'a@example.com' }, { emailAddress: 'b@example.com' }] } });
    expect(sesEvents('m', bounce('Permanent')).map((e) => [e.kind, e.email, e.eventId])).toEqual([['bounced', 'a@example.com', 'm:a@example.com'], ['bounced', 'b@example.com', 'm:b@example.com']]);
    expect(sesEvents('m', bounce('Transient'))).toEqual([]);
    expect(sesEvents('m', bounce('Undetermined'))).toEqual([]);
    expect(sesEvents('m', JSON.stringify({ notificationType: 'Delivery', delivery: {} }))).toEqual([]);
    expect(sesEvents('m', 'not json')).toEqual([]);
  });
});

describe('Postmark and Resend events', () => {
  it('Postmark: hard bounces and spam complaints, nothing else', () => {
    expect(postmarkEvents({ RecordType: 'Bounce', ID: 1, Type: 'HardBounce', Email: 'a@example.com' })[0]?.kind).toBe('bounced');
    expect(postmarkEvents({ RecordType: 'Bounce', ID: 1, Type: 'SoftBounce', Email: 'a@example.com' })).toEqual([]);
    expect(postmarkEvents({ RecordType: 'SpamComplaint', ID: 1, Type: 'SpamComplaint', Email: 'a@example.com' })[0]?.kind).toBe('complained');
    expect(postmarkEvents({ RecordType: 'Delivery', ID: 1, Recipient: 'a@example.com' })).toEqual([]);
  });

  it('Resend: a bounce whose own type is not permanent marks nothing', () => {
    expect(resendEvents('msg', { type: 'email.bounced', data: { to: ['a@example.com'], bounce: { type: 'Transient' } } })).toEqual([]);
    expect(resendEvents('msg', { type: 'email.delivered', data: { to: ['a@example.com'] } })).toEqual([]);
  });

  it('HTTP Basic: exactly the configured user and password', () => {
    const header = (text: string) => `Basic ${Buffer.from(text).toString('base64')}`;
    expect(isBasicAuthorized(header('u:p w'), 'u', 'p w')).toBe(true);
    expect(isBasicAuthorized(header('u:p'), 'u', 'p w')).toBe(false);
    expect(isBasicAuthorized(header('u:p w'), 'v', 'p w')).toBe(false);
    expect(isBasicAuthorized(null, 'u', 'p')).toBe(false);
    expect(isBasicAuthorized('Bearer x', 'u', 'p')).toBe(false);
  });
});

describe('Brevo', () => {
  it('takes its token as a bearer header or the URL parameter, exactly', () => {
    expect(isTokenAuthorized('Bearer abc123', null, 'abc123')).toBe(true);
    expect(isTokenAuthorized(null, 'abc123', 'abc123')).toBe(true);
    expect(isTokenAuthorized('Bearer abc12', null, 'abc123')).toBe(false);
    expect(isTokenAuthorized(null, 'abc1234', 'abc123')).toBe(false);
    expect(isTokenAuthorized('Basic abc123', null, 'abc123')).toBe(false);
    expect(isTokenAuthorized(null, null, 'abc123')).toBe(false);
  });

  it('marks a hard bounce and a spam complaint, unsubscribes on unsubscribed, and ignores soft bounces and deliveries', () => {
    const event = (name: string) => ({ event: name, email: 'r@example.com', 'message-id': '<1@relay>', ts_event: 1604933654 });
    expect(brevoEvents(brevoInput.parse([event('hard_bounce'), event('soft_bounce'), event('spam'), event('unsubscribed'), event('delivered')]))).toEqual([
      { provider: 'brevo', eventId: 'hard_bounce:<1@relay>:r@example.com', kind: 'bounced', email: 'r@example.com' },
      { provider: 'brevo', eventId: 'spam:<1@relay>:r@example.com', kind: 'complained', email: 'r@example.com' },
      { provider: 'brevo', eventId: 'unsubscribed:<1@relay>:r@example.com', kind: 'unsubscribed', email: 'r@example.com' },
    ]);
    expect(brevoEvents(brevoInput.parse({ event: 'toString', email: 'r@example.com', 'message-id': 'x' }))).toEqual([]);
  });
});
