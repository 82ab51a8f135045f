// Invitations: a single-use link with a role and a seven-day expiry. Only the SHA-256 of
// the token is stored, so a database leak does not hand out working links.
import { createHash, randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Role } from '@/core/auth/permissions';
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

/** The open invite a token opens, or null (unknown, used or expired: one answer for all). */
export async function findOpenInvite(db: Kysely<Database>, token: string, now = new Date()): Promise<Invite | null> {
  const row = await db
    .selectFrom('invites')
    .select(['id', 'email', 'role', 'expires_at'])
    .where('token_hash', '=', hashToken(token))
    .where('accepted_at', 'is', null)
    .where('expires_at', '>', now.toISOString())
    .executeTakeFirst();
  return row ? { id: row.id, email: row.email, role: row.role as Role, expiresAt: row.expires_at } : null;
}

export async function listOpenInvites(db: Kysely<Database>, now = new Date()): Promise<Invite[]> {
  const rows = await db
    .selectFrom('invites')
    .select(['id', 'email', 'role', 'expires_at'])
    .where('accepted_at', 'is', null)
    .where('expires_at', '>', now.toISOString())
    .orderBy('id', 'desc')
    .execute();
  return rows.map((r) => ({ id: r.id, email: r.email, role: r.role as Role, expiresAt: r.expires_at }));
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
