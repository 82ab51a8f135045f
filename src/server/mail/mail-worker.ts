// The mail worker of this process (server/workers/periodic-worker.ts): every 15 seconds, and
// at once when woken after a message or a newsletter send is queued, it writes the
// recipients of queued newsletter sends into the outbox (db/newsletters/expand-sends.ts),
// sends what is due (a newsletter's e-mail made as it goes out, at the site's send rate),
// and closes finished sends.
// About once an hour it also clears the subscription limits' rows that have lapsed.
import { getDatabase } from '@/db/client';
import { logger } from '@/server/logger';
import { pruneThrottle } from '@/server/auth/login-throttle-store';
import { addressKeyPrefix, addressPolicy, clientKeyPrefix, clientPolicy } from '@/server/members/subscribe-member';
import { periodicWorker } from '@/server/workers/periodic-worker';
import { runMailTick } from './mail-tick';
import { createMailSender, type MailSender } from './mail-transport';

let sender: MailSender | null = null;

const worker = periodicWorker({
  name: 'mailWorker',
  intervalMs: 15_000,
  failure: 'sending e-mail failed; retrying at the next tick',
  async tick() {
    sender ??= createMailSender();
    await runMailTick(getDatabase(), sender);
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
