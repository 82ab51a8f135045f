// Invitations: a single-use link with a role and a seven-day expiry. Only the SHA-256 of
// the token is stored, so a database leak does not hand out working links.
import { createHash, randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import { can, isRole, type Role } from '@/core/auth/permissions';
import { AppError } from '@/core/errors/app-error';
import type { Database } from '@/db/schema';
import { createAccount, normaliseEmail, type Account } from './accounts';

export const inviteLifetimeMs = 7 * 24 * 3600 * 1000;

const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

export interface Invite {
  id: number;
  email: string;
  role: Role;
  expiresAt: string;
}

export async function createInvite(db: Kysely<Database>, input: { email: string; role: Exclude<Role, 'owner'>; invitedBy: string }, now = new Date()): Promise<{ token: string; invite: Invite }> {
  const token = randomBytes(32).toString('base64url');
  const expiresAt = new Date(now.getTime() + inviteLifetimeMs).toISOString();
  const email = normaliseEmail(input.email);
  const taken = await db.selectFrom('auth_users').select('id').where('email', '=', email).executeTakeFirst();
  if (taken) throw new AppError('CONFLICT', 'This person already has an account.', { fields: { email: ['This e-mail address already has an account.'] } });
  const row = await db
    .insertInto('invites')
    .values({ token_hash: hashToken(token), email, role: input.role, invited_by: input.invitedBy, created_at: now.toISOString(), expires_at: expiresAt, accepted_at: null })
    .returning('id')
    .executeTakeFirstOrThrow();
  return { token, invite: { id: row.id, email, role: input.role, expiresAt } };
}

interface InviteRow {
  id: number;
  email: string;
  role: string;
  expires_at: string;
  inviter_role: string | null;
  invited_by: string | null;
}

/**
 * An invite lives only as long as the person who made it may still make it: once the
 * inviter is removed or loses the right to invite (a role change), their open links die.
 */
function isLive(row: InviteRow): boolean {
  if (!isRole(row.role)) return false;
  if (row.invited_by === null || !isRole(row.inviter_role)) return false;
  return can({ id: row.invited_by, role: row.inviter_role }, 'user.invite', { kind: 'user', role: row.role });
}

function openInvites(db: Kysely<Database>, now: Date) {
  return db
    .selectFrom('invites')
    .leftJoin('auth_users', 'auth_users.id', 'invites.invited_by')
    .select(['invites.id', 'invites.email', 'invites.role', 'invites.expires_at', 'invites.invited_by', 'auth_users.role as inviter_role'])
    .where('invites.accepted_at', 'is', null)
    .where('invites.expires_at', '>', now.toISOString());
}

const toInvite = (r: InviteRow): Invite => ({ id: r.id, email: r.email, role: r.role as Role, expiresAt: r.expires_at });

/** The open invite a token opens, or null (unknown, used, expired, revoked or dead: one answer for all). */
export async function findOpenInvite(db: Kysely<Database>, token: string, now = new Date()): Promise<Invite | null> {
  const row = await openInvites(db, now).where('invites.token_hash', '=', hashToken(token)).executeTakeFirst();
  return row && isLive(row) ? toInvite(row) : null;
}

export async function listOpenInvites(db: Kysely<Database>, now = new Date()): Promise<Invite[]> {
  const rows = await openInvites(db, now).orderBy('invites.id', 'desc').execute();
  return rows.filter(isLive).map(toInvite);
}

/** Takes back an invite that has not been used; its link stops working at once. */
export async function revokeInvite(db: Kysely<Database>, id: number): Promise<void> {
  const deleted = await db.deleteFrom('invites').where('id', '=', id).where('accepted_at', 'is', null).executeTakeFirst();
  if (Number(deleted.numDeletedRows) === 0) throw new AppError('NOT_FOUND', 'There is no such open invite.', { fields: { id: ['No such invite.'] } });
}

/**
 * Uses the invite: claimed by one conditional update, so two simultaneous uses of the same
 * link make one account; given back if the account cannot be made.
 */
export async function acceptInvite(db: Kysely<Database>, token: string, input: { name: string; password: string }, now = new Date()): Promise<Account> {
  const invite = await findOpenInvite(db, token, now);
  const invalid = () => new AppError('NOT_FOUND', 'This invite link is not valid: it was used already, has expired, or was mistyped.', { fields: { token: ['Not a valid invite.'] } });
  if (!invite) throw invalid();
  const claimed = await db
    .updateTable('invites')
    .set({ accepted_at: now.toISOString() })
    .where('id', '=', invite.id)
    .where('accepted_at', 'is', null)
    .executeTakeFirst();
  if (Number(claimed.numUpdatedRows) !== 1) throw invalid();
  try {
    return await createAccount(db, { name: input.name, email: invite.email, password: input.password, role: invite.role });
  } catch (error) {
    await db.updateTable('invites').set({ accepted_at: null }).where('id', '=', invite.id).execute();
    throw error;
  }
}
