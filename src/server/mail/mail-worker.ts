// The mail worker of this process: started once with the server (src/instrumentation.ts),
// it sends what is due in the e-mail outbox every 15 seconds and at once when woken after
// a message is queued; runs never overlap, a wake during a run makes one more. With
// several instances each runs one: the outbox's claim hands every message to one of them.
// About once an hour it also clears the subscription limits' rows that have lapsed.
import { getDatabase } from '@/db/client';
import { ensureDatabase } from '@/server/ensure-database';
import { logger } from '@/server/logger';
import { pruneThrottle } from '@/server/auth/login-throttle-store';
import { readSiteNames } from '@/server/members/member-messages';
import { addressKeyPrefix, addressPolicy, clientKeyPrefix, clientPolicy } from '@/server/members/subscribe-member';
import { deliverDueEmails } from './deliver-outbox';
import { createMailSender, type MailSender } from './mail-transport';

const intervalMs = 15_000;
/** The subscription limits' lapsed rows are cleared about once an hour. */
const pruneEveryMs = 60 * 60 * 1000;
const globalKey = Symbol.for('duet.mailWorker');
interface State {
  interval?: NodeJS.Timeout;
  running: boolean;
  again: boolean;
  sender: MailSender;
  prunedAt: number;
}
type GlobalWithWorker = typeof globalThis & { [globalKey]?: State };

async function run(state: State): Promise<void> {
  if (state.running) {
    state.again = true;
    return;
  }
  state.running = true;
  try {
    do {
      state.again = false;
      await ensureDatabase();
      const db = getDatabase();
      const names = await readSiteNames(db);
      await deliverDueEmails({ db, sender: state.sender, fromNameOf: (row) => (row.locale === 'en' ? names.en : names.zh) });
      if (Date.now() - state.prunedAt > pruneEveryMs) {
        state.prunedAt = Date.now();
        await pruneThrottle(db, clientKeyPrefix, clientPolicy);
        await pruneThrottle(db, addressKeyPrefix, addressPolicy);
      }
    } while (state.again);
  } catch (error) {
    logger.error({ err: error }, 'sending e-mail failed; retrying at the next tick');
  } finally {
    state.running = false;
  }
}

/** Started once per server process. */
export function startMailWorker(): void {
  const store = globalThis as GlobalWithWorker;
  if (store[globalKey]) return;
  const sender = createMailSender();
  const state: State = { running: false, again: false, sender, prunedAt: 0 };
  store[globalKey] = state;
  if (sender.kind === 'files') logger.info('no SMTP_URL: e-mails are written to DATA_DIR/outbox/ as .eml files');
  state.interval = setInterval(() => void run(state), intervalMs);
  state.interval.unref();
  void run(state);
}

/** A message was just queued: send it now rather than at the next tick. Never throws. */
export function wakeMailWorker(): void {
  const state = (globalThis as GlobalWithWorker)[globalKey];
  if (state) setImmediate(() => void run(state));
}
