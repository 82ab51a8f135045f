// A member's own account: a sign-in link (single use, written with its e-mail in one
// transaction), the session it opens, and what the member may change or take away: their
// language, their newsletters, whether they receive anything, a copy of their data, and
// the account itself. Tokens and sessions live in `member_tokens` by purpose, as hashes.
import type { Kysely } from 'kysely';
import { ownView, type Member, type MemberLanguage, type NewsletterChoice } from '@/core/members/member';
import type { TokenState } from '@/core/members/member-token';
import { enqueueEmail, type OutgoingEmail } from '../mail/email-outbox';
import type { Database } from '../schema';
import { inTransaction } from '../transaction';
import { spendToken } from './spend-token';
import { toMember } from './member-rows';

export interface SignInRecord {
  email: string;
  token: { hash: string; expiresAt: Date };
  /** The sign-in e-mail for this member (their language). */
  message: (member: Member) => OutgoingEmail;
  now: Date;
}

/**
 * Queues a sign-in link for a member who once confirmed their address (subscribed or
 * since unsubscribed); nothing for anyone else. The caller answers the same either way.
 */
export async function recordSignInRequest(db: Kysely<Database>, record: SignInRecord): Promise<boolean> {
  return inTransaction(db, async (trx) => {
    const row = await trx.selectFrom('members').selectAll().where('email', '=', record.email).where('confirmed_at', 'is not', null).executeTakeFirst();
    if (!row) return false;
    const member = toMember(row);
    const nowIso = record.now.toISOString();
    await trx
      .insertInto('member_tokens')
      .values({ member_id: member.id, token_hash: record.token.hash, purpose: 'sign-in', created_at: nowIso, expires_at: record.token.expiresAt.toISOString() })
      .execute();
    await enqueueEmail(trx, record.message(member), record.now);
    return true;
  });
}

export interface SessionOpening {
  state: TokenState;
  language: MemberLanguage | null;
}

/** Uses a sign-in token once and opens a session in its place. */
export async function openMemberSession(db: Kysely<Database>, signInHash: string, session: { hash: string; expiresAt: Date }, now: Date): Promise<SessionOpening> {
  return inTransaction(db, async (trx) => {
    const { state, language, memberId } = await spendToken(trx, signInHash, 'sign-in', now);
    if (memberId === null) return { state, language };
    const nowIso = now.toISOString();
    await trx
      .insertInto('member_tokens')
      .values({ member_id: memberId, token_hash: session.hash, purpose: 'session', created_at: nowIso, expires_at: session.expiresAt.toISOString() })
      .execute();
    return { state, language };
  });
}

/** The member a session cookie stands for, while the session lasts. */
export async function memberOfSession(db: Kysely<Database>, sessionHash: string, now: Date): Promise<Member | null> {
  const row = await db
    .selectFrom('member_tokens')
    .innerJoin('members', 'members.id', 'member_tokens.member_id')
    .select(['members.id', 'members.email', 'members.language', 'members.status', 'members.created_at', 'members.confirmed_at', 'members.unsubscribed_at'])
    .where('member_tokens.token_hash', '=', sessionHash)
    .where('member_tokens.purpose', '=', 'session')
    .where('member_tokens.used_at', 'is', null)
    .where('member_tokens.expires_at', '>', now.toISOString())
    .executeTakeFirst();
  return row ? toMember(row) : null;
}

export async function endMemberSession(db: Kysely<Database>, sessionHash: string, now: Date): Promise<void> {
  await db.updateTable('member_tokens').set({ used_at: now.toISOString() }).where('token_hash', '=', sessionHash).where('purpose', '=', 'session').execute();
}

/** Every newsletter of the site, each marked as chosen by this member or not. */
export async function newsletterChoices(db: Kysely<Database>, memberId: number): Promise<NewsletterChoice[]> {
  const [all, chosen] = await Promise.all([
    db.selectFrom('newsletters').select(['id', 'name_zh', 'name_en', 'description_zh', 'description_en']).orderBy('id').execute(),
    db.selectFrom('member_newsletters').select('newsletter_id').where('member_id', '=', memberId).execute(),
  ]);
  const ids = new Set(chosen.map((r) => Number(r.newsletter_id)));
  return all.map((n) => ({
    id: Number(n.id),
    name: { zh: n.name_zh, en: n.name_en },
    description: { zh: n.description_zh, en: n.description_en },
    chosen: ids.has(Number(n.id)),
  }));
}

