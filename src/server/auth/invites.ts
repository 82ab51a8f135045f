// Invitations: a single-use link with a role and a seven-day expiry. Only the SHA-256 of
// the token is stored, so a database leak does not hand out working links.
import { createHash, randomBytes } from 'node:crypto';
import { can, isRole, type Role } from '@/core/auth/permissions';
import { AppError } from '@/core/errors/app-error';
import type { Db } from '@/db/client';
import { createAccountRepository } from '@/db/repositories/accounts';
import { createInviteRepository, type OpenInviteRow } from '@/db/repositories/invites';
import { createAccount, normaliseEmail, type Account } from './accounts';

export const inviteLifetimeMs = 7 * 24 * 3600 * 1000;

const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

export interface Invite {
  id: number;
  email: string;
  role: Role;
  expiresAt: string;
}

export async function createInvite(db: Db, input: { email: string; role: Exclude<Role, 'owner'>; invitedBy: string }, now = new Date()): Promise<{ token: string; invite: Invite }> {
  const token = randomBytes(32).toString('base64url');
  const expiresAt = new Date(now.getTime() + inviteLifetimeMs).toISOString();
  const email = normaliseEmail(input.email);
  if (await createAccountRepository(db).findByEmail(email)) throw new AppError('CONFLICT', 'This person already has an account.', { fields: { email: ['This e-mail address already has an account.'] } });
  const id = await createInviteRepository(db).insert({ tokenHash: hashToken(token), email, role: input.role, invitedBy: input.invitedBy, createdAt: now.toISOString(), expiresAt });
  return { token, invite: { id, email, role: input.role, expiresAt } };
}

/**
 * An invite lives only as long as the person who made it may still make it: once the
 * inviter is removed or loses the right to invite (a role change), their open links die.
 */
function isLive(row: OpenInviteRow): boolean {
  if (!isRole(row.role)) return false;
  if (row.invited_by === null || !isRole(row.inviter_role)) return false;
  return can({ id: row.invited_by, role: row.inviter_role }, 'user.invite', { kind: 'user', role: row.role });
}

const toInvite = (r: OpenInviteRow): Invite => ({ id: r.id, email: r.email, role: r.role as Role, expiresAt: r.expires_at });

/** The open invite a token opens, or null (unknown, used, expired, revoked or dead: one answer for all). */
export async function findOpenInvite(db: Db, token: string, now = new Date()): Promise<Invite | null> {
  const row = await createInviteRepository(db).findOpen(hashToken(token), now);
  return row && isLive(row) ? toInvite(row) : null;
}

export async function listOpenInvites(db: Db, now = new Date()): Promise<Invite[]> {
  const rows = await createInviteRepository(db).listOpen(now);
  return rows.filter(isLive).map(toInvite);
}

/** Takes back an invite that has not been used; its link stops working at once. */
export async function revokeInvite(db: Db, id: number): Promise<void> {
  if (!(await createInviteRepository(db).removeUnused(id))) throw new AppError('NOT_FOUND', 'There is no such open invite.', { fields: { id: ['No such invite.'] } });
}

/**
 * Uses the invite: claimed by one conditional update, so two simultaneous uses of the same
 * link make one account; given back if the account cannot be made.
 */
export async function acceptInvite(db: Db, token: string, input: { name: string; password: string }, now = new Date()): Promise<Account> {
  const invite = await findOpenInvite(db, token, now);
  const invalid = () => new AppError('NOT_FOUND', 'This invite link is not valid: it was used already, has expired, or was mistyped.', { fields: { token: ['Not a valid invite.'] } });
  if (!invite) throw invalid();
  const invites = createInviteRepository(db);
  if (!(await invites.claim(invite.id, now))) throw invalid();
  try {
    return await createAccount(db, { name: input.name, email: invite.email, password: input.password, role: invite.role });
  } catch (error) {
    await invites.release(invite.id);
    throw error;
  }
}
