// Members' rows: a subscription request and a confirmation, each in one transaction that
// re-reads the member it changes (on PostgreSQL locked FOR UPDATE), so two requests for
// one address at once make one member, and a confirmation link works once however many
// times it is opened together. The confirmation e-mail is queued in the same transaction
// as its token: both exist, or neither.
import type { Kysely, Transaction } from 'kysely';
import { isMemberLanguage, type Member, type MemberLanguage, type MemberStatus } from '@/core/members/member';
import type { TokenState } from '@/core/members/member-token';
import type { SubscriptionPlan } from '@/core/members/plan-subscription';
import type { Locale } from '@/core/locales';
import { enqueueEmail, type OutgoingEmail } from '../mail/email-outbox';
import { isPostgres } from '../dialect';
import type { Database } from '../schema';
import { inTransaction } from '../transaction';
import { spendToken } from './spend-token';

export type MemberRow = { id: number; email: string; language: string; status: string; created_at: string; confirmed_at: string | null; unsubscribed_at: string | null };

export function toMember(row: MemberRow): Member {
  return {
    id: Number(row.id),
    email: row.email,
    language: isMemberLanguage(row.language) ? row.language : 'both',
    status: row.status as MemberStatus,
    createdAt: row.created_at,
    confirmedAt: row.confirmed_at,
    unsubscribedAt: row.unsubscribed_at,
  };
}

async function readMember(trx: Transaction<Database>, email: string): Promise<Member | null> {
  const query = trx.selectFrom('members').selectAll().where('email', '=', email);
  const row = await (isPostgres(trx) ? query.forUpdate() : query).executeTakeFirst();
  return row ? toMember(row) : null;
}

export async function findMemberByEmail(db: Kysely<Database>, email: string): Promise<Member | null> {
  const row = await db.selectFrom('members').selectAll().where('email', '=', email).executeTakeFirst();
  return row ? toMember(row) : null;
}

/** The site's newsletters named after the site, made when the first reader subscribes. */
export async function ensureDefaultNewsletter(db: Kysely<Database>, names: Record<Locale, string>, now: Date): Promise<void> {
  const any = await db.selectFrom('newsletters').select('id').limit(1).executeTakeFirst();
  if (any) return;
  await db.insertInto('newsletters').values({ name_zh: names.zh, name_en: names.en, is_default: 1, created_at: now.toISOString() }).execute();
}

/** A member's newsletters: those named that exist, else the site's defaults. */
export async function setNewsletters(trx: Transaction<Database>, memberId: number, requested: readonly number[] | undefined, now: Date): Promise<void> {
  let ids: number[];
  if (requested && requested.length > 0) {
    // Only newsletters that exist; an unknown id is dropped rather than telling what exists.
    const rows = await trx.selectFrom('newsletters').select('id').where('id', 'in', [...requested]).execute();
    ids = rows.map((r) => Number(r.id));
  } else {
    ids = [];
  }
  if (ids.length === 0) {
    const defaults = await trx.selectFrom('newsletters').select('id').where('is_default', '=', 1).execute();
    ids = defaults.map((r) => Number(r.id));
  }
  await trx.deleteFrom('member_newsletters').where('member_id', '=', memberId).execute();
  if (ids.length > 0) {
    await trx.insertInto('member_newsletters').values(ids.map((id) => ({ member_id: memberId, newsletter_id: id, created_at: now.toISOString() }))).execute();
  }
}

export interface SubscriptionRecord {
  email: string;
  newsletters?: readonly number[];
  /** Decides from the member as this transaction sees it. */
  plan: (existing: Member | null) => SubscriptionPlan;
  token: { hash: string; expiresAt: Date };
  /** The confirmation e-mail for the language the plan settles on. */
  message: (language: MemberLanguage) => OutgoingEmail;
  /** The names of the newsletter a site gets with its first subscriber. */
  siteNames: Record<Locale, string>;
  now: Date;
}

/** Applies a subscription request; returns what was done (never shown to the requester). */
export async function recordSubscription(db: Kysely<Database>, record: SubscriptionRecord): Promise<SubscriptionPlan> {
  return inTransaction(db, async (trx) => {
    const nowIso = record.now.toISOString();
    let plan = record.plan(await readMember(trx, record.email));
    let memberId: number;
    if (plan.action === 'none') return plan;
    await ensureDefaultNewsletter(trx, record.siteNames, record.now);
    if (plan.action === 'create') {
      const inserted = await trx
        .insertInto('members')
        .values({ email: record.email, language: plan.language, status: 'pending', created_at: nowIso })
        .onConflict((oc) => oc.column('email').doNothing())
        .returning('id')
        .executeTakeFirst();
      if (!inserted) {
        // Another request made this member in the meantime: decide again from it.
        plan = record.plan(await readMember(trx, record.email));
        if (plan.action !== 'refresh') return plan;
      }
      memberId = inserted ? Number(inserted.id) : (plan as { memberId: number }).memberId;
    } else {
      memberId = plan.memberId;
    }
    if (plan.action === 'refresh') {
      await trx.updateTable('members').set({ language: plan.language, status: 'pending' }).where('id', '=', memberId).where('status', '!=', 'subscribed').execute();
    }
    await setNewsletters(trx, memberId, record.newsletters, record.now);
    await trx
      .insertInto('member_tokens')
      .values({ member_id: memberId, token_hash: record.token.hash, purpose: 'confirm', created_at: nowIso, expires_at: record.token.expiresAt.toISOString() })
      .execute();
    await enqueueEmail(trx, record.message(plan.language), record.now);
    return plan;
  });
}

export interface Confirmation {
  state: TokenState;
  /** The member the token belongs to (none for an unknown token). */
  language: MemberLanguage | null;
}

/** Uses a confirmation token: the member becomes subscribed, once. */
export async function confirmSubscription(db: Kysely<Database>, tokenHash: string, now: Date): Promise<Confirmation> {
  return inTransaction(db, async (trx) => {
    const { state, language, memberId } = await spendToken(trx, tokenHash, 'confirm', now);
    if (memberId === null) return { state, language };
    const nowIso = now.toISOString();
    // The link was opened from the mailbox: it takes mail again (a bounce or complaint mark is cleared).
    await trx.updateTable('members').set({ status: 'subscribed', confirmed_at: nowIso, unsubscribed_at: null, address_state: null, address_state_at: null }).where('id', '=', memberId).execute();
    // Any other confirmation link sent to this member is spent too.
    await trx.updateTable('member_tokens').set({ used_at: nowIso }).where('member_id', '=', memberId).where('purpose', '=', 'confirm').where('used_at', 'is', null).execute();
    const chosen = await trx.selectFrom('member_newsletters').select('newsletter_id').where('member_id', '=', memberId).limit(1).executeTakeFirst();
    if (!chosen) await setNewsletters(trx, memberId, undefined, now);
    return { state, language };
  });
}
