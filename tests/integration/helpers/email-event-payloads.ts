// Bounce and complaint events shaped as each provider's documentation shows them, signed
// the provider's way, for tests/integration/email-events.test.ts: an SNS certificate made
// here by openssl, Svix and Mailgun HMACs.
import { execFileSync } from 'node:child_process';
import { createHmac, createSign, randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { snsCanonicalString, type SnsEnvelope } from '@/core/mail-events/sns-signature';

/** A key and a self-signed certificate standing in for SNS's, made here by openssl. */
export function makeCertificate(): { key: string; pem: string } {
  const dir = mkdtempSync(join(tmpdir(), 'duet-sns-'));
  try {
    execFileSync('openssl', ['req', '-x509', '-newkey', 'rsa:2048', '-nodes', '-keyout', join(dir, 'k.pem'), '-out', join(dir, 'c.pem'), '-days', '2', '-subj', '/CN=sns.amazonaws.com'], { stdio: 'ignore' });
    return { key: readFileSync(join(dir, 'k.pem'), 'utf8'), pem: readFileSync(join(dir, 'c.pem'), 'utf8') };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

export function signSns(envelope: Omit<SnsEnvelope, 'Signature'>, key: string): SnsEnvelope {
  const unsigned = { ...envelope, Signature: '' };
  const signer = createSign(envelope.SignatureVersion === '1' ? 'RSA-SHA1' : 'RSA-SHA256');
  signer.update(snsCanonicalString(unsigned));
  return { ...unsigned, Signature: signer.sign(key, 'base64') };
}

/** SES's bounce notification as its documentation shows it (Message is the JSON text). */
export function sesBounce(email: string, bounceType: 'Permanent' | 'Transient') {
  return JSON.stringify({
    notificationType: 'Bounce',
    bounce: {
      feedbackId: '0100015e-7d0c-4c4a-8a9b-example-000000',
      bounceType,
      bounceSubType: bounceType === 'Permanent' ? 'General' : 'MailboxFull',
      bouncedRecipients: [{ emailAddress: email, action: 'failed', status: '5.1.1', diagnosticCode: 'smtp; 550 5.1.1 user unknown' }],
      timestamp: '2016-01-27T14:59:38.237Z',
      remoteMtaIp: '127.0.2.0',
      reportingMTA: 'dsn; a7-12.smtp-out.us-west-2.amazonses.com',
    },
    mail: { timestamp: '2016-01-27T14:59:37.000Z', source: 'news@duet.example', sourceArn: 'arn:aws:ses:us-west-2:123456789012:identity/duet.example', sendingAccountId: '123456789012', messageId: '0100015e-example', destination: [email] },
  });
}

export function sesComplaint(email: string) {
  return JSON.stringify({
    notificationType: 'Complaint',
    complaint: { feedbackId: '0100015e-complaint', complaintSubType: null, complainedRecipients: [{ emailAddress: email }], timestamp: '2016-01-27T14:59:38.237Z', userAgent: 'AnyCompany Feedback Loop (V0.01)', complaintFeedbackType: 'abuse', arrivalDate: '2016-01-27T14:59:38.237Z' },
    mail: { timestamp: '2016-01-27T14:59:37.000Z', source: 'news@duet.example', messageId: '0100015e-example', destination: [email] },
  });
}

export function svixHeaders(body: string, at: Date, secret: string): Record<string, string> {
  const id = `msg_${randomBytes(12).toString('hex')}`;
  const timestamp = String(Math.floor(at.getTime() / 1000));
  const signature = createHmac('sha256', Buffer.from(secret.slice(6), 'base64')).update(`${id}.${timestamp}.${body}`).digest('base64');
  return { 'svix-id': id, 'svix-timestamp': timestamp, 'svix-signature': `v1,${signature}` };
}

export function mailgunBody(event: Record<string, unknown>, at: Date, key: string) {
  const timestamp = String(Math.floor(at.getTime() / 1000));
  const token = randomBytes(25).toString('hex');
  return { signature: { timestamp, token, signature: createHmac('sha256', key).update(timestamp + token).digest('hex') }, 'event-data': event };
}
