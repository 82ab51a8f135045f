// DKIM through a real MTA: a message signed by the site (DKIM_* settings) goes through a
// private Postfix on loopback (helpers/postfix.ts) into its Maildir, and the delivered
// copy, with the headers Postfix added, still verifies with `mailauth` against the public
// key as DNS would serve it. Skipped with a notice without Postfix or root; in CI it must run.
import { generateKeyPairSync } from 'node:crypto';
import { dkimVerify } from 'mailauth/lib/dkim/verify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrateToLatest } from '@/db/migrate';
import { enqueueEmail } from '@/db/mail/email-outbox';
import { deliverDueEmails } from '@/server/mail/deliver-outbox';
import { createMailSender } from '@/server/mail/mail-transport';
import { postfixMissing, startPostfix, type PostfixInstance } from './helpers/postfix';
import { testTargets, type TestDatabase } from './helpers/test-databases';

const missing = postfixMissing();
if (missing && process.env.CI === 'true') throw new Error(`The Postfix suite is mandatory in CI, and ${missing}.`);
if (missing) console.warn(`\n*** Postfix DKIM suite SKIPPED: ${missing}. It runs in CI. ***\n`);

const target = testTargets[0]!;
const { privateKey, publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
const record = `v=DKIM1; k=rsa; p=${publicKey.export({ type: 'spki', format: 'der' }).toString('base64')}`;
const resolver = async (name: string, type: string) => {
  if (type === 'TXT' && name === 'mail._domainkey.duet.test') return [[record]];
  throw Object.assign(new Error('no such record'), { code: 'ENOTFOUND' });
};

describe.skipIf(missing !== null)(`DKIM through Postfix (${target.name})`, () => {
  let t: TestDatabase;
  let postfix: PostfixInstance;
  beforeAll(async () => {
    postfix = await startPostfix(3990);
    t = await target.open();
    await migrateToLatest(t.db);
  }, 60_000);
  afterAll(async () => {
    await postfix?.stop();
    await t?.close();
  });

  it('delivers a signed message whose signature verifies in the Maildir', async () => {
    await enqueueEmail(t.db, { kind: 'test', recipient: 'signed@example.com', locale: 'both', subject: '你好 / Hello', text: '你好\n\nHello', html: '<p>你好</p><p>Hello</p>' }, new Date());
    const env = { NODE_ENV: 'test' as const, SMTP_URL: postfix.smtpUrl, MAIL_FROM: 'news@duet.test', DKIM_DOMAIN: 'duet.test', DKIM_SELECTOR: 'mail', DKIM_PRIVATE_KEY: privateKey.export({ type: 'pkcs8', format: 'pem' }).toString() };
    expect(await deliverDueEmails({ db: t.db, sender: createMailSender(env, t.dataDir), fromNameOf: () => '双声' })).toBe(1);
    const [delivered] = await postfix.waitFor(1);
    expect(delivered!.to).toBe('signed@example.com');
    expect(delivered!.mail.headers.has('dkim-signature')).toBe(true);
    const result = await dkimVerify(delivered!.raw, { resolver });
    expect(result.results.map((r) => [r.signingDomain, r.status.result])).toEqual([['duet.test', 'pass']]);
  }, 60_000);
});
