// Bounces and complaints recorded against members' addresses: each provider event kept
// once (`email_events`, UNIQUE provider + event id), the member's address marked by a
// conditional update (a complaint outranks a bounce; nothing is ever unmarked here), a
// complaint unsubscribing the member, and the newsletter e-mails still waiting for them
// dropped; a provider's own unsubscribe (Brevo) unsubscribes without marking. `isDeliverableMember` is the one condition newsletter recipients are chosen by.
import type { ExpressionBuilder, Kysely } from 'kysely';
import type { AddressEvent, AddressState } from '@/core/members/address-state';
import { normalizeEmail } from '@/core/members/member';
import type { Database } from '../schema';
import { inTransaction } from '../transaction';

/** For a query over `members as m`: the member's address was neither refused for good nor complained from. */
export function isDeliverableMember(eb: ExpressionBuilder<Database & { m: Database['members'] }, 'm'>) {
  return eb('m.address_state', 'is', null);
}

/** Marks one address; true when a member changed. Runs inside the caller's transaction. */
async function markAddress(trx: Kysely<Database>, email: string, kind: AddressState, now: Date): Promise<boolean> {
  const nowIso = now.toISOString();
  const marked = await trx
    .updateTable('members')
    .set({ address_state: kind, address_state_at: nowIso })
    .where('email', '=', normalizeEmail(email))
    .where((eb) => (kind === 'complained' ? eb.or([eb('address_state', 'is', null), eb('address_state', '=', 'bounced')]) : eb('address_state', 'is', null)))
    .returning('id')
    .executeTakeFirst();
  if (!marked) return false;
  const memberId = Number(marked.id);
  if (kind === 'complained') {
    await trx.updateTable('members').set({ status: 'unsubscribed', unsubscribed_at: nowIso }).where('id', '=', memberId).where('status', '!=', 'unsubscribed').execute();
  }
  // Newsletter e-mails already written for them and not yet claimed: not sent.
  await trx.deleteFrom('email_outbox').where('member_id', '=', memberId).where('send_id', 'is not', null).where('status', '=', 'pending').execute();
  return true;
}

/** The member unsubscribed by the provider's link: status `unsubscribed`, their waiting newsletter e-mails dropped. */
async function unsubscribeAddress(trx: Kysely<Database>, email: string, now: Date): Promise<boolean> {
  const left = await trx
    .updateTable('members')
    .set({ status: 'unsubscribed', unsubscribed_at: now.toISOString() })
    .where('email', '=', normalizeEmail(email))
    .where('status', '!=', 'unsubscribed')
    .returning('id')
    .executeTakeFirst();
  if (!left) return false;
  await trx.deleteFrom('email_outbox').where('member_id', '=', Number(left.id)).where('send_id', 'is not', null).where('status', '=', 'pending').execute();
  return true;
}

/**
 * Records a bounce or complaint (or a provider's unsubscribe) once: a second delivery of the same provider event (a
 * retried webhook, a replay) finds its id taken and changes nothing. Returns whether this
 * call changed a member.
 */
export async function recordAddressEvent(db: Kysely<Database>, event: AddressEvent, now: Date): Promise<{ isNew: boolean; changed: boolean }> {
  return inTransaction(db, async (trx) => {
    const inserted = await trx
      .insertInto('email_events')
      .values({ provider: event.provider, event_id: event.eventId.slice(0, 300), kind: event.kind, email: normalizeEmail(event.email).slice(0, 320), received_at: now.toISOString() })
      .onConflict((oc) => oc.columns(['provider', 'event_id']).doNothing())
      .returning('id')
      .executeTakeFirst();
    if (!inserted) return { isNew: false, changed: false };
    const changed = event.kind === 'unsubscribed' ? await unsubscribeAddress(trx, event.email, now) : await markAddress(trx, event.email, event.kind, now);
    return { isNew: true, changed };
  });
}

/** A member's address state by e-mail (tests, the member's data). */
export async function readAddressState(db: Kysely<Database>, email: string): Promise<AddressState | null> {
  const row = await db.selectFrom('members').select('address_state').where('email', '=', normalizeEmail(email)).executeTakeFirst();
  return (row?.address_state as AddressState | undefined) ?? null;
}