/** The member's language and newsletters, as they chose them (unknown newsletter ids dropped). */
export async function saveMemberPreferences(db: Kysely<Database>, memberId: number, choice: { language: MemberLanguage; newsletters: readonly number[] }, now: Date): Promise<void> {
  await inTransaction(db, async (trx) => {
    await trx.updateTable('members').set({ language: choice.language }).where('id', '=', memberId).execute();
    const known = choice.newsletters.length > 0 ? await trx.selectFrom('newsletters').select('id').where('id', 'in', [...choice.newsletters]).execute() : [];
    await trx.deleteFrom('member_newsletters').where('member_id', '=', memberId).execute();
    if (known.length > 0) {
      await trx
        .insertInto('member_newsletters')
        .values(known.map((n) => ({ member_id: memberId, newsletter_id: Number(n.id), created_at: now.toISOString() })))
        .execute();
    }
  });
}

/**
 * Stops (or starts again) every newsletter for a confirmed member. Starting again is the
 * member's own act, signed in by a link from their mailbox: it clears a bounce or complaint mark.
 */
export async function setMemberSubscribed(db: Kysely<Database>, memberId: number, subscribed: boolean, now: Date): Promise<void> {
  await db
    .updateTable('members')
    .set(subscribed ? { status: 'subscribed', unsubscribed_at: null, address_state: null, address_state_at: null } : { status: 'unsubscribed', unsubscribed_at: now.toISOString() })
    .where('id', '=', memberId)
    .where('confirmed_at', 'is not', null)
    .execute();
}

export interface MemberData {
  member: Omit<Member, 'id'>;
  newsletters: { name: { zh: string; en: string } }[];
  emails: { kind: string; subject: string; status: string; createdAt: string; sentAt: string | null }[];
  sessions: { startedAt: string; expiresAt: string; endedAt: string | null }[];
  /** Bounces and complaints reported about their address (db/members/address-state.ts). */
  deliveryReports: { provider: string; kind: string; receivedAt: string }[];
}

/** Everything the site keeps about a member, for them to download. */
export async function memberData(db: Kysely<Database>, member: Member): Promise<MemberData> {
  const [newsletters, emails, sessions, reports] = await Promise.all([
    db
      .selectFrom('member_newsletters')
      .innerJoin('newsletters', 'newsletters.id', 'member_newsletters.newsletter_id')
      .select(['newsletters.name_zh', 'newsletters.name_en'])
      .where('member_newsletters.member_id', '=', member.id)
      .orderBy('newsletters.id')
      .execute(),
    db.selectFrom('email_outbox').select(['kind', 'subject', 'status', 'created_at', 'sent_at']).where('recipient', '=', member.email).orderBy('id').execute(),
    db.selectFrom('member_tokens').select(['created_at', 'expires_at', 'used_at']).where('member_id', '=', member.id).where('purpose', '=', 'session').orderBy('id').execute(),
    db.selectFrom('email_events').select(['provider', 'kind', 'received_at']).where('email', '=', member.email).orderBy('id').execute(),
  ]);
  return {
    member: ownView(member),
    newsletters: newsletters.map((n) => ({ name: { zh: n.name_zh, en: n.name_en } })),
    emails: emails.map((e) => ({ kind: e.kind, subject: e.subject, status: e.status, createdAt: e.created_at, sentAt: e.sent_at })),
    sessions: sessions.map((s) => ({ startedAt: s.created_at, expiresAt: s.expires_at, endedAt: s.used_at })),
    deliveryReports: reports.map((r) => ({ provider: r.provider, kind: r.kind, receivedAt: r.received_at })),
  };
}

/**
 * Deletes a member and what names them: their tokens and sessions, their newsletters, the
 * outbox's record of e-mails to their address (one not yet sent is not sent), and the
 * bounces and complaints reported about it.
 */
export async function deleteMember(db: Kysely<Database>, member: Member): Promise<void> {
  await inTransaction(db, async (trx) => {
    await trx.deleteFrom('email_outbox').where('recipient', '=', member.email).execute();
    await trx.deleteFrom('email_events').where('email', '=', member.email).execute();
    await trx.deleteFrom('member_tokens').where('member_id', '=', member.id).execute();
    await trx.deleteFrom('member_newsletters').where('member_id', '=', member.id).execute();
    await trx.deleteFrom('members').where('id', '=', member.id).execute();
  });
}
