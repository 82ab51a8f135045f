// A staff member's test send of a newsletter e-mail to their own address: an outbox row
// of kind `newsletter-test` with its parts (no send, no member: it is never the once per
// post and language send, and no member's record shows it), at most `limit` an hour per
// address, counted from the outbox itself (index email_outbox_kind_recipient_idx) in the
// transaction that writes the row.
import type { Kysely } from 'kysely';
import { AppError } from '@/core/errors/app-error';
import type { Database } from '../schema';
import { inTransaction } from '../transaction';
import { enqueueEmail, type OutgoingEmail } from '../mail/email-outbox';

export const testSendKind = 'newsletter-test';
const hourMs = 60 * 60 * 1000;

export async function enqueueTestSend(db: Kysely<Database>, email: Omit<OutgoingEmail, 'kind'>, now: Date, limit: number): Promise<number> {
  return inTransaction(db, async (trx) => {
    const since = new Date(now.getTime() - hourMs).toISOString();
    const row = await trx
      .selectFrom('email_outbox')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('kind', '=', testSendKind)
      .where('recipient', '=', email.recipient)
      .where('created_at', '>', since)
      .executeTakeFirstOrThrow();
    if (Number(row.n) >= limit) {
      throw new AppError('RATE_LIMITED', `At most ${limit} test e-mails an hour: try again later.`, { reason: 'test-send-limit' });
    }
    return enqueueEmail(trx, { ...email, kind: testSendKind }, now);
  });
}
