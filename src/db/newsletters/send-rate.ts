// The send rate's reads and write: the setting (settings row `*`/`newsletterSendRate`) and
// how many newsletter e-mails went out in the last minute or are in flight now (index
// email_outbox_kind_sent_idx, and the claim's own index for the rows being sent).
import type { Kysely } from 'kysely';
import { newsletterKinds, parseSendRate } from '@/core/newsletters/send-rate';
import type { Database } from '../schema';

const everyLanguage = '*';
const rateKey = 'newsletterSendRate';

export async function readSendRate(db: Kysely<Database>): Promise<number> {
  const row = await db.selectFrom('settings').select('value').where('locale', '=', everyLanguage).where('key', '=', rateKey).executeTakeFirst();
  return parseSendRate(row?.value);
}

export async function saveSendRate(db: Kysely<Database>, perMinute: number): Promise<void> {
  await db
    .insertInto('settings')
    .values({ locale: everyLanguage, key: rateKey, value: String(perMinute) })
    .onConflict((oc) => oc.columns(['locale', 'key']).doUpdateSet({ value: String(perMinute) }))
    .execute();
}

/** Newsletter e-mails sent in the minute before `now`, and those claimed and not yet marked. */
export async function countRecentNewsletterEmails(db: Kysely<Database>, now: Date): Promise<number> {
  const since = new Date(now.getTime() - 60_000).toISOString();
  const [sent, inFlight] = await Promise.all([
    db.selectFrom('email_outbox').select((eb) => eb.fn.countAll<number>().as('n')).where('sent_at', '>', since).where('kind', 'in', newsletterKinds).executeTakeFirstOrThrow(),
    db
      .selectFrom('email_outbox')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('status', '=', 'sending')
      .where('lease_until', '>', now.toISOString())
      .where('kind', 'in', newsletterKinds)
      .executeTakeFirstOrThrow(),
  ]);
  return Number(sent.n) + Number(inFlight.n);
}
