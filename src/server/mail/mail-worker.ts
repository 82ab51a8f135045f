// The mail worker of this process (server/workers/periodic-worker.ts): it sends what is due
// in the e-mail outbox every 15 seconds and at once when woken after a message is queued.
// About once an hour it also clears the subscription limits' rows that have lapsed.
import { getDatabase } from '@/db/client';
import { logger } from '@/server/logger';
import { pruneThrottle } from '@/server/auth/login-throttle-store';
import { readSiteNames } from '@/server/members/member-messages';
import { addressKeyPrefix, addressPolicy, clientKeyPrefix, clientPolicy } from '@/server/members/subscribe-member';
import { periodicWorker } from '@/server/workers/periodic-worker';
import { deliverDueEmails } from './deliver-outbox';
import { createMailSender, type MailSender } from './mail-transport';

let sender: MailSender | null = null;

const worker = periodicWorker({
  name: 'mailWorker',
  intervalMs: 15_000,
  failure: 'sending e-mail failed; retrying at the next tick',
  async tick() {
    sender ??= createMailSender();
    const db = getDatabase();
    const names = await readSiteNames(db);
    await deliverDueEmails({ db, sender, fromNameOf: (row) => (row.locale === 'en' ? names.en : names.zh) });
  },
  async prune() {
    const db = getDatabase();
    await pruneThrottle(db, clientKeyPrefix, clientPolicy);
    await pruneThrottle(db, addressKeyPrefix, addressPolicy);
  },
});

/** Started once per server process. */
export function startMailWorker(): void {
  if (!sender) {
    sender = createMailSender();
    if (sender.kind === 'files') logger.info('no SMTP_URL: e-mails are written to DATA_DIR/outbox/ as .eml files');
  }
  worker.start();
}

/** A message was just queued: send it now rather than at the next tick. Never throws. */
export const wakeMailWorker = worker.wake;
