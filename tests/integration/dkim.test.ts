// DKIM signing (DKIM_DOMAIN, DKIM_SELECTOR, DKIM_PRIVATE_KEY or _FILE): a message sent to
// an SMTP server and one written to the .eml outbox each carry a DKIM-Signature that
// `mailauth` verifies against the public key as DNS would publish it; a message changed
// after signing fails; half a configuration refuses to start.
import { generateKeyPairSync } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { dkimVerify } from 'mailauth/lib/dkim/verify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrateToLatest } from '@/db/migrate';
import { enqueueEmail } from '@/db/mail/email-outbox';
import { deliverDueEmails } from '@/server/mail/deliver-outbox';
import { createMailSender, outboxDir } from '@/server/mail/mail-transport';
import { startSmtpSink, type SmtpSink } from './helpers/smtp-sink';
import { testTargets, type TestDatabase } from './helpers/test-databases';

const target = testTargets[0]!;
const { privateKey, publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
const privatePem = privateKey.export({ type: 'pkcs8', format: 'pem' }).toString();
const publicRecord = `v=DKIM1; k=rsa; p=${publicKey.export({ type: 'spki', format: 'der' }).toString('base64')}`;
const asked: string[] = [];
const resolver = async (name: string, type: string) => {
  asked.push(`${type} ${name}`);
  if (type === 'TXT' && name === 'duet2026._domainkey.duet.example') return [[publicRecord]];
  throw Object.assign(new Error('no such record'), { code: 'ENOTFOUND' });
};

describe(`DKIM signing (${target.name})`, () => {
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

  const env = (extra: Record<string, string>) => ({ NODE_ENV: 'test' as const, MAIL_FROM: 'news@duet.example', DKIM_DOMAIN: 'duet.example', DKIM_SELECTOR: 'duet2026', ...extra });
  const enqueue = (to: string) => enqueueEmail(t.db, { kind: 'test', recipient: to, locale: 'both', subject: '你好 / Hello', text: '你好\n\nHello', html: '<p>你好</p><p>Hello</p>' }, new Date());

  async function verify(raw: string | Buffer) {
    const result = await dkimVerify(raw, { resolver });
    return result.results.map((r) => ({ domain: r.signingDomain, selector: r.selector, result: r.status.result }));
  }

  it('signs what goes to the SMTP server with the key given as PEM text', async () => {
    await enqueue('reader@example.com');
    const sender = createMailSender({ ...env({ DKIM_PRIVATE_KEY: privatePem.replace(/\n/g, '\\n') }), SMTP_URL: sink.url }, t.dataDir);
    expect(await deliverDueEmails({ db: t.db, sender, fromNameOf: () => '双声' })).toBe(1);
    const raw = sink.messages.at(-1)!.raw;
    expect(raw).toMatch(/^DKIM-Signature: /m);
    expect(await verify(raw)).toEqual([{ domain: 'duet.example', selector: 'duet2026', result: 'pass' }]);
    expect(asked).toContain('TXT duet2026._domainkey.duet.example');
    // Changed after signing: the signature no longer holds.
    expect((await verify(raw.replace('Hello', 'Hullo')))[0]?.result).toBe('fail');
  });

  it('signs the .eml outbox with the key read from a file', async () => {
    const keyFile = join(t.dataDir, 'dkim.pem');
    writeFileSync(keyFile, privatePem, { mode: 0o600 });
    const id = await enqueue('file@example.com');
    const sender = createMailSender(env({ DKIM_PRIVATE_KEY_FILE: keyFile }), t.dataDir);
    expect(await deliverDueEmails({ db: t.db, sender, fromNameOf: () => '双声' })).toBe(1);
    const raw = readFileSync(join(outboxDir(t.dataDir), `${id}.eml`));
    expect(await verify(raw)).toEqual([{ domain: 'duet.example', selector: 'duet2026', result: 'pass' }]);
  });

  it('sends unsigned with no DKIM settings, and refuses half of them', () => {
    expect(() => createMailSender({ NODE_ENV: 'test' }, t.dataDir)).not.toThrow();
    expect(() => createMailSender({ NODE_ENV: 'test', DKIM_DOMAIN: 'duet.example' }, t.dataDir)).toThrow(/DKIM_SELECTOR/);
    expect(() => createMailSender(env({ DKIM_PRIVATE_KEY: 'not a key' }), t.dataDir)).toThrow();
  });
});
