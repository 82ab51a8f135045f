// One run of the mail worker: claim what is due in the outbox, send each message, and
// mark it sent, or due again later with a growing wait (1, 2, 4, 8 minutes) until its
// attempts are spent. A permanent refusal by the SMTP server (a 5xx reply: no such
// mailbox, policy) is not tried again, and one refusing the recipient marks the address
// bounced (db/members/address-state.ts): no newsletter goes to it again. Newsletter
// e-mails go at the site's send rate (no more in any minute than it allows: a large send
// spreads over the worker's ticks). Runs outside any request; several instances may run it at once.
import type { Db } from '@/db/client';
import { claimDueEmails, markEmailFailed, markEmailSent, type OutboxRow } from '@/db/mail/email-outbox';
import { recordAddressEvent } from '@/db/members/address-state';
import { countRecentNewsletterEmails } from '@/db/newsletters/send-rate';
import { newsletterKinds, sendAllowance } from '@/core/newsletters/send-rate';
import { logger } from '@/server/logger';
import type { MailMessage, MailSender } from './mail-transport';

/** What a row becomes when its parts are made at send time (a newsletter's e-mail); null: the row's own parts. */
export type ComposeRow = (row: OutboxRow) => Promise<Omit<MailMessage, 'outboxId' | 'to'> | null>;

export interface DeliverOptions {
  db: Db;
  sender: MailSender;
  /** The sender's display name for a message (the site's name in its language). */
  fromNameOf: (row: OutboxRow) => string | Promise<string>;
  compose?: ComposeRow;
  now?: () => Date;
  batch?: number;
  /**
   * Newsletter e-mails per minute (the site's setting, core/newsletters/send-rate.ts): at
   * most that many sent or in flight in any minute, across ticks and instances. Absent:
   * no limit. Other e-mails (a confirmation, a sign-in link) are never held by it.
   */
  sendRate?: number;
}

const retryBaseMs = 60_000;

/** nodemailer puts the SMTP server's reply code on the error it throws. */
function isPermanentRefusal(error: unknown): boolean {
  const code = (error as { responseCode?: unknown } | null)?.responseCode;
  return typeof code === 'number' && code >= 500 && code < 600;
}

/**
 * A 5xx to `RCPT TO` refuses this recipient; a 5xx elsewhere (a refused login, a sender
 * the server will not relay for) says nothing about the address and marks nobody.
 */
function isRecipientRefused(error: unknown): boolean {
  return isPermanentRefusal(error) && (error as { command?: unknown }).command === 'RCPT TO';
}

function contentLanguage(locale: string): string {
  return locale === 'both' ? 'zh, en' : locale;
}

/** Sends everything due, batch after batch; returns how many went out. */
async function messageOf(row: OutboxRow, fromNameOf: DeliverOptions['fromNameOf'], compose: ComposeRow | undefined): Promise<MailMessage> {
  const composed = compose ? await compose(row) : null;
  const base = { outboxId: Number(row.id), to: row.recipient };
  if (composed) return { ...base, ...composed };
  return {
    ...base,
    fromName: await fromNameOf(row),
    language: contentLanguage(row.locale),
    subject: row.subject,
    text: row.text_body ?? '',
    html: row.html_body ?? '',
  };
}

/** The next batch: everything else as it comes, newsletter e-mails only as far as the rate allows now. */
async function claimBatch(db: Db, at: Date, batch: number, sendRate: number | undefined): Promise<OutboxRow[]> {
  if (sendRate === undefined) return claimDueEmails(db, at, batch);
  const others = await claimDueEmails(db, at, batch, undefined, { except: newsletterKinds });
  const allowed = Math.min(batch - others.length, sendAllowance(sendRate, await countRecentNewsletterEmails(db, at)));
  return allowed > 0 ? [...others, ...(await claimDueEmails(db, at, allowed, undefined, { only: newsletterKinds }))] : others;
}

export async function deliverDueEmails({ db, sender, fromNameOf, compose, now = () => new Date(), batch = 20, sendRate }: DeliverOptions): Promise<number> {
  let sent = 0;
  for (;;) {
    const rows = await claimBatch(db, now(), batch, sendRate);
    if (rows.length === 0) return sent;
    for (const row of rows) {
      try {
        await sender.send(await messageOf(row, fromNameOf, compose));
        await markEmailSent(db, Number(row.id), now());
        sent += 1;
      } catch (error) {
        const message = error instanceof Error ? error.message : String(error);
        const wait = retryBaseMs * 2 ** Math.max(0, Number(row.attempts) - 1);
        logger.warn({ outboxId: row.id, kind: row.kind, attempts: row.attempts, err: error }, 'an e-mail could not be sent');
        await markEmailFailed(db, row, message, isPermanentRefusal(error) ? null : new Date(now().getTime() + wait));
        if (isRecipientRefused(error)) await recordAddressEvent(db, { provider: 'smtp', eventId: `outbox-${row.id}`, kind: 'bounced', email: row.recipient }, now());
      }
    }
  }
}
