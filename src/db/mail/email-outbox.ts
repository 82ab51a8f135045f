// The e-mail outbox: one row per message, written in the transaction of what calls for it
// (a subscription), claimed by the mail worker with a lease (one UPDATE … RETURNING; on
// PostgreSQL the rows are picked FOR UPDATE SKIP LOCKED, so two instances never claim one
// row together), and marked sent. A worker that dies mid-send leaves its row `sending`
// until the lease lapses; the next claim takes it up. The parts are cleared once sent:
// a confirmation link is a secret, kept only while its message waits.
import { sql, type Kysely, type Selectable } from 'kysely';
import type { Database, EmailOutboxTable } from '../schema';
import { isPostgres } from '../dialect';

export type OutboxRow = Selectable<EmailOutboxTable>;

export interface OutgoingEmail {
  kind: string;
  recipient: string;
  /** 'zh' | 'en' | 'both' */
  locale: string;
  subject: string;
  text: string;
  html: string;
}

/** How long a claim holds a message: far past an SMTP send's own timeouts. */
export const outboxLeaseMs = 5 * 60 * 1000;
/** Attempts before a message is given up (marked failed). */
export const maxAttempts = 5;

export async function enqueueEmail(db: Kysely<Database>, email: OutgoingEmail, now: Date): Promise<number> {
  const row = await db
    .insertInto('email_outbox')
    .values({
      kind: email.kind,
      recipient: email.recipient,
      locale: email.locale,
      subject: email.subject,
      text_body: email.text,
      html_body: email.html,
      status: 'pending',
      lease_until: null,
      created_at: now.toISOString(),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return Number(row.id);
}

/** Which kinds a claim takes: only these, or all but these (a newsletter's e-mails go at the send rate). */
export type KindFilter = { only: readonly string[]; except?: never } | { except: readonly string[]; only?: never };

/**
 * Claims up to `limit` messages that are due (pending and not waiting for a retry, or
 * sending with a lapsed lease), counting the attempt: a message that kills its worker
 * every time is still given up after `maxAttempts`.
 */
export async function claimDueEmails(db: Kysely<Database>, now: Date, limit: number, leaseMs = outboxLeaseMs, kinds?: KindFilter): Promise<OutboxRow[]> {
  const nowIso = now.toISOString();
  let due = db
    .selectFrom('email_outbox')
    .select('id')
    .where((eb) => eb.or([eb('status', '=', 'pending'), eb('status', '=', 'sending')]))
    .where((eb) => eb.or([eb('lease_until', 'is', null), eb('lease_until', '<=', nowIso)]))
    .orderBy('id')
    .limit(limit);
  if (kinds) due = due.where('kind', kinds.only ? 'in' : 'not in', kinds.only ?? kinds.except);
  return db
    .updateTable('email_outbox')
    .set((eb) => ({ status: 'sending', attempts: eb('attempts', '+', 1), lease_until: new Date(now.getTime() + leaseMs).toISOString() }))
    // On PostgreSQL the candidates are an array computed once (an InitPlan): as a plain
    // `IN (subquery)` the planner may run the LIMIT … SKIP LOCKED subquery again per row
    // and claim every due row, not `limit` of them (measured: 7 of 7 for a limit of 3).
    .where((eb) => (isPostgres(db) ? eb('id', '=', eb.fn<number>('any', [sql`array(${due.forUpdate().skipLocked()})`])) : eb('id', 'in', due)))
    // Re-checked by the update itself: on SQLite the subquery and the update are one statement,
    // on PostgreSQL a row claimed meanwhile was skipped.
    .where((eb) => eb.or([eb('status', '=', 'pending'), eb.and([eb('status', '=', 'sending'), eb('lease_until', '<=', nowIso)])]))
    .returningAll()
    .execute();
}

/** The message went out: keep the record, drop its parts. */
export async function markEmailSent(db: Kysely<Database>, id: number, now: Date): Promise<void> {
  await db
    .updateTable('email_outbox')
    .set({ status: 'sent', sent_at: now.toISOString(), lease_until: null, text_body: null, html_body: null, last_error: null })
    .where('id', '=', id)
    .where('status', '=', 'sending')
    .execute();
}

/** The send failed: try again at `retryAt`, or give up (null, or the attempts are spent). */
export async function markEmailFailed(db: Kysely<Database>, row: Pick<OutboxRow, 'id' | 'attempts'>, error: string, retryAt: Date | null): Promise<void> {
  const givenUp = retryAt === null || Number(row.attempts) >= maxAttempts;
  await db
    .updateTable('email_outbox')
    .set({ status: givenUp ? 'failed' : 'pending', lease_until: givenUp || !retryAt ? null : retryAt.toISOString(), last_error: error.slice(0, 1000) })
    .where('id', '=', row.id)
    .where('status', '=', 'sending')
    .execute();
}
