// The invites table: single-use sign-up links, stored by the SHA-256 of their token. Which
// invite is still live (its inviter may still invite) is server/auth/invites.ts's rule.
import type { Kysely } from 'kysely';
import type { Database } from '../schema';

export interface NewInviteRow {
  tokenHash: string;
  email: string;
  role: string;
  invitedBy: string;
  createdAt: string;
  expiresAt: string;
}

/** An open invite with the role its inviter has now (null once the inviter is gone). */
export interface OpenInviteRow {
  id: number;
  email: string;
  role: string;
  expires_at: string;
  inviter_role: string | null;
  invited_by: string | null;
}

export function createInviteRepository(db: Kysely<Database>) {
  /** Not used and not expired at `now`. */
  const open = (now: Date) =>
    db
      .selectFrom('invites')
      .leftJoin('auth_users', 'auth_users.id', 'invites.invited_by')
      .select(['invites.id', 'invites.email', 'invites.role', 'invites.expires_at', 'invites.invited_by', 'auth_users.role as inviter_role'])
      .where('invites.accepted_at', 'is', null)
      .where('invites.expires_at', '>', now.toISOString());

  return {
    async insert(row: NewInviteRow): Promise<number> {
      const { id } = await db
        .insertInto('invites')
        .values({ token_hash: row.tokenHash, email: row.email, role: row.role, invited_by: row.invitedBy, created_at: row.createdAt, expires_at: row.expiresAt, accepted_at: null })
        .returning('id')
        .executeTakeFirstOrThrow();
      return id;
    },

    findOpen(tokenHash: string, now: Date): Promise<OpenInviteRow | undefined> {
      return open(now).where('invites.token_hash', '=', tokenHash).executeTakeFirst();
    },

    /** Newest first. */
    listOpen(now: Date): Promise<OpenInviteRow[]> {
      return open(now).orderBy('invites.id', 'desc').execute();
    },

    /** Deletes an invite not yet used; false when there is none. */
    async removeUnused(id: number): Promise<boolean> {
      const deleted = await db.deleteFrom('invites').where('id', '=', id).where('accepted_at', 'is', null).executeTakeFirst();
      return Number(deleted.numDeletedRows) > 0;
    },

    /** Marks an unused invite used, in one conditional update: of two simultaneous claims one wins. */
    async claim(id: number, now: Date): Promise<boolean> {
      const claimed = await db.updateTable('invites').set({ accepted_at: now.toISOString() }).where('id', '=', id).where('accepted_at', 'is', null).executeTakeFirst();
      return Number(claimed.numUpdatedRows) === 1;
    },

    /** Gives a claimed invite back (its account could not be made). */
    async release(id: number): Promise<void> {
      await db.updateTable('invites').set({ accepted_at: null }).where('id', '=', id).execute();
    },
  };
}
